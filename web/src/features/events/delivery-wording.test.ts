import type { EventDelivery } from '@tradepost/shared/schemas/events.ts';
import { describe, expect, it } from 'vitest';
import { attemptsText, deliveryFigures, deliveryProblemRows, eventText, nextTryText, subscriberText } from './delivery-wording.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const delivery = (overrides: Partial<EventDelivery>): EventDelivery => ({
  id: id(1),
  event_id: id(2),
  event_type: 'stock.moved',
  occurred_at: '2026-03-10T11:58:00Z',
  subscriber: 'sync.push-quantities',
  status: 'retrying',
  attempts: 2,
  max_attempts: 8,
  last_error: 'connect ECONNREFUSED',
  next_attempt_at: '2026-03-10T12:02:00Z',
  finished_at: null,
  payload: { variant_ids: [id(3), id(4)] },
  ...overrides,
});

describe('eventText', () => {
  it('counts the sizes a stock or price change touched', () => {
    expect(eventText('stock.moved', { variant_ids: [id(1), id(2)] })).toBe('Stock changed (2 sizes)');
    expect(eventText('stock.moved', { variant_ids: [id(1)] })).toBe('Stock changed (1 size)');
    expect(eventText('price.changed', { variant_ids: [id(1), id(2), id(3)] })).toBe('Price changed (3 sizes)');
  });

  it('says what a price change covered when it was not a list of sizes', () => {
    expect(eventText('price.changed', { product_id: id(1) })).toBe('Price changed (every size of a product)');
    expect(eventText('price.changed', { channel_id: id(1) })).toBe('Price rule of a sales channel changed');
    expect(eventText('price.changed', {})).toBe('Price changed');
  });

  it('reads without the sizes when the payload has none', () => {
    expect(eventText('stock.moved', {})).toBe('Stock changed');
  });

  it('names every other event in words', () => {
    expect(eventText('sale.recorded', { sale_id: id(1) })).toBe('Sale recorded');
    expect(eventText('sale.cancelled', { sale_id: id(1) })).toBe('Sale cancelled');
    expect(eventText('sale.refunded', { sale_id: id(1) })).toBe('Refund recorded');
    expect(eventText('fulfillment.shipped', { sale_id: id(1), fulfillment_id: id(2) })).toBe('Order shipped');
    expect(eventText('channel.changed', { channel_id: id(1) })).toBe('Sales channel settings changed');
    expect(eventText('connection.connected', { connection_id: id(1) })).toBe('Marketplace connected');
    expect(eventText('product.changed', { product_id: id(1) })).toBe('Product details changed');
    expect(eventText('listing.changed', { listing_id: id(1), product_id: id(2) })).toBe('Listing changed');
  });
});

describe('subscriberText', () => {
  it('names the sync engine’s subscribers for what they do', () => {
    expect(subscriberText('sync.push-quantities')).toBe('Quantity sync');
    expect(subscriberText('sync.push-prices')).toBe('Price sync');
    expect(subscriberText('sync.push-channel-quantities')).toBe('Channel quantities');
    expect(subscriberText('sync.first-poll')).toBe('First poll after connecting');
  });

  it('turns a subscriber it does not know into words rather than a code name', () => {
    expect(subscriberText('purchasing.receive-stock')).toBe('Receive stock');
    expect(subscriberText('sales.send_receipt')).toBe('Send receipt');
    expect(subscriberText('standalone')).toBe('Standalone');
  });
});

describe('attempts and next try', () => {
  it('reads tries as "2 of 8"', () => {
    expect(attemptsText(2, 8)).toBe('2 of 8');
  });

  it('says when a retry is due, relative to now', () => {
    expect(nextTryText({ status: 'retrying', next_attempt_at: '2026-03-10T12:02:00Z' }, NOW)).toBe('in 2 minutes');
    expect(nextTryText({ status: 'waiting', next_attempt_at: '2026-03-10T12:00:30Z' }, NOW)).toBe('in 30 seconds');
  });

  it('says "Any moment" for a retry already due instead of a time in the past', () => {
    expect(nextTryText({ status: 'retrying', next_attempt_at: '2026-03-10T11:59:55Z' }, NOW)).toBe('Any moment');
  });

  it('says there is no next try once a delivery failed for good', () => {
    expect(nextTryText({ status: 'failed', next_attempt_at: null }, NOW)).toBe('No more tries');
    expect(nextTryText({ status: 'running', next_attempt_at: null }, NOW)).toBe('Trying now');
  });
});

describe('deliveryProblemRows', () => {
  it('puts every cell in words, in the server’s order', () => {
    const rows = deliveryProblemRows(
      [
        delivery({}),
        delivery({
          id: id(9),
          event_type: 'price.changed',
          subscriber: 'sync.push-prices',
          status: 'failed',
          attempts: 8,
          last_error: 'Price push refused',
          next_attempt_at: null,
          finished_at: '2026-03-10T11:59:00Z',
          payload: { product_id: id(5) },
        }),
      ],
      NOW,
    );
    expect(rows.map((row) => row.id)).toEqual([id(1), id(9)]);
    expect(rows[0]).toMatchObject({
      occurredAt: '2026-03-10T11:58:00Z',
      what: 'Stock changed (2 sizes)',
      handler: 'Quantity sync',
      status: 'retrying',
      statusText: 'Retrying',
      attempts: '2 of 8',
      lastError: 'connect ECONNREFUSED',
      nextTryAt: '2026-03-10T12:02:00Z',
      nextTry: 'in 2 minutes',
    });
    expect(rows[0]?.when).toMatch(/2026/);
    expect(rows[1]).toMatchObject({
      what: 'Price changed (every size of a product)',
      handler: 'Price sync',
      statusText: 'Failed',
      attempts: '8 of 8',
      nextTryAt: null,
      nextTry: 'No more tries',
    });
  });

  it('says so when a problem has no error recorded', () => {
    expect(deliveryProblemRows([delivery({ last_error: null })], NOW)[0]?.lastError).toBe('No error recorded');
  });
});

describe('deliveryFigures', () => {
  it('shows the four counts in order, colouring only what needs a look', () => {
    const figures = deliveryFigures({ waiting: 0, retrying: 2, failed: 1, delivered: 40 });
    expect(figures.map((f) => [f.term, f.value, f.tone])).toEqual([
      ['Waiting', '0', 'neutral'],
      ['Retrying', '2', 'warning'],
      ['Failed', '1', 'bad'],
      ['Delivered', '40', 'neutral'],
    ]);
    expect(figures.find((f) => f.key === 'delivered')?.sub).toBe('In the last day');
  });

  it('says what a zero means', () => {
    const subs = deliveryFigures({ waiting: 0, retrying: 0, failed: 0, delivered: 0 }).map((f) => f.sub);
    expect(subs).toEqual(['Nothing waiting', 'Nothing being retried', 'None in the last 30 days', 'In the last day']);
  });
});
