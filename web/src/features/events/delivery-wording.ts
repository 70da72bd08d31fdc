import type { DomainEventType, EventDelivery, EventDeliveryList } from '@tradepost/shared/schemas/events.ts';
import { sinceText } from '../sync/sync-format.ts';

// A reseller reads these screens, not an engineer: events and subscribers are named for what
// happened in the shop and which part of Tradepost acts on it, never by their code names.

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How many ids a payload list holds, or null when the payload has no such list. */
function idCount(payload: Record<string, unknown>, field: string): number | null {
  const value = payload[field];
  return Array.isArray(value) ? value.length : null;
}

const eventTexts: Record<DomainEventType, (payload: Record<string, unknown>) => string> = {
  'stock.moved': (payload) => {
    const sizes = idCount(payload, 'variant_ids');
    return sizes === null ? 'Stock changed' : `Stock changed (${plural(sizes, 'size', 'sizes')})`;
  },
  'price.changed': (payload) => {
    const sizes = idCount(payload, 'variant_ids');
    if (sizes !== null) return `Price changed (${plural(sizes, 'size', 'sizes')})`;
    if (typeof payload.product_id === 'string') return 'Price changed (every size of a product)';
    if (typeof payload.channel_id === 'string') return 'Price rule of a sales channel changed';
    return 'Price changed';
  },
  'product.changed': () => 'Product details changed',
  'channel.changed': () => 'Sales channel settings changed',
  'connection.connected': () => 'Marketplace connected',
  'sale.recorded': () => 'Sale recorded',
  'sale.cancelled': () => 'Sale cancelled',
  'sale.refunded': () => 'Refund recorded',
  'fulfillment.shipped': () => 'Order shipped',
  'listing.changed': () => 'Listing changed',
  'purchasing.changed': (payload) =>
    typeof payload.trade_id === 'string'
      ? 'Trade recorded'
      : typeof payload.payout_id === 'string'
        ? 'Payout changed'
        : typeof payload.purchase_order_id === 'string'
          ? 'Purchase order changed'
          : 'Vendor changed',
  'store_credit.changed': () => 'Store credit changed',
};

/** What happened, in words: "Stock changed (2 sizes)", "Sale recorded". */
export function eventText(type: DomainEventType, payload: Record<string, unknown>): string {
  return eventTexts[type](payload);
}

const subscriberTexts: Record<string, string> = {
  'sync.push-quantities': 'Quantity sync',
  'sync.push-prices': 'Price sync',
  'sync.push-channel-quantities': 'Channel quantities',
  'sync.first-poll': 'First poll after connecting',
};

/**
 * Which part of Tradepost handles the change. A subscriber added after this list still reads as
 * words ("sales.send-receipt" → "Send receipt") rather than as a code name.
 */
export function subscriberText(subscriber: string): string {
  const known = subscriberTexts[subscriber];
  if (known !== undefined) return known;
  const name = (subscriber.split('.').pop() ?? subscriber).replace(/[-_]+/g, ' ').trim();
  return name === '' ? subscriber : name.charAt(0).toUpperCase() + name.slice(1);
}

export const deliveryStatusTexts: Record<EventDelivery['status'], string> = {
  waiting: 'Waiting',
  running: 'Handing over',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** "2 of 8": tries made so far out of the most it will make. */
export const attemptsText = (attempts: number, maxAttempts: number): string => `${attempts} of ${maxAttempts}`;

/** When Tradepost tries again: "in 2 minutes", or why it will not. */
export function nextTryText(delivery: Pick<EventDelivery, 'status' | 'next_attempt_at'>, now: number = Date.now()): string {
  switch (delivery.status) {
    case 'failed':
      return 'No more tries';
    case 'delivered':
      return '—';
    case 'running':
      return 'Trying now';
    default:
      if (delivery.next_attempt_at === null) return '—';
      // A due retry waits for a free worker for a moment; "5 seconds ago" would read as a fault.
      return new Date(delivery.next_attempt_at).getTime() <= now ? 'Any moment' : sinceText(delivery.next_attempt_at, now);
  }
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One row of the problems table, every cell already in words. */
export type DeliveryProblemRow = {
  id: string;
  /** ISO times for `<time dateTime>`; the texts beside them are what is read. */
  occurredAt: string;
  when: string;
  what: string;
  handler: string;
  status: EventDelivery['status'];
  statusText: string;
  attempts: string;
  lastError: string;
  nextTryAt: string | null;
  nextTry: string;
};

/** The table's rows, in the order the server sent them (newest first). */
export function deliveryProblemRows(items: readonly EventDelivery[], now: number = Date.now()): DeliveryProblemRow[] {
  return items.map((item) => ({
    id: item.id,
    occurredAt: item.occurred_at,
    when: dateTime.format(new Date(item.occurred_at)),
    what: eventText(item.event_type, item.payload),
    handler: subscriberText(item.subscriber),
    status: item.status,
    statusText: deliveryStatusTexts[item.status],
    attempts: attemptsText(item.attempts, item.max_attempts),
    lastError: item.last_error ?? 'No error recorded',
    nextTryAt: item.status === 'failed' ? null : item.next_attempt_at,
    nextTry: nextTryText(item, now),
  }));
}

export type DeliveryFigure = {
  key: keyof EventDeliveryList['counts'];
  term: string;
  value: string;
  sub: string;
  tone: 'neutral' | 'warning' | 'bad';
};

/** The four small figures over the section: each count and a line saying what it means. */
export function deliveryFigures(counts: EventDeliveryList['counts']): DeliveryFigure[] {
  return [
    {
      key: 'waiting',
      term: 'Waiting',
      value: String(counts.waiting),
      sub: counts.waiting === 0 ? 'Nothing waiting' : 'About to be handed over',
      tone: 'neutral',
    },
    {
      key: 'retrying',
      term: 'Retrying',
      value: String(counts.retrying),
      sub: counts.retrying === 0 ? 'Nothing being retried' : 'Tried again by itself',
      tone: counts.retrying > 0 ? 'warning' : 'neutral',
    },
    {
      key: 'failed',
      term: 'Failed',
      value: String(counts.failed),
      sub: counts.failed === 0 ? 'None in the last 30 days' : 'Gave up, last 30 days',
      tone: counts.failed > 0 ? 'bad' : 'neutral',
    },
    { key: 'delivered', term: 'Delivered', value: String(counts.delivered), sub: 'In the last day', tone: 'neutral' },
  ];
}
