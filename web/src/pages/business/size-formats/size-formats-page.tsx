import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function SizeFormatsPage() {
  const { title, description } = areaFor('/business/size-formats');
  return <AreaUnavailablePage area={title} description={description} />;
}
