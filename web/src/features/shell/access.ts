import { can, type Permission } from '@tradepost/shared/domain/permissions.ts';
import type { BusinessSummary, User } from '@tradepost/shared/schemas/auth.ts';

/** The parts of the user that decide what they may open (spec §6). */
export type AccessUser = Pick<User, 'role' | 'is_super_admin' | 'is_system_sales'> & {
  business: Pick<BusinessSummary, 'shopify_enabled'>;
};

/** What the account itself must be, besides its role's permissions (spec §2, §6). */
export type AccountFlag = 'super-admin' | 'system-sales' | 'shopify';

/**
 * What opening a screen takes: every permission listed (from the role table in
 * shared/src/domain/permissions.ts, the one the API enforces), and the account flag when one is named.
 * No permissions: any signed-in user.
 */
export type ScreenAccess = { permissions: readonly Permission[]; flag?: AccountFlag };

/**
 * The general screens (dashboard, products, stock, sales, listings, the admin area, …) all show stock
 * and sales figures and call the API for them, so they need both reads. The fulfillment role has
 * neither: it sees only its own work (spec §6).
 */
export const GENERAL_SCREENS: readonly Permission[] = ['inventory:read', 'sales:read'];

const general = (...more: Permission[]): readonly Permission[] => [...GENERAL_SCREENS, ...more];

/**
 * What each main-layout screen needs, by path (a path covers what lies below it; the longest row
 * wins): the reads its data comes from, as the API's routes declare them. A path with no row is a
 * general screen and needs GENERAL_SCREENS. Actions inside a screen (editing, connecting) check their
 * own permission where they are offered.
 */
const SCREEN_PERMISSIONS: readonly (readonly [path: string, permissions: readonly Permission[]])[] = [
  // The fulfillment role's work, Settings and the profile need no general read (spec §6).
  ['/fulfillments', ['fulfillment:read', 'locations:read']],
  ['/retail/fulfillments', ['fulfillment:read', 'locations:read']],
  ['/scanning-mode', ['fulfillment:read', 'fulfillment:work']],
  // The business profile is shown to everyone; editing it is business:manage, checked in the screen.
  ['/settings', ['business:read']],
  // The user's own account: signed in is enough.
  ['/profile', []],
  ['/dashboard', general('analytics:read')],
  ['/products', general('catalog:read')],
  ['/add-product', general('catalog:read')],
  ['/preowned', general('catalog:read')],
  ['/business/size-formats', general('catalog:read')],
  ['/retail/sales', general('catalog:read', 'customers:read')],
  ['/retail/customers', general('customers:read')],
  ['/retail/pricing', general('pricing:read')],
  ['/sales-channels', general('connections:read')],
  ['/sales-channels-management', general('connections:read')],
  ['/shopify-success', general('connections:read')],
  ['/listings/inventory-control', general('listings:read')],
  ['/ebay-listings', general('listings:read')],
  ['/ebay', general('listings:read')],
  ['/shopify', general('listings:read')],
  ['/shopify-sync', general('listings:read')],
  ['/square-dashboard', general('listings:read')],
  ['/square-sync', general('listings:read')],
  ['/create-products-from-listings', general('listings:read')],
  ['/batch-operations', general('listings:read')],
  ['/sync-health', general('sync:read')],
  // Purchasing: vendors and purchase orders (with their create, detail, scanning and PDF import screens).
  ['/vendors', general('purchasing:read')],
  ['/purchase-orders', general('purchasing:read')],
  ['/inventory/debug2', general('catalog:read', 'sync:read')],
  ['/users', general('team:manage')],
];

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

/** The permissions a main-layout path needs: its own row (the longest that holds it), else the general reads. */
export function screenPermissions(pathname: string): readonly Permission[] {
  let best: (typeof SCREEN_PERMISSIONS)[number] | undefined;
  for (const row of SCREEN_PERMISSIONS) {
    if (isPathWithin(pathname, row[0]) && (best === undefined || row[0].length > best[0].length)) best = row;
  }
  return best === undefined ? GENERAL_SCREENS : best[1];
}

function hasFlag(user: AccessUser, flag: AccountFlag): boolean {
  switch (flag) {
    case 'super-admin':
      return user.is_super_admin;
    case 'system-sales':
      return user.is_system_sales;
    case 'shopify':
      return user.business.shopify_enabled;
  }
}

/** Whether this user's role has every permission listed (none listed: yes). */
const hasPermissions = (user: AccessUser, permissions: readonly Permission[]): boolean =>
  permissions.every((permission) => can(user.role, permission));

/** Whether this user may open what `access` describes: the role's permissions and the account's flag. */
export function canUse(user: AccessUser, access: ScreenAccess): boolean {
  return hasPermissions(user, access.permissions) && (access.flag === undefined || hasFlag(user, access.flag));
}

/** Whether the role may open the main-layout screen at `pathname` (flags are their own guards' business). */
export const canOpenPath = (user: AccessUser, pathname: string): boolean => hasPermissions(user, screenPermissions(pathname));

/** Whether the user works in the general screens, or only in those their role is listed for. */
export const usesGeneralScreens = (user: AccessUser): boolean => hasPermissions(user, GENERAL_SCREENS);

/**
 * Where a user starts, the first of these they may open: the dashboard, else (the fulfillment role,
 * spec §2, §6) Fulfillments. The profile needs nothing, so there is always one.
 */
const HOMES: readonly string[] = ['/dashboard', '/fulfillments', '/settings', '/profile'];

/** Where this user starts, and where a screen they cannot open sends them. */
export function homeFor(user: AccessUser): string {
  return HOMES.find((path) => canOpenPath(user, path)) ?? '/profile';
}

/** Where a main-layout path sends this user instead, or null when their role may open it. */
export function scopeRedirect(pathname: string, user: AccessUser): string | null {
  return canOpenPath(user, pathname) ? null : homeFor(user);
}

/** Spec §6: the admin check is by e-mail only, decided by the server as `is_super_admin`. */
export const canOpenAdmin = (user: AccessUser): boolean => hasFlag(user, 'super-admin');

/** Spec §6: only the owner sees Users; the role table gives team:manage to the owner alone. */
export const canManageUsers = (user: AccessUser): boolean => can(user.role, 'team:manage');

/** Spec §6: System Sales is limited to the one named account. */
export const canOpenSystemSales = (user: AccessUser): boolean => hasFlag(user, 'system-sales');

/** Spec §2, §6: Shopify-only screens need the business's flag. */
export const hasShopify = (user: AccessUser): boolean => hasFlag(user, 'shopify');
