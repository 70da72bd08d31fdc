import type { BusinessSummary, User } from '@tradepost/shared/schemas/auth.ts';

/** The parts of the user that decide what they may open (spec §6). */
export type AccessUser = Pick<User, 'role' | 'is_super_admin' | 'is_system_sales'> & {
  business: Pick<BusinessSummary, 'shopify_enabled'>;
};

/** Where the fulfillment role lands: the dashboard redirects it here (spec §2, §6). */
export const FULFILLMENT_HOME = '/fulfillments';

/**
 * The fulfillment role sees only Fulfillments and Settings (spec §6). It may also open the retail
 * fulfillments list and scanning mode, which are the same job, and its own profile from the user menu.
 */
export const FULFILLMENT_PATHS: readonly string[] = ['/fulfillments', '/retail/fulfillments', '/scanning-mode', '/settings', '/profile'];

/** `/a/b/` → `/a/b`; the root stays `/`. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True when `pathname` is `base` or lies below it (`/inventory/counts/7` is under `/inventory/counts`). */
export function isPathWithin(pathname: string, base: string): boolean {
  const path = normalizePath(pathname);
  const root = normalizePath(base);
  return path === root || path.startsWith(`${root}/`);
}

export function isFulfillmentRole(user: AccessUser): boolean {
  return user.role === 'fulfillment';
}

/** Where a main-layout path sends this user instead, or null when they may stay. */
export function fulfillmentRedirect(pathname: string, user: AccessUser): string | null {
  if (!isFulfillmentRole(user)) return null;
  return FULFILLMENT_PATHS.some((allowed) => isPathWithin(pathname, allowed)) ? null : FULFILLMENT_HOME;
}

/** Spec §6: the admin check is by e-mail only, decided by the server as `is_super_admin`. */
export const canOpenAdmin = (user: AccessUser): boolean => user.is_super_admin;

/** Spec §6: only the owner sees Users. */
export const canManageUsers = (user: AccessUser): boolean => user.role === 'owner';

/** Spec §6: System Sales is limited to the one named account. */
export const canOpenSystemSales = (user: AccessUser): boolean => user.is_system_sales;

/** Spec §2, §6: Shopify-only screens need the business's flag. */
export const hasShopify = (user: AccessUser): boolean => user.business.shopify_enabled;
