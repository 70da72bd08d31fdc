import {
  type AccessUser,
  canManageUsers,
  canOpenAdmin,
  canOpenSystemSales,
  hasShopify,
  isFulfillmentRole,
  isPathWithin,
} from './access.ts';

/**
 * The sidebar of spec §2 as data: what is listed, in which group, where it goes, and who sees it.
 * Pure, so the rules are tested without a browser; the sidebar component only draws it.
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

export type NavLink = { kind: 'link'; id: string; label: string; to: string; icon?: NavIcon };
export type NavAction = { kind: 'action'; id: 'report-bug'; label: string; icon: NavIcon };
export type NavGroupId = 'inventory' | 'contacts' | 'retail' | 'marketplaces' | 'wholesale' | 'network';
export type NavGroup = { kind: 'group'; id: NavGroupId; label: string; icon: NavIcon; items: NavLink[] };
export type NavEntry = NavLink | NavAction | NavGroup;

const link = (id: string, label: string, to: string, icon?: NavIcon): NavLink =>
  icon === undefined ? { kind: 'link', id, label, to } : { kind: 'link', id, label, to, icon };

/** A sidebar group is drawn with the icon of the same name. */
const group = (id: NavGroupId, label: string, items: NavLink[]): NavGroup => ({ kind: 'group', id, label, icon: id, items });

const SHOPIFY_ITEM_ID = 'retail-shopify';

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
    link(SHOPIFY_ITEM_ID, 'Shopify', '/retail/shopify'),
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
const reportBug: NavAction = { kind: 'action', id: 'report-bug', label: 'Report Bug', icon: 'report-bug' };
const admin = link('admin', 'Admin', '/admin', 'admin');
const systemSales = link('system-sales', 'System Sales', '/system-sales', 'system-sales');

/** Spec §6: the system-sales account does not see these. */
export const SYSTEM_SALES_HIDDEN: ReadonlySet<string> = new Set([
  'inventory',
  'marketplaces',
  'wholesale',
  'network',
  'finances',
  'analytics',
]);

/** Spec §2, §6: what this user's sidebar lists, in order. */
export function navigationFor(user: AccessUser): NavEntry[] {
  if (isFulfillmentRole(user)) {
    return [link('fulfillments', 'Fulfillments', '/fulfillments', 'fulfillments'), link('settings', 'Settings', '/settings', 'settings')];
  }

  const visibleGroups = groups.map((group) =>
    group.id === 'retail' && !hasShopify(user) ? { ...group, items: group.items.filter((item) => item.id !== SHOPIFY_ITEM_ID) } : group,
  );
  const entries: NavEntry[] = [
    ...top,
    ...visibleGroups,
    finances,
    analytics,
    ...(canManageUsers(user) ? [users] : []),
    ...(canOpenSystemSales(user) ? [systemSales] : []),
    reportBug,
    ...(canOpenAdmin(user) ? [admin] : []),
  ];
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
