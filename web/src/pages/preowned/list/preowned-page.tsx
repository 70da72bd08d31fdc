import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function PreownedPage() {
  const { title, description } = areaFor('/preowned');
  return <AreaUnavailablePage area={title} description={description} />;
}
