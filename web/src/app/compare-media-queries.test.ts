import { describe, expect, it } from 'vitest';
import { compareMediaQueries } from './compare-media-queries.ts';

const sorted = (queries: string[]) => [...queries].sort(compareMediaQueries);

describe('compareMediaQueries', () => {
  it('puts wider max-width queries first so narrower ones win on small screens', () => {
    expect(sorted(['(max-width: 420px)', '(max-width: 960px)', '(max-width: 600px)'])).toEqual([
      '(max-width: 960px)',
      '(max-width: 600px)',
      '(max-width: 420px)',
    ]);
  });

  it('keeps non-width queries before width queries and min-width after max-width', () => {
    expect(sorted(['(min-width: 1200px)', '(max-width: 600px)', '(forced-colors: active)', '(min-width: 700px)'])).toEqual([
      '(forced-colors: active)',
      '(max-width: 600px)',
      '(min-width: 700px)',
      '(min-width: 1200px)',
    ]);
  });
});
