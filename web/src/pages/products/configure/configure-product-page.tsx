import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function ConfigureProductPage() {
  const { title, description } = areaFor('/products/:productId/configure');
  return <AreaUnavailablePage area={title} description={description} />;
}
