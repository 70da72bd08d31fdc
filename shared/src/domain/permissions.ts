import type { Role } from '../schemas/auth.ts';

/**
 * What a route needs, named `area:action`. The API refuses a request whose role lacks the route's
 * permission (403, nothing written); the web app reads the same table to decide which menus,
 * screens and calls a user gets, so it never calls a route the role cannot use (a 403 ends the
 * session, spec §8).
 */
export const permissions = [
  'business:read',
  'business:manage',
  'team:manage',
  'catalog:read',
  'catalog:write',
  'catalog:export',
  'locations:read',
  'inventory:read',
  'inventory:write',
  'sales:read',
  'sales:write',
  'sales:refund',
  'customers:read',
  'customers:write',
  'fulfillment:read',
  'fulfillment:work',
  'pricing:read',
  'pricing:write',
  'analytics:read',
  'purchasing:read',
  'purchasing:write',
  'listings:read',
  'listings:write',
  'connections:read',
  'connections:manage',
  'sync:read',
  'outbox:read',
] as const;
export type Permission = (typeof permissions)[number];

/**
 * Who a route is for when it is not a business permission: anyone (`public`: sign-in, webhooks,
 * health), any signed-in user (`signed-in`: their own profile, preferences and bug reports), or
 * the super-admins named by e-mail (`super-admin`, spec §6).
 */
export type RouteAccess = Permission | 'public' | 'signed-in' | 'super-admin';

const ownerOnly: readonly Permission[] = ['business:manage', 'team:manage', 'connections:manage', 'outbox:read'];

/**
 * Spec §6: the owner alone manages users (and here also the business profile, marketplace
 * connections and the outbox of unsent mail, whose invitation links let anyone join); staff do
 * everything else; the fulfillment role picks, packs, scans and ships, and reads the products,
 * sizes and locations packing shows: no sales figures, customers, costs, listings or settings of
 * the business.
 */
export const rolePermissions: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(permissions),
  staff: new Set(permissions.filter((permission) => !ownerOnly.includes(permission))),
  fulfillment: new Set<Permission>(['business:read', 'catalog:read', 'locations:read', 'fulfillment:read', 'fulfillment:work']),
};

export const can = (role: Role, permission: Permission): boolean => rolePermissions[role].has(permission);

export const isPermission = (value: string): value is Permission => (permissions as readonly string[]).includes(value);
