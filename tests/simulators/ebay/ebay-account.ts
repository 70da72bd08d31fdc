import { json, type SimRequest, type SimResponse } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { ebayError, ebayErrors, param } from './ebay-errors.ts';
import { protect } from './ebay-oauth.ts';
import { type EbayState, type Json, MARKETPLACES, type Policy, SCOPES } from './ebay-state.ts';

const BASE = '/sell/account/v1';

/** Business policies, read-only (seeded per marketplace), plus the program and privilege reads. */
export function accountRoutes(router: Router, state: EbayState): void {
  const read = { api: 'account' as const, kind: 'user' as const, scopes: [SCOPES.account, SCOPES.accountReadonly] };
  const acc = (errorId: number, message: string, name: string, value: string) =>
    ebayError(errorId, 'API_ACCOUNT', message, { parameters: [param(name, value)] });

  const marketplace = (req: SimRequest): string | SimResponse => {
    const id = req.query.get('marketplace_id');
    if (!id) return ebayErrors(400, [acc(20401, 'Missing field marketplace_id.', 'fieldName', 'marketplace_id')]);
    if (!MARKETPLACES.includes(id)) return ebayErrors(400, [acc(20403, `Invalid marketplace_id ${id}.`, 'marketplace_id', id)]);
    return id;
  };

  const kinds: [string, string, string, () => Map<string, Policy>][] = [
    ['fulfillment_policy', 'fulfillmentPolicies', 'fulfillmentPolicyId', () => state.fulfillmentPolicies],
    ['payment_policy', 'paymentPolicies', 'paymentPolicyId', () => state.paymentPolicies],
    ['return_policy', 'returnPolicies', 'returnPolicyId', () => state.returnPolicies],
  ];
  for (const [path, listField, idField, map] of kinds) {
    router.get(
      `${BASE}/${path}`,
      protect(state, read, (req) => {
        const id = marketplace(req);
        if (typeof id !== 'string') return id;
        const policies = [...map().values()].filter((p) => p.marketplaceId === id);
        return json(200, {
          href: `${BASE}/${path}?marketplace_id=${id}`,
          total: policies.length,
          limit: 20,
          offset: 0,
          [listField]: policies,
        });
      }),
    );
    router.get(
      `${BASE}/${path}/get_by_policy_name`,
      protect(state, read, (req) => {
        const id = marketplace(req);
        if (typeof id !== 'string') return id;
        const name = req.query.get('name') ?? '';
        const policy = [...map().values()].find((p) => p.marketplaceId === id && p.name === name);
        return policy ? json(200, policy) : ebayErrors(404, [acc(20404, `No policy named ${name}.`, 'name', name)]);
      }),
    );
    router.get(
      `${BASE}/${path}/:id`,
      protect(state, read, (req) => {
        const policy = map().get(req.params.id ?? '');
        return policy ? json(200, policy) : ebayErrors(404, [acc(20404, `No policy ${req.params.id}.`, idField, req.params.id ?? '')]);
      }),
    );
  }

  router.get(
    `${BASE}/program/get_opted_in_programs`,
    protect(state, read, () => json(200, { programs: [{ programType: 'SELLING_POLICY_MANAGEMENT' }] })),
  );
  router.get(
    `${BASE}/privilege`,
    protect(state, read, (): SimResponse => {
      const privilege: Json = {
        sellerRegistrationCompleted: true,
        sellingLimit: { amount: { value: '25000.0', currency: 'USD' }, quantity: 5000 },
      };
      return json(200, privilege);
    }),
  );
}
