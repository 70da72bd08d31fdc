import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { PageLoading } from './page-loading.tsx';

/**
 * A route element whose page code loads on first visit. Pages use named exports, so the export to
 * render is named here. (Chunk-load retries and the recovery screen of spec §2, §9 hook in here.)
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ReactElement {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
