import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function PreownedDraftsPage() {
  const { title, description } = areaFor('/preowned/drafts');
  return <AreaUnavailablePage area={title} description={description} />;
}
