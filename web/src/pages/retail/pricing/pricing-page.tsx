import { areaFor } from '../../../features/shell/areas.ts';
import { AreaUnavailablePage } from '../../../pages/unavailable/area-unavailable-page.tsx';

export function PricingPage() {
  const { title, description } = areaFor('/retail/pricing');
  return <AreaUnavailablePage area={title} description={description} />;
}
