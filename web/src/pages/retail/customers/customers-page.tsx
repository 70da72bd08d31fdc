import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function CustomersPage() {
  const { title, description } = areaFor('/retail/customers');
  return <AreaUnavailablePage area={title} description={description} />;
}
