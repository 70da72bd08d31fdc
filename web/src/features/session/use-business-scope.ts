import { useCurrentUser } from './use-current-user.ts';

export type BusinessScope = { businessId: string; currency: string; basePath: string };

/** The signed-in user's business: every catalog and inventory call lives under /businesses/{id}. The guard has loaded the user. */
export function useBusinessScope(): BusinessScope | undefined {
  const { data: user } = useCurrentUser();
  if (user === undefined) return undefined;
  const businessId = user.business.id;
  return { businessId, currency: user.business.currency, basePath: `/businesses/${encodeURIComponent(businessId)}` };
}
