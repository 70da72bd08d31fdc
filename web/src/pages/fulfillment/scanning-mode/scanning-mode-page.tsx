import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function ScanningModePage() {
  const { title, description } = areaFor('/scanning-mode');
  return <AreaUnavailablePage area={title} description={description} />;
}
