import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function CancelledSalesPage() {
  const { title, description } = areaFor('/cancelled-sales');
  return <AreaUnavailablePage area={title} description={description} />;
}
