import { SalesView } from '../list/sales-view.tsx';

/** /cancelled-sales: the sales list with its status fixed to cancelled. */
export function CancelledSalesPage() {
  return (
    <SalesView
      title="Cancelled Sales"
      description="Orders cancelled before they shipped. Their units went back to available stock when they were cancelled."
      fixedStatus="cancelled"
      route="/cancelled-sales"
      emptyTitle="No cancelled sales"
      emptyText="Cancel an order from its drawer on All Sales; its units return to available stock at once."
    />
  );
}
