import type { FailedListing } from '@tradepost/shared/schemas/sync.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FailedListingsSection } from './failed-listings-section.tsx';

// The unit project runs in Node without a DOM: the section is rendered to markup and read as text.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const listings: FailedListing[] = [
  {
    listing_id: id(1),
    product_id: id(2),
    title: 'Dunk Low Panda',
    status: 'error',
    message: 'eBay refused: The category is not valid. (errorId 25005)',
    failed_at: '2026-11-27T12:00:00Z',
  },
  {
    listing_id: id(3),
    product_id: id(4),
    title: 'Samba OG',
    status: 'active',
    message: 'eBay did not answer properly: 500 Internal Server Error',
    failed_at: '2026-11-27T11:00:00Z',
  },
];

const render = (items: FailedListing[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <FailedListingsSection connectionId={id(9)} platform="eBay" listings={items} />
    </MemoryRouter>,
  );

describe('FailedListingsSection', () => {
  it('lists each failed listing with a link to its product and the platform’s message', () => {
    const html = render(listings);
    expect(html).toMatch(new RegExp(`<section aria-labelledby="failed-listings-${id(9)}"`));
    expect(text(html)).toContain('Failed listings (2)');
    expect(html).toContain('aria-label="eBay listings whose last call failed"');
    expect(html).toContain(`href="/products/${id(2)}/configure"`);
    expect(html).toContain(`href="/products/${id(4)}/configure"`);
    const rows = (html.split('<tbody>')[1] ?? '').split('</tr>').filter((row) => row.includes('<td'));
    expect(rows).toHaveLength(2);
    expect(text(rows[0] ?? '')).toContain('Dunk Low Panda');
    expect(text(rows[0] ?? '')).toContain('Not listed');
    expect(text(rows[0] ?? '')).toContain('eBay refused: The category is not valid. (errorId 25005)');
    expect(text(rows[1] ?? '')).toContain('Still live; the last change did not reach it');
    expect(text(rows[1] ?? '')).toContain('500 Internal Server Error');
  });

  it('says so when every listing went through', () => {
    const html = render([]);
    expect(text(html)).toContain('Every listing on eBay went through.');
    expect(html).not.toContain('<table');
  });
});
