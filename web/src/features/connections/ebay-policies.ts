import type { Connection } from '@tradepost/shared/schemas/connections.ts';

type EbayPolicies = NonNullable<Connection['settings']['ebay']>;

/** A chosen business policy as the seller knows it: its name on eBay, else its id; a dash when none is chosen. */
export const policyLabel = (name: string | null, id: string | null): string => name ?? id ?? '—';

/** The three business policies listings use, in the panel's words: "Shipping … · Payment … · Returns …". */
export function ebayPoliciesText(ebay: EbayPolicies): string {
  return [
    `Shipping ${policyLabel(ebay.fulfillment_policy_name, ebay.fulfillment_policy_id)}`,
    `Payment ${policyLabel(ebay.payment_policy_name, ebay.payment_policy_id)}`,
    `Returns ${policyLabel(ebay.return_policy_name, ebay.return_policy_id)}`,
  ].join(' · ');
}
