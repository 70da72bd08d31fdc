import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { LazyRoute, pageLoader } from './lazy-page.tsx';

// The unit project runs in Node without a DOM: the page is prerendered, which waits for its code.

async function markup(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

const ProductsPage = () => <p>products</p>;
const SalesPage = () => <p>sales</p>;

describe('a lazy page', () => {
  it('preloaded at start-up, its code is asked for once, and the first render uses that load', async () => {
    const load = vi.fn(async () => ({ ProductsPage }));
    const loader = pageLoader(load, 'ProductsPage');
    loader.preload();
    loader.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await markup(<LazyRoute loader={loader} props={{}} />)).toContain('products');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not preloaded, its code is asked for by the first render', async () => {
    const load = vi.fn(async () => ({ SalesPage }));
    const loader = pageLoader(load, 'SalesPage');
    expect(load).not.toHaveBeenCalled();
    expect(await markup(<LazyRoute loader={loader} props={{}} />)).toContain('sales');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
