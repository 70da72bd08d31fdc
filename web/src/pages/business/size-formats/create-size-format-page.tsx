import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function CreateSizeFormatPage() {
  const { title, description } = areaFor('/business/size-formats/create');
  return <AreaUnavailablePage area={title} description={description} />;
}
