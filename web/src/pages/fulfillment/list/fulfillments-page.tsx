import { FulfillmentsView } from './fulfillments-view.tsx';

/** /fulfillments: every channel's orders from pending to shipped. The fulfillment role's home. */
export function FulfillmentsPage() {
  return (
    <FulfillmentsView
      title="Fulfillments"
      route="/fulfillments"
      description="Orders waiting to be picked, packed and shipped, oldest first. Scanning mode checks every item against the order."
    />
  );
}
