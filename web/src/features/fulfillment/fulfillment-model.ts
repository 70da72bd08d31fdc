import type { ChannelKind, Fulfillment, FulfillmentStatus } from '@tradepost/shared/schemas/sales.ts';

export const fulfillmentStatusLabels: Record<FulfillmentStatus, string> = {
  pending: 'Pending',
  picking: 'Picking',
  packed: 'Packed',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** The open stages, in the order the work moves through them. */
export const openStages = ['pending', 'picking', 'packed'] as const satisfies readonly FulfillmentStatus[];
export type OpenStage = (typeof openStages)[number];

export const isOpen = (f: Pick<Fulfillment, 'status'>): boolean => (openStages as readonly string[]).includes(f.status);

export type Progress = { picked: number; ordered: number; done: boolean };

export function progress(f: Pick<Fulfillment, 'lines'>): Progress {
  const ordered = f.lines.reduce((sum, line) => sum + line.quantity, 0);
  const picked = f.lines.reduce((sum, line) => sum + Math.min(line.quantity_picked, line.quantity), 0);
  return { picked, ordered, done: ordered > 0 && picked >= ordered };
}

/** Open fulfillments by stage, each oldest first (the order a picker works in). */
export function groupByStage(list: readonly Fulfillment[]): Record<OpenStage, Fulfillment[]> {
  const groups: Record<OpenStage, Fulfillment[]> = { pending: [], picking: [], packed: [] };
  const sorted = [...list].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const f of sorted) {
    if (f.status === 'pending' || f.status === 'picking' || f.status === 'packed') groups[f.status].push(f);
  }
  return groups;
}

/** The next order to pick after `currentId`: the oldest one still waiting for a picker. */
export function nextToPick(list: readonly Fulfillment[], currentId: string | null): Fulfillment | null {
  const waiting = [...list]
    .filter((f) => f.id !== currentId && (f.status === 'pending' || f.status === 'picking'))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return waiting[0] ?? null;
}

/** Retail work: the store and the online shop (in-store sales leave at once; these are pick-ups and web orders). */
export const retailChannels: readonly ChannelKind[] = ['in_store', 'shopify', 'square'];

/** Carriers resellers use most; anything else is typed in. */
export const commonCarriers = ['USPS', 'UPS', 'FedEx', 'DHL', 'Canada Post', 'Royal Mail', 'Australia Post'] as const;
export const OTHER_CARRIER = 'other';

/** '3 h', '2 d': how long an order has waited, short enough for a list. */
export function ageLabel(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const minutes = Math.max(0, Math.floor((now - then) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export type RefusalKind = 'wrong' | 'extra' | 'unknown' | 'closed' | 'failed';

/** How a refused scan is announced, from the API's error code. */
export function refusalKind(code: string | undefined): RefusalKind {
  if (code === 'WRONG_ITEM') return 'wrong';
  if (code === 'ALREADY_PICKED') return 'extra';
  if (code === 'UNKNOWN_BARCODE') return 'unknown';
  if (code === 'ALREADY_SHIPPED' || code === 'FULFILLMENT_CANCELLED') return 'closed';
  return 'failed';
}

export const refusalTitles: Record<RefusalKind, string> = {
  wrong: 'Wrong item',
  extra: 'Extra item',
  unknown: 'Unknown barcode',
  closed: 'Order closed',
  failed: 'Scan not checked',
};
