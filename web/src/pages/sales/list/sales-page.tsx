import { SalesView } from './sales-view.tsx';

/** /sales: every sale from every channel, with its lines, costs and profit (the counter is Retail Sales). */
export function SalesPage() {
  return (
    <SalesView
      title="All Sales"
      description="Every order from every channel, with fees, cost of goods and profit. Open one to cancel, refund or print its packing slip."
      route="/sales"
      emptyTitle="No sales yet"
      emptyText="Sales appear here as your channels send orders. Record a phone or DM order yourself with New order."
    />
  );
}
