import type { EventDelivery } from '@tradepost/shared/schemas/events.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeliveryProblemsTable } from './delivery-problems-table.tsx';
import { deliveryProblemRows } from './delivery-wording.ts';

// The unit project runs in Node without a DOM, so the table is rendered to markup and read as text.

const NOW = Date.parse('2026-03-10T12:00:00Z');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const items: EventDelivery[] = [
  {
    id: id(1),
    event_id: id(2),
    event_type: 'stock.moved',
    occurred_at: '2026-03-10T11:58:00Z',
    subscriber: 'sync.push-quantities',
    status: 'retrying',
    attempts: 2,
    max_attempts: 8,
    last_error: 'connect ECONNREFUSED 127.0.0.1:5432',
    next_attempt_at: '2026-03-10T12:02:00Z',
    finished_at: null,
    payload: { variant_ids: [id(3), id(4)] },
  },
  {
    id: id(5),
    event_id: id(6),
    event_type: 'connection.connected',
    occurred_at: '2026-03-10T09:00:00Z',
    subscriber: 'sync.first-poll',
    status: 'failed',
    attempts: 8,
    max_attempts: 8,
    last_error: null,
    next_attempt_at: null,
    finished_at: '2026-03-10T09:05:00Z',
    payload: { connection_id: id(7) },
  },
];

const html = renderToStaticMarkup(<DeliveryProblemsTable rows={deliveryProblemRows(items, NOW)} caption="Changes not handed over" />);
/** The text of each body row's cells, tags stripped. */
const tableHtml = html.slice(0, html.indexOf('</table>'));
const cardsHtml = html.slice(html.indexOf('</table>'));
const bodyRows = (tableHtml.split('<tbody>')[1] ?? '')
  .split('</tr>')
  .filter((row) => row.includes('<t'))
  .map((row) =>
    [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => (cell[1] ?? '').replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")),
  );

describe('DeliveryProblemsTable', () => {
  it('is a table named by its caption, in a keyboard-reachable region named the same', () => {
    const captionId = html.match(/<caption id="([^"]+)"/)?.[1];
    expect(captionId).toBeDefined();
    expect(html).toMatch(new RegExp(`^<section[^>]*tabindex="0"[^>]*aria-labelledby="${captionId}"`));
    expect(html).toContain('>Changes not handed over</caption>');
  });

  it('heads the columns in words, each a column header', () => {
    const heads = [...(html.split('<tbody>')[0] ?? '').matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(['When', 'What happened', 'Handled by', 'Status', 'Tries', 'Last error', 'Next try']);
  });

  it('shows each problem in words: what, who handles it, status, tries, the error and the next try', () => {
    expect(bodyRows).toHaveLength(2);
    expect(bodyRows[0]?.slice(1)).toEqual([
      'Stock changed (2 sizes)',
      'Quantity sync',
      'Retrying',
      '2 of 8',
      'connect ECONNREFUSED 127.0.0.1:5432',
      'in 2 minutes',
    ]);
    expect(bodyRows[1]?.slice(1)).toEqual([
      'Marketplace connected',
      'First poll after connecting',
      'Failed',
      '8 of 8',
      'No error recorded',
      'No more tries',
    ]);
  });

  it('makes what happened the row header and gives times machine-readable values', () => {
    expect(html).toContain('<th scope="row"');
    expect(html).toContain('<time dateTime="2026-03-10T11:58:00Z">');
    expect(html).toContain('<time dateTime="2026-03-10T12:02:00Z">in 2 minutes</time>');
    // A failed delivery has no next try to point at.
    expect(bodyRows[1]?.[6]).toBe('No more tries');
    expect(tableHtml.match(/<time /g)).toHaveLength(3);
  });

  it('shows the same problems as cards for a phone, named like the table', () => {
    const titleId = cardsHtml.match(/<h3 id="([^"]+)"[^>]*>Changes not handed over<\/h3>/)?.[1];
    expect(titleId).toBeDefined();
    expect(cardsHtml).toMatch(new RegExp(`<section[^>]*aria-labelledby="${titleId}"`));
    const cards = [...cardsHtml.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '|'));
    expect(cards).toHaveLength(2);
    for (const text of [
      'Stock changed (2 sizes)',
      'Retrying',
      'Quantity sync',
      '2 of 8',
      'in 2 minutes',
      'Last error: connect ECONNREFUSED',
    ]) {
      expect(cards[0]).toContain(text);
    }
    for (const text of [
      'Marketplace connected',
      'Failed',
      'First poll after connecting',
      '8 of 8',
      'No more tries',
      'Last error: No error recorded',
    ]) {
      expect(cards[1]).toContain(text);
    }
    expect(cardsHtml.match(/<dt/g)).toHaveLength(8);
  });
});
