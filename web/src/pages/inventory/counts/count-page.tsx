import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function CountPage() {
  const { title, description } = areaFor('/inventory/counts/:countId');
  return <AreaUnavailablePage area={title} description={description} />;
}
