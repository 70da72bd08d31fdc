import { describe, expect, it } from 'vitest';
import routerSource from '../../app/router.tsx?raw';
import { areas } from './areas.ts';

const rows = Object.entries(areas);
// The route table, read as text: which paths still render the "not available yet" page.
const unbuiltRoutes = new Set([...routerSource.matchAll(/area\('([^']+)'/g)].map((match) => match[1]));

describe('areas not available yet', () => {
  it('are spec routes, each with a name and one sentence on what it will do', () => {
    for (const [path, area] of rows) {
      expect(path).toMatch(/^\/[a-z0-9/:-]+$/i);
      expect(area.title.trim()).not.toBe('');
      expect(area.description).toMatch(/^It will .+\.$/);
      expect(area.description.length).toBeLessThan(160);
    }
  });

  it('hold exactly the routes that have no screen yet: a built screen leaves the table', () => {
    expect(new Set(Object.keys(areas))).toEqual(unbuiltRoutes);
  });
});
