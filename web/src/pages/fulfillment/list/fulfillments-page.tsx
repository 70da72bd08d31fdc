import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function FulfillmentsPage() {
  const { title, description } = areaFor('/fulfillments');
  return <AreaUnavailablePage area={title} description={description} />;
}
