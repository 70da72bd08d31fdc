import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CatalogPricePreview, type CatalogSize, readCatalogChange } from './catalog-price-dialog.tsx';

// The bulk catalog price dialog shows old → new for the first sizes before anything runs, by the
// rule the batch applies on the server (shared catalogPriceOutcome). The unit project runs in Node
// without a DOM: the preview is rendered to markup and read as text.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const size = (n: number, priceCents: number | null, title = 'Dunk Low Retro Panda'): CatalogSize => ({
  variantId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  label: `${title} · ${7 + n}`,
  priceCents,
});

const render = (sizes: CatalogSize[], change: ReturnType<typeof readCatalogChange>) => {
  if (typeof change === 'string') throw new Error(change);
  return text(renderToStaticMarkup(<CatalogPricePreview sizes={sizes} change={change} currency="USD" />));
};

describe('CatalogPricePreview', () => {
  it('shows old → new for the first five sizes, 10% off rounded up to .99, and how many change', () => {
    const sizes = [size(0, 15_000), size(1, 12_340), size(2, 12_399), size(3, 8_000), size(4, 20_000), size(5, 15_000), size(6, 15_000)];
    const shown = render(sizes, readCatalogChange('percent', '-10', 'USD', true));
    expect(shown).toContain('The first 5 of 7 sizes:');
    expect(shown).toContain('Dunk Low Retro Panda · 7: $150.00 → $135.99');
    // 123.40 less 10% is 111.06: up to 111.99. 123.99 less 10% is 111.59: up to 111.99.
    expect(shown).toContain('Dunk Low Retro Panda · 8: $123.40 → $111.99');
    expect(shown).toContain('Dunk Low Retro Panda · 9: $123.99 → $111.99');
    expect(shown).toContain('Dunk Low Retro Panda · 11: $200.00 → $180.99');
    expect(shown).not.toContain('· 12:');
    expect(shown).toContain('7 sizes change.');
  });

  it('says which sizes keep their price and why: one that would fall to 0, one without a price', () => {
    const shown = render([size(0, 1_500), size(1, 500), size(2, null)], readCatalogChange('amount', '-10', 'USD', false));
    expect(shown).toContain('New prices:');
    expect(shown).toContain('· 7: $15.00 → $5.00');
    expect(shown).toContain('· 8: $5.00 → The new price would be 0 or less, so this size keeps its price');
    expect(shown).toContain('· 9: no price → This size has no price to change: set one price for it instead');
    expect(shown).toContain('1 size changes; 2 keep their prices and will show as failed with the reason.');
  });

  it('a set price applies to sizes without a price too, and .99 leaves a price ending in .99 as it is', () => {
    const shown = render([size(0, null), size(1, 15_000)], readCatalogChange('set', '129.99', 'USD', true));
    expect(shown).toContain('· 7: no price → $129.99');
    expect(shown).toContain('· 8: $150.00 → $129.99');
  });

  it('reads what is typed, refusing what the server would refuse', () => {
    expect(readCatalogChange('percent', '-12.5', 'USD', false)).toEqual({ kind: 'percent', basis_points: -1250, round_to_99: false });
    expect(readCatalogChange('amount', '-5', 'USD', true)).toEqual({ kind: 'amount', cents: -500, round_to_99: true });
    expect(readCatalogChange('percent', '0', 'USD', false)).toBe('Enter a change other than 0%');
    expect(readCatalogChange('percent', '-100', 'USD', false)).toMatch(/^Enter a change between/);
    expect(readCatalogChange('amount', '0', 'USD', false)).toBe('Enter an amount other than 0');
    expect(readCatalogChange('set', 'abc', 'USD', false)).toBe('Enter a price such as 129.99');
  });
});
