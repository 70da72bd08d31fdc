import { describe, expect, it } from 'vitest';
import { areas } from './areas.ts';

const rows = Object.entries(areas);

describe('areas not available yet', () => {
  it('are spec routes, each with a name and one sentence on what it will do', () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const [path, area] of rows) {
      expect(path).toMatch(/^\/[a-z0-9/:-]+$/i);
      expect(area.title.trim()).not.toBe('');
      expect(area.description).toMatch(/^It will .+\.$/);
      expect(area.description.length).toBeLessThan(160);
    }
  });
});
