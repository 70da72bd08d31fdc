import type { ChannelKind, Sale, SaleLine } from '@tradepost/shared/schemas/sales.ts';

export const channelLabels: Record<ChannelKind, string> = {
  ebay: 'eBay',
  shopify: 'Shopify',
  square: 'Square',
  whatnot: 'Whatnot',
  in_store: 'In store',
  wholesale: 'Wholesale',
  network: 'Network',
  manual: 'Manual',
};

export type SaleStatus = Sale['status'];

export const saleStatusLabels: Record<SaleStatus, string> = {
  open: 'Open',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Units of a line that have not shipped and are not cancelled: what a cancel can still take back. */
export const cancellableUnits = (line: SaleLine): number => Math.max(0, line.quantity - line.quantity_shipped - line.quantity_cancelled);

/** Shipped units that have not come back yet: what a refund can put on the shelf again. */
export const returnableUnits = (line: SaleLine): number => Math.max(0, line.quantity_shipped - line.quantity_returned);

/** Money the customer paid that has not been refunded. */
export const refundableCents = (sale: Sale): number => Math.max(0, sale.totals.total_cents - sale.totals.refunded_cents);

/** Nothing can be cancelled once every kept unit shipped, or the sale is closed. */
export const canCancel = (sale: Sale): boolean =>
  sale.status !== 'cancelled' && sale.status !== 'refunded' && sale.lines.some((line) => cancellableUnits(line) > 0);

export const canRefund = (sale: Sale): boolean => sale.status !== 'cancelled' && refundableCents(sale) > 0;

/** The cost is an estimate until every unit of the sale shipped (FIFO lots are consumed on shipping). */
export const costIsExpected = (sale: Sale): boolean => sale.lines.some((line) => !line.cost_is_final);

/** '#1001': how people name a sale. A scanned or typed '#1001', '1001' or 'SO-1001' all mean it. */
export const saleNumberLabel = (number: number): string => `#${number}`;

export function saleNumberFromText(text: string): number | null {
  const match = /^\s*(?:#|so-?|order\s*)?(\d{1,9})\s*$/i.exec(text);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Units and value as ordered, before any cancel: what a cancelled sale was worth (its totals are zero). */
export function asOrdered(sale: Pick<Sale, 'lines'>): { units: number; subtotalCents: number } {
  return {
    units: sale.lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: sale.lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0),
  };
}
