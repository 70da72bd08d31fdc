import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function FailedOrdersPage() {
  const { title, description } = areaFor('/failed-orders');
  return <AreaUnavailablePage area={title} description={description} />;
}
