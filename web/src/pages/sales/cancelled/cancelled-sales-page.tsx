import { SalesView } from '../list/sales-view.tsx';

/** /cancelled-sales: the sales list with its status fixed to cancelled. */
export function CancelledSalesPage() {
  return (
    <SalesView
      title="Cancelled Sales"
      description="Orders cancelled before they shipped. Their units went back to available stock when they were cancelled."
      fixedStatus="cancelled"
      emptyText="No order has been cancelled. Cancel one from its drawer on the Sales page; its units return to stock at once."
    />
  );
}
