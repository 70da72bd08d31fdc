import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function SizeMatchingPage() {
  const { title, description } = areaFor('/admin/manual-size-conversion-matching');
  return <AreaUnavailablePage area={title} description={description} />;
}
