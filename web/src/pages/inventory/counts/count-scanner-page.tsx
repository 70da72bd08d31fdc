import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function CountScannerPage() {
  const { title, description } = areaFor('/inventory/counts/:countId/scanner');
  return <AreaUnavailablePage area={title} description={description} />;
}
