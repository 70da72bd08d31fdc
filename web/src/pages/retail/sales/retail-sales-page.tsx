import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function RetailSalesPage() {
  const { title, description } = areaFor('/retail/sales');
  return <AreaUnavailablePage area={title} description={description} />;
}
