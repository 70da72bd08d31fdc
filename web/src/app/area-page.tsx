import { type AreaPath, areaFor } from '../features/shell/areas.ts';
import { AreaUnavailablePage } from '../pages/unavailable/area-unavailable-page.tsx';

/**
 * The "not available yet" page of a route in areas.ts, named and described by its row. Loaded with
 * the page, so the table of every unbuilt area is not part of the first screen (issue #16).
 */
export function AreaPage({ path }: { path: AreaPath }) {
  const { title, description } = areaFor(path);
  return <AreaUnavailablePage area={title} description={description} />;
}
