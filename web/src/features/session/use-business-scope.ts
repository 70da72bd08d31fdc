import type { User } from '@tradepost/shared/schemas/auth.ts';
import { useCurrentUser } from './use-current-user.ts';

export type BusinessScope = { businessId: string; currency: string; basePath: string };

/** The business every catalog and inventory call of this user lives under: /businesses/{id}. */
export function businessScopeOf(user: Pick<User, 'business'>): BusinessScope {
  const businessId = user.business.id;
  return { businessId, currency: user.business.currency, basePath: `/businesses/${encodeURIComponent(businessId)}` };
}

/** The signed-in user's business, from the one session query. The guard has loaded the user. */
export function useBusinessScope(): BusinessScope | undefined {
  const { data: user } = useCurrentUser();
  return user === undefined ? undefined : businessScopeOf(user);
}
