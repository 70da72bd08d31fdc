import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function RetailFulfillmentsPage() {
  const { title, description } = areaFor('/retail/fulfillments');
  return <AreaUnavailablePage area={title} description={description} />;
}
