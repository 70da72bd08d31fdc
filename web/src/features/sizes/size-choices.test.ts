import { describe, expect, it } from 'vitest';
import { searchSizeChoices, sizeChoices } from './size-choices.ts';

const choices = sizeChoices([
  { id: 'us-men', name: 'US Men', sizes: ['10', '10.5', '11'], labels: ['US M 10', 'US M 10.5', 'US M 11'], business: null },
  { id: 'us-women', name: 'US Women', sizes: ['10.5', '12'], labels: ['US W 10.5', 'US W 12'], business: null },
  { id: 'eu', name: 'EU', sizes: ['44', '44 2/3', '44.5'], labels: ['EU 44', 'EU 44 2/3', 'EU 44.5'], business: null },
  {
    id: 'custom:0190a000-0000-7000-8000-000000000002',
    name: 'Rings',
    sizes: ['Ring 7'],
    labels: ['Ring 7'],
    business: { id: '0190a000-0000-7000-8000-000000000009', name: 'Sole Shop' },
  },
]);
const labels = (query: string) => searchSizeChoices(choices, query).map((choice) => choice.label);

describe('searchSizeChoices', () => {
  it('finds by label words in any order, and by format name', () => {
    expect(labels('eu 44')).toEqual(['EU 44', 'EU 44 2/3', 'EU 44.5']);
    expect(labels('10.5 w')).toEqual(['US W 10.5']);
    expect(labels('women')).toEqual(['US W 10.5', 'US W 12']);
    expect(labels('ring')).toEqual(['Ring 7']);
  });

  it('puts an exact size or label first', () => {
    expect(labels('10.5')).toEqual(['US M 10.5', 'US W 10.5']);
    expect(labels('eu 44.5')[0]).toBe('EU 44.5');
  });

  it('lists everything for an empty query, up to the limit', () => {
    expect(searchSizeChoices(choices, '  ', 3)).toHaveLength(3);
    expect(labels('zz')).toEqual([]);
  });
});
