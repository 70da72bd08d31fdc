import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function SalesChannelsPage() {
  const { title, description } = areaFor('/sales-channels');
  return <AreaUnavailablePage area={title} description={description} />;
}
