import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function SalesChannelsManagementPage() {
  const { title, description } = areaFor('/sales-channels-management');
  return <AreaUnavailablePage area={title} description={description} />;
}
