import { describe, expect, it } from 'vitest';
import { conditionKind } from './captured-listing.ts';
import { htmlDocument } from './fixture-pages.test-support.ts';
import { explicitStyleCode, looksLikeStyleCode, mapSpecifics, sizeInText, styleCodeInText } from './item-specifics.ts';
import { amountToCents, assignedState, jsonLdProduct, parsePriceText, schemaPrice } from './structured-data.ts';

describe('structured data', () => {
  it('finds a Product inside an @graph and prices an AggregateOffer by its low price', () => {
    const doc = htmlDocument(
      `<html><head><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebPage', name: 'x' },
          { '@type': 'Product', name: 'Dunk', offers: { '@type': 'AggregateOffer', lowPrice: 89.5, highPrice: 120, priceCurrency: 'usd' } },
        ],
      })}</script><script type="application/ld+json">{ not json</script></head></html>`,
    );
    const product = jsonLdProduct(doc);
    expect(product?.name).toBe('Dunk');
    expect(product === null ? null : schemaPrice(product)).toEqual({ cents: 8950, currency: 'USD' });
  });

  it('reads state a page assigns in an inline script, braces inside strings included', () => {
    const doc = htmlDocument(
      `<html><body><script>window.__INITIAL_STATE__ = {"item":{"title":"A {curly} \\"title\\"","price":12}};window.other = 1;</script></body></html>`,
    );
    expect(assignedState(doc, '__INITIAL_STATE__')).toEqual({ item: { title: 'A {curly} "title"', price: 12 } });
    expect(assignedState(doc, '__MISSING__')).toBeUndefined();
  });

  it('turns amounts and printed prices into minor units', () => {
    expect(amountToCents('1,299.00', 'USD')).toBe(129900);
    expect(amountToCents('1.299,5', 'EUR')).toBe(129950);
    expect(amountToCents(3000, 'JPY')).toBe(3000);
    expect(amountToCents('12.345', 'USD')).toBe(1234500);
    expect(amountToCents('abc', 'USD')).toBeNull();
    expect(parsePriceText('US $189.99')).toEqual({ cents: 18999, currency: 'USD' });
    expect(parsePriceText('Current bid: $95')).toEqual({ cents: 9500, currency: 'USD' });
    expect(parsePriceText('1.200', 'JPY')).toEqual({ cents: 1200, currency: 'JPY' });
    expect(parsePriceText('Make an offer')).toBeNull();
  });

  it('maps item specifics by their labels, preferring a US size and a real style code', () => {
    const mapped = mapSpecifics([
      ['UK Shoe Size', '9'],
      ["US Shoe Size (Men's)", '10'],
      ['Style', 'Sneaker'],
      ['Manufacturer Part Number', 'DZ5485-612'],
      ['Color:', 'Red'],
      ['Brand', 'Unbranded'],
      ['Custom Label (SKU)', 'AJ1-10'],
      ['Features', 'Cushioned'],
    ]);
    expect(mapped).toEqual({
      brand: null,
      style_code: 'DZ5485-612',
      colour: 'Red',
      size: '10',
      sku: 'AJ1-10',
      condition: null,
      others: { Style: 'Sneaker', Features: 'Cushioned' },
    });
  });

  it('takes any brand’s style code from the specific that names it, a model only when it is one code-like word', () => {
    // Shapes from issue #17: adidas GW2871, New Balance M990GL6, Puma 193990-16 (beside its 'Idset_Mpn').
    expect(mapSpecifics([['Style Code', 'GW2871']]).style_code).toBe('GW2871');
    expect(mapSpecifics([['Style', 'M990GL6']]).style_code).toBe('M990GL6');
    expect(
      explicitStyleCode([
        ['MPN', '193990-21'],
        ['Style Code', '193990-16'],
      ]),
    ).toBe('193990-16');
    expect(
      explicitStyleCode([
        ['MPN', '193990-21'],
        ['Style', 'Sneaker'],
      ]),
    ).toBeNull();
    expect(mapSpecifics([['Model', '990v6']]).style_code).toBe('990v6');
    expect(mapSpecifics([['Model', 'Jordan 1']])).toMatchObject({ style_code: null, others: { Model: 'Jordan 1' } });
    expect(
      mapSpecifics([
        ['Model', 'M990GL6'],
        ['MPN', 'M990GL6-D'],
      ]).style_code,
    ).toBe('M990GL6-D');
  });

  it('spots style codes and sizes in titles', () => {
    expect(styleCodeInText('Air Jordan 4 Military Black dh6927-111 sz 10')).toBe('DH6927-111');
    expect(styleCodeInText('Nike SB Dunk 304292-030')).toBe('304292-030');
    expect(styleCodeInText('Vintage Nike Windbreaker 1994')).toBeNull();
    expect(sizeInText("Jordan 1 Men's Size 10.5 DZ5485")).toBe('10.5');
    expect(sizeInText('Dunk Low GS sz 7Y')).toBe('7Y');
    expect(looksLikeStyleCode('Athletic')).toBe(false);
  });

  it('reads condition wording as a catalog condition only when it is clear', () => {
    expect(conditionKind('New with box')).toBe('new');
    expect(conditionKind('New with defects')).toBe('new_with_defects');
    expect(conditionKind('Pre-owned')).toBe('pre_owned');
    expect(conditionKind('Used')).toBe('pre_owned');
    expect(conditionKind('For parts or not working')).toBeNull();
  });
});
