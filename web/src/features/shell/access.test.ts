import { can, rolePermissions } from '@tradepost/shared/domain/permissions.ts';
import { roles } from '@tradepost/shared/schemas/auth.ts';
import { describe, expect, it } from 'vitest';
import {
  type AccessUser,
  canManageUsers,
  canOpenAdmin,
  canOpenPath,
  canOpenSystemSales,
  canUse,
  GENERAL_SCREENS,
  hasShopify,
  homeFor,
  isPathWithin,
  normalizePath,
  scopeRedirect,
  screenPermissions,
  usesGeneralScreens,
} from './access.ts';

const staff: AccessUser = { role: 'staff', is_super_admin: false, is_system_sales: false, business: { shopify_enabled: false } };
const fulfillment: AccessUser = { ...staff, role: 'fulfillment' };

describe('paths', () => {
  it('normalises trailing slashes', () => {
    expect(normalizePath('/settings/')).toBe('/settings');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('matches a path and what lies below it, never a mere prefix', () => {
    expect(isPathWithin('/fulfillments', '/fulfillments')).toBe(true);
    expect(isPathWithin('/fulfillments/12', '/fulfillments')).toBe(true);
    expect(isPathWithin('/fulfillments-old', '/fulfillments')).toBe(false);
  });
});

describe('fulfillment role (spec §6)', () => {
  it('sends the dashboard and every other area to /fulfillments', () => {
    expect(scopeRedirect('/dashboard', fulfillment)).toBe('/fulfillments');
    expect(scopeRedirect('/products', fulfillment)).toBe('/fulfillments');
    expect(scopeRedirect('/admin', { ...fulfillment, is_super_admin: true })).toBe('/fulfillments');
  });

  it('lets it stay on Fulfillments, Settings, scanning mode and its own profile', () => {
    for (const path of ['/fulfillments', '/retail/fulfillments', '/settings', '/settings/', '/scanning-mode', '/profile']) {
      expect(scopeRedirect(path, fulfillment)).toBeNull();
    }
  });

  it('leaves other roles alone', () => {
    expect(scopeRedirect('/dashboard', staff)).toBeNull();
    expect(scopeRedirect('/products', { ...staff, role: 'owner' })).toBeNull();
  });
});

describe('named permissions', () => {
  it('decides admin, users, system sales and Shopify from the user alone', () => {
    expect(canOpenAdmin(staff)).toBe(false);
    expect(canOpenAdmin({ ...staff, is_super_admin: true })).toBe(true);
    expect(canManageUsers(staff)).toBe(false);
    expect(canManageUsers({ ...staff, role: 'owner' })).toBe(true);
    expect(canOpenSystemSales(staff)).toBe(false);
    expect(canOpenSystemSales({ ...staff, is_system_sales: true })).toBe(true);
    expect(hasShopify(staff)).toBe(false);
    expect(hasShopify({ ...staff, business: { shopify_enabled: true } })).toBe(true);
  });
});

describe('derived from the role table', () => {
  const owner: AccessUser = { ...staff, role: 'owner' };

  it('gives each main-layout path the permissions of its screen; unlisted ones are general screens', () => {
    expect(screenPermissions('/fulfillments/12')).toEqual(['fulfillment:read', 'locations:read']);
    expect(screenPermissions('/scanning-mode')).toEqual(['fulfillment:read', 'fulfillment:work']);
    expect(screenPermissions('/settings')).toEqual(['business:read']);
    expect(screenPermissions('/profile')).toEqual([]);
    expect(screenPermissions('/users')).toEqual([...GENERAL_SCREENS, 'team:manage']);
    expect(screenPermissions('/dashboard')).toEqual([...GENERAL_SCREENS, 'analytics:read']);
    expect(screenPermissions('/sales-channels-management')).toEqual([...GENERAL_SCREENS, 'connections:read']);
    expect(screenPermissions('/products/12/configure')).toEqual([...GENERAL_SCREENS, 'catalog:read']);
    expect(screenPermissions('/vendors')).toEqual([...GENERAL_SCREENS, 'purchasing:read']);
    expect(screenPermissions('/purchase-orders/12/upc-scanner')).toEqual([...GENERAL_SCREENS, 'purchasing:read']);
    for (const path of ['/inventory/counts/7', '/sales', '/admin', '/vendors-old', '/fulfillments-old']) {
      expect(screenPermissions(path), path).toEqual(GENERAL_SCREENS);
    }
  });

  it('lets a role open exactly the screens whose permissions its row of the table holds', () => {
    const paths = [
      '/dashboard',
      '/products',
      '/business/size-formats',
      '/fulfillments',
      '/scanning-mode',
      '/settings',
      '/profile',
      '/users',
    ];
    for (const role of roles) {
      const user = { ...staff, role };
      for (const path of paths) {
        const allowed = screenPermissions(path).every((permission) => rolePermissions[role].has(permission));
        expect(canOpenPath(user, path), `${role} ${path}`).toBe(allowed);
        expect(scopeRedirect(path, user), `${role} ${path}`).toBe(allowed ? null : homeFor(user));
      }
    }
  });

  it('keeps the catalog screens from the fulfillment role although it reads the catalog for packing', () => {
    expect(can('fulfillment', 'catalog:read')).toBe(true);
    expect(scopeRedirect('/business/size-formats', fulfillment)).toBe('/fulfillments');
    expect(scopeRedirect('/preowned', fulfillment)).toBe('/fulfillments');
  });

  it('sends staff away from Users, home to the dashboard, and lets the owner in', () => {
    expect(scopeRedirect('/users', staff)).toBe('/dashboard');
    expect(scopeRedirect('/users', owner)).toBeNull();
  });

  it('homes the general roles on the dashboard and the fulfillment role on Fulfillments', () => {
    expect(homeFor(owner)).toBe('/dashboard');
    expect(homeFor(staff)).toBe('/dashboard');
    expect(homeFor(fulfillment)).toBe('/fulfillments');
    expect(usesGeneralScreens(staff)).toBe(true);
    expect(usesGeneralScreens(fulfillment)).toBe(false);
  });

  it('checks permissions and account flags together', () => {
    expect(canUse(staff, { permissions: [] })).toBe(true);
    expect(canUse(staff, { permissions: ['sales:read'] })).toBe(true);
    expect(canUse(staff, { permissions: ['connections:manage'] })).toBe(false);
    expect(canUse(owner, { permissions: ['connections:manage'] })).toBe(true);
    expect(canUse(owner, { permissions: [], flag: 'super-admin' })).toBe(false);
    expect(canUse({ ...owner, is_super_admin: true }, { permissions: [], flag: 'super-admin' })).toBe(true);
    expect(canUse(fulfillment, { permissions: GENERAL_SCREENS, flag: 'shopify' })).toBe(false);
    expect(canUse({ ...staff, business: { shopify_enabled: true } }, { permissions: GENERAL_SCREENS, flag: 'shopify' })).toBe(true);
    expect(canUse({ ...staff, is_system_sales: true }, { permissions: [], flag: 'system-sales' })).toBe(true);
  });
});
