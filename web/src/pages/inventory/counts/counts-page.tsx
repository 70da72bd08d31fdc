import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function CountsPage() {
  const { title, description } = areaFor('/inventory/counts');
  return <AreaUnavailablePage area={title} description={description} />;
}
