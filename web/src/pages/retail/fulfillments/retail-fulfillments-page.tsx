import { retailChannels } from '../../../features/fulfillment/fulfillment-model.ts';
import { FulfillmentsView } from '../../fulfillment/list/fulfillments-view.tsx';

/** retail/fulfillments: the same pick list, limited to the store and the online shop. */
export function RetailFulfillmentsPage() {
  return (
    <FulfillmentsView
      title="Retail Fulfillments"
      description="Store and online shop orders to pick, pack and ship or hand over, oldest first."
      channels={retailChannels}
    />
  );
}
