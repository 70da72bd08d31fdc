import { describe, expect, it } from 'vitest';
import {
  type AccessUser,
  canManageUsers,
  canOpenAdmin,
  canOpenSystemSales,
  fulfillmentRedirect,
  hasShopify,
  isPathWithin,
  normalizePath,
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
    expect(fulfillmentRedirect('/dashboard', fulfillment)).toBe('/fulfillments');
    expect(fulfillmentRedirect('/products', fulfillment)).toBe('/fulfillments');
    expect(fulfillmentRedirect('/admin', { ...fulfillment, is_super_admin: true })).toBe('/fulfillments');
  });

  it('lets it stay on Fulfillments, Settings, scanning mode and its own profile', () => {
    for (const path of ['/fulfillments', '/retail/fulfillments', '/settings', '/settings/', '/scanning-mode', '/profile']) {
      expect(fulfillmentRedirect(path, fulfillment)).toBeNull();
    }
  });

  it('leaves other roles alone', () => {
    expect(fulfillmentRedirect('/dashboard', staff)).toBeNull();
    expect(fulfillmentRedirect('/products', { ...staff, role: 'owner' })).toBeNull();
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
