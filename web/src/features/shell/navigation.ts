import {
  type AccessUser,
  type AccountFlag,
  canUse,
  isPathWithin,
  type ScreenAccess,
  screenPermissions,
  usesGeneralScreens,
} from './access.ts';

/**
 * The sidebar of spec §2 as data: what is listed, in which group, where it goes, and what opening
 * it takes. Every link carries the access of the screen it opens (access.ts, from the role table the
 * API enforces), so the sidebar lists exactly what the route guards let in. Pure, so the rules are
 * tested without a browser; the sidebar component only draws it.
 */

/** Icons are named here and drawn by the sidebar (keeps this module free of React). */
export type NavIcon =
  | 'dashboard'
  | 'quick-actions'
  | 'settings'
  | 'inventory'
  | 'contacts'
  | 'retail'
  | 'marketplaces'
  | 'wholesale'
  | 'network'
  | 'finances'
  | 'analytics'
  | 'users'
  | 'report-bug'
  | 'admin'
  | 'system-sales'
  | 'fulfillments';

export type NavLink = { kind: 'link'; id: string; label: string; to: string; icon?: NavIcon; access: ScreenAccess };
export type NavAction = { kind: 'action'; id: 'report-bug'; label: string; icon: NavIcon; access: ScreenAccess };
export type NavGroupId = 'inventory' | 'contacts' | 'retail' | 'marketplaces' | 'wholesale' | 'network';
export type NavGroup = { kind: 'group'; id: NavGroupId; label: string; icon: NavIcon; items: NavLink[] };
export type NavEntry = NavLink | NavAction | NavGroup;

/** A link needs what its screen needs (the guards' table), and the account flag its screen is kept for. */
function link(id: string, label: string, to: string, icon?: NavIcon, flag?: AccountFlag): NavLink {
  const access: ScreenAccess = { permissions: screenPermissions(linkPath(to)), ...(flag === undefined ? {} : { flag }) };
  return icon === undefined ? { kind: 'link', id, label, to, access } : { kind: 'link', id, label, to, icon, access };
}

/** A sidebar group is drawn with the icon of the same name. */
const group = (id: NavGroupId, label: string, items: NavLink[]): NavGroup => ({ kind: 'group', id, label, icon: id, items });

const top: NavLink[] = [
  link('dashboard', 'Dashboard', '/dashboard', 'dashboard'),
  link('quick-actions', 'Quick Actions', '/quick-actions#trade', 'quick-actions'),
  link('settings', 'Settings', '/settings', 'settings'),
];

const groups: NavGroup[] = [
  group('inventory', 'Inventory', [
    link('products', 'Products', '/products'),
    link('preowned', 'Pre-Owned', '/preowned'),
    link('inventory', 'Inventory', '/inventory'),
    link('adjustments', 'Adjustments', '/inventory/adjustments'),
    link('transfer', 'Transfer', '/inventory/transfer'),
    link('inventory-counts', 'Inventory Counts', '/inventory/counts'),
    link('purchase-orders', 'Purchase Orders', '/purchase-orders'),
  ]),
  group('contacts', 'Contacts', [link('vendors', 'Vendors', '/vendors'), link('contacts-customers', 'Customers', '/retail/customers')]),
  group('retail', 'Retail', [
    link('retail-shopify', 'Shopify', '/retail/shopify', undefined, 'shopify'),
    link('sales-channels', 'Sales Channels', '/sales-channels'),
    link('retail-sales', 'Sales', '/retail/sales'),
    link('retail-fulfillments', 'Fulfillments', '/retail/fulfillments'),
    link('retail-customers', 'Customers', '/retail/customers'),
    link('retail-pricing', 'Pricing', '/retail/pricing'),
    link('consignment', 'Consignment', '/consignment'),
  ]),
  group('marketplaces', 'Marketplaces', [
    link('listings-control', 'Listings Control', '/listings/inventory-control'),
    link('ebay-listings', 'eBay Listings', '/ebay-listings'),
    link('sync-health', 'Sync Health', '/sync-health'),
    link('repricing', 'Repricing', '/repricing'),
    link('liquidation', 'Liquidation', '/liquidation'),
    link('marketplace-sales', 'Sales', '/sales'),
    link('marketplace-fulfillments', 'Fulfillments', '/fulfillments'),
    link('whatnot', 'Whatnot', '/whatnot'),
  ]),
  group('wholesale', 'Wholesale', [
    link('wholesale-orders', 'Orders', '/wholesale-orders'),
    link('wholesale-reservations', 'Reservations', '/wholesale/reservations'),
    link('wholesale-list', 'Wholesale List', '/wholesale/list'),
    link('wholesale-offers', 'Offers', '/wholesale/offers'),
  ]),
  group('network', 'Network', [
    link('messages', 'Messages', '/messages'),
    link('connections', 'Connections', '/network/connections'),
    link('network-inventory', 'View Inventory', '/network/inventory'),
    link('network-sales', 'Sales', '/network/sales'),
    link('network-purchases', 'Purchases', '/network/purchases'),
    link('want-to-buy', 'Want to Buy', '/want-to-buy'),
  ]),
];

