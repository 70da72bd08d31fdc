import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShippingAddressBlock } from './shipping-address.tsx';

// Rendered to markup in Node (no DOM) and read as text.
const text = (html: string) =>
  html
    .replace(/<\/span>/g, ' | ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s*\|\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('ShippingAddressBlock', () => {
  it('writes the address as on a label, with the phone apart and the customer when the address names nobody', () => {
    const html = renderToStaticMarkup(
      <ShippingAddressBlock
        address={{
          name: null,
          line1: '12 Market Street',
          line2: 'Apt 4',
          city: 'Portland',
          region: 'OR',
          postal_code: '97201',
          country: 'US',
          phone: '+1 503 555 0142',
        }}
        fallbackName="Ana Ruiz"
      />,
    );
    expect(html).toContain('<address');
    expect(text(html)).toBe('Ana Ruiz | 12 Market Street | Apt 4 | Portland, OR 97201 | UNITED STATES | Phone +1 503 555 0142');
  });

  it('says when there is nothing to ship to', () => {
    expect(text(renderToStaticMarkup(<ShippingAddressBlock address={null} fallbackName="Ana Ruiz" />))).toBe(
      'No shipping address — pickup or in-store',
    );
  });
});
