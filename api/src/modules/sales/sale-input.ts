import type { ImportedAddress } from '@tradepost/shared/schemas/address.ts';
import type { RecordedPaymentPartMethod } from '@tradepost/shared/schemas/payments.ts';
import type { CustomerInput } from '@tradepost/shared/schemas/sales.ts';

/** A sale as every channel describes it: typed in Tradepost, imported from a marketplace, or seeded. */
export type SaleLineInput = {
  variantId: string;
  quantity: number;
  unitPriceCents: number;
  feesCents: number;
  taxCents: number;
  externalSku?: string | null;
};

export type SaleInput = {
  externalOrderId: string;
  orderedAt?: string | undefined;
  customerId?: string | undefined;
  customer?: CustomerInput | undefined;
  shippingCents: number;
  /** In our address shape (`normalizeAddress`): typed, or mapped from the channel's order. */
  shippingAddress?: ImportedAddress | undefined;
  note?: string | undefined;
  lines: SaleLineInput[];
  /** How it was paid (typed sales): the parts add up to the total, checked before recording. */
  payment?: SalePaymentInput | undefined;
};

export type SalePaymentInput = {
  /**
   * Counter methods, plus `trade_in` (the traded-in goods' value) from the trade workflow; the
   * POST /sales body refuses it. `store_credit` parts are spent from the sale's customer's balance.
   */
  parts: { method: RecordedPaymentPartMethod; amountCents: number }[];
  /** Cash only: what was handed over. */
  cashTenderedCents?: number | undefined;
};

export type SaleOptions = {
  /** In-store: the units leave at once (consumed FIFO) and the sale is fulfilled. */
  immediate: boolean;
  /** Take every line from this location instead of following the pick rules. */
  locationId?: string | undefined;
  /** Hand allocation: the location per order line (index). */
  lineLocations?: Map<number, string>;
};
