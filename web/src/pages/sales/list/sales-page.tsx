import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function SalesPage() {
  const { title, description } = areaFor('/sales');
  return <AreaUnavailablePage area={title} description={description} />;
}
