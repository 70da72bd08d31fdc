import { json } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { protect } from './ebay-oauth.ts';
import { type EbayState, SCOPES } from './ebay-state.ts';

// Commerce Identity API (eBay serves it on apiz.ebay.com; one host here): who the seller is, so a
// connection can name its account. Not in the reference; shape from eBay's Identity API spec.
export function identityRoutes(router: Router, state: EbayState): void {
  router.get(
    '/commerce/identity/v1/user/',
    protect(state, { api: null, kind: 'user', scopes: [SCOPES.identity] }, () =>
      json(200, {
        userId: `sim-user-${Buffer.from(state.credentials.sellerUsername).toString('hex').slice(0, 12)}`,
        username: state.credentials.sellerUsername,
        accountType: 'INDIVIDUAL',
        registrationMarketplaceId: 'EBAY_US',
        status: 'CONFIRMED',
        individualAccount: { firstName: 'Sim', lastName: 'Seller' },
      }),
    ),
  );
}