const finances = link('finances', 'Finances', '/finances', 'finances');
const analytics = link('analytics', 'Analytics', '/analytics', 'analytics');
const users = link('users', 'Users', '/users', 'users');
// Any signed-in user may send a bug report.
const reportBug: NavAction = { kind: 'action', id: 'report-bug', label: 'Report Bug', icon: 'report-bug', access: { permissions: [] } };
const admin = link('admin', 'Admin', '/admin', 'admin', 'super-admin');
const systemSales = link('system-sales', 'System Sales', '/system-sales', 'system-sales', 'system-sales');

/**
 * Spec §6: a role without the general screens (the fulfillment role) sees only its work: Fulfillments
 * and Settings, as top-level items rather than inside the Retail and Marketplaces groups.
 */
const work: NavLink[] = [
  link('fulfillments', 'Fulfillments', '/fulfillments', 'fulfillments'),
  link('settings', 'Settings', '/settings', 'settings'),
];

/** Spec §6: the system-sales account does not see these. */
export const SYSTEM_SALES_HIDDEN: ReadonlySet<string> = new Set([
  'inventory',
  'marketplaces',
  'wholesale',
  'network',
  'finances',
  'analytics',
]);

/** Spec §2, §6: what this user's sidebar lists, in order: every entry whose access the user has. */
export function navigationFor(user: AccessUser): NavEntry[] {
  const allowed = (entry: NavLink | NavAction) => canUse(user, entry.access);
  if (!usesGeneralScreens(user)) return work.filter(allowed);

  const entries: NavEntry[] = [
    ...top,
    ...groups.map((group) => ({ ...group, items: group.items.filter(allowed) })).filter((group) => group.items.length > 0),
    finances,
    analytics,
    users,
    systemSales,
    reportBug,
    admin,
  ].filter((entry) => entry.kind === 'group' || allowed(entry));
  return user.is_system_sales ? entries.filter((entry) => !SYSTEM_SALES_HIDDEN.has(entry.id)) : entries;
}

/** A link target without its anchor: `/quick-actions#trade` → `/quick-actions`. */
export function linkPath(to: string): string {
  const hash = to.indexOf('#');
  return hash === -1 ? to : to.slice(0, hash);
}

function allLinks(entries: readonly NavEntry[]): NavLink[] {
  return entries.flatMap((entry) => (entry.kind === 'group' ? entry.items : entry.kind === 'link' ? [entry] : []));
}

/**
 * The path of the link that best matches the current page: the longest link path the page lies
 * within, so `/inventory/counts/7` lights up Inventory Counts and not Inventory. Two links with the
 * same target (Customers in Contacts and in Retail) are both current.
 */
export function activeLinkPath(pathname: string, entries: readonly NavEntry[]): string | null {
  let best: string | null = null;
  for (const item of allLinks(entries)) {
    const path = linkPath(item.to);
    if (isPathWithin(pathname, path) && (best === null || path.length > best.length)) best = path;
  }
  return best;
}

export function isLinkActive(item: NavLink, activePath: string | null): boolean {
  return activePath !== null && linkPath(item.to) === activePath;
}

export function groupContainsActive(group: NavGroup, activePath: string | null): boolean {
  return group.items.some((item) => isLinkActive(item, activePath));
}

/** A group the user never opened or closed starts open only when it holds the current page. */
export function isGroupOpen(group: NavGroup, stored: Readonly<Record<string, boolean>>, activePath: string | null): boolean {
  return stored[group.id] ?? groupContainsActive(group, activePath);
}
