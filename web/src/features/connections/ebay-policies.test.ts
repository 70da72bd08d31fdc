import { describe, expect, it } from 'vitest';
import { ebayPoliciesText, policyLabel } from './ebay-policies.ts';

describe('eBay business policies in the connection panel', () => {
  it('shows each policy by the name the seller gave it on eBay, not its id', () => {
    expect(
      ebayPoliciesText({
        marketplace_id: 'EBAY_US',
        merchant_location_key: 'tradepost-warehouse',
        fulfillment_policy_id: '6200000001',
        payment_policy_id: '6200000002',
        return_policy_id: '6200000003',
        fulfillment_policy_name: 'Sim standard shipping',
        payment_policy_name: 'Sim managed payments',
        return_policy_name: 'Sim 30 day returns',
      }),
    ).toBe('Shipping Sim standard shipping · Payment Sim managed payments · Returns Sim 30 day returns');
  });

  it('falls back to the id when eBay gave no name, and to a dash when no policy is chosen', () => {
    expect(policyLabel(null, '6200000001')).toBe('6200000001');
    expect(policyLabel(null, null)).toBe('—');
    expect(
      ebayPoliciesText({
        marketplace_id: 'EBAY_US',
        merchant_location_key: null,
        fulfillment_policy_id: '6200000001',
        payment_policy_id: null,
        return_policy_id: '6200000003',
        fulfillment_policy_name: null,
        payment_policy_name: null,
        return_policy_name: 'Sim 30 day returns',
      }),
    ).toBe('Shipping 6200000001 · Payment — · Returns Sim 30 day returns');
  });
});
