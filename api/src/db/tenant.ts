/**
 * The default filter every tenant entity carries: queries are scoped to the business the request
 * is for. It is on by default and fails closed: a query without the business id set throws.
 * The tenancy plugin sets the id once per request; cross-tenant reads (admin, public token
 * look-ups) turn it off explicitly with `filters: { tenant: false }`.
 */
export const tenantFilter = {
  tenant: {
    name: 'tenant',
    cond: (args: Record<string, unknown>) => ({ business: args.businessId }),
    default: true,
  },
};
