import { areaFor } from '../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../pages/unavailable/area-unavailable-page.tsx';

export function PickRulesPage() {
  const { title, description } = areaFor('/pick-rules');
  return <AreaUnavailablePage area={title} description={description} />;
}
