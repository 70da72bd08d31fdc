import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function TransferPage() {
  const { title, description } = areaFor('/inventory/transfer');
  return <AreaUnavailablePage area={title} description={description} />;
}
