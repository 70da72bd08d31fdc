import { rolePermissions } from '@tradepost/shared/domain/permissions.ts';
import { roles } from '@tradepost/shared/schemas/auth.ts';
import { describe, expect, it } from 'vitest';
import { type AccessUser, canUse, scopeRedirect } from './access.ts';
import { activeLinkPath, isGroupOpen, linkPath, type NavEntry, type NavGroup, type NavLink, navigationFor } from './navigation.ts';

const staff: AccessUser = { role: 'staff', is_super_admin: false, is_system_sales: false, business: { shopify_enabled: true } };
const owner: AccessUser = { ...staff, role: 'owner' };

const labels = (entries: NavEntry[]) => entries.map((entry) => entry.label);
const group = (entries: NavEntry[], id: string) => entries.find((entry): entry is NavGroup => entry.kind === 'group' && entry.id === id);
const groupLabels = (entries: NavEntry[], id: string) => group(entries, id)?.items.map((item) => item.label);

describe('navigationFor (spec §2 Sidebar)', () => {
  it('lists the top level, the groups and the single items in the spec order', () => {
    expect(labels(navigationFor(owner))).toEqual([
      'Dashboard',
      'Quick Actions',
      'Settings',
      'Inventory',
      'Contacts',
      'Retail',
      'Marketplaces',
      'Wholesale',
      'Network',
      'Finances',
      'Analytics',
      'Users',
      'Report Bug',
    ]);
  });

  it('fills every group with the spec items', () => {
    const entries = navigationFor(owner);
    expect(groupLabels(entries, 'inventory')).toEqual([
      'Products',
      'Pre-Owned',
      'Inventory',
      'Adjustments',
      'Transfer',
      'Inventory Counts',
      'Purchase Orders',
    ]);
    expect(groupLabels(entries, 'contacts')).toEqual(['Vendors', 'Customers']);
    expect(groupLabels(entries, 'retail')).toEqual([
      'Shopify',
      'Sales Channels',
      'Sales',
      'Fulfillments',
      'Customers',
      'Pricing',
      'Consignment',
    ]);
    expect(groupLabels(entries, 'marketplaces')).toEqual([
      'Listings Control',
      'eBay Listings',
      'Sync Health',
      'Repricing',
      'Liquidation',
      'Sales',
      'Fulfillments',
      'Whatnot',
    ]);
    expect(groupLabels(entries, 'wholesale')).toEqual(['Orders', 'Reservations', 'Wholesale List', 'Offers']);
    expect(groupLabels(entries, 'network')).toEqual(['Messages', 'Connections', 'View Inventory', 'Sales', 'Purchases', 'Want to Buy']);
  });

  it('gives Vendors and Purchase Orders the purchasing read, so a role without it never sees them', () => {
    const links = (user: AccessUser) => navigationFor(user).flatMap((entry) => (entry.kind === 'group' ? entry.items : [entry]));
    for (const id of ['vendors', 'purchase-orders']) {
      const link = links(owner).find((entry) => entry.id === id) as NavLink | undefined;
      expect(link?.access.permissions, id).toContain('purchasing:read');
      expect(
        links(staff).some((entry) => entry.id === id),
        id,
      ).toBe(true);
      expect(
        links({ ...staff, role: 'fulfillment' }).some((entry) => entry.id === id),
        id,
      ).toBe(false);
    }
  });

  it('sends the spec-named links where the spec says', () => {
    const entries = navigationFor(owner);
    const target = (label: string) => entries.find((entry) => entry.label === label && entry.kind === 'link');
    expect(target('Quick Actions')).toMatchObject({ to: '/quick-actions#trade' });
    expect(group(entries, 'wholesale')?.items.find((item) => item.label === 'Offers')?.to).toBe('/wholesale/offers');
    expect(group(entries, 'marketplaces')?.items.find((item) => item.label === 'Listings Control')?.to).toBe('/listings/inventory-control');
    expect(group(entries, 'retail')?.items.find((item) => item.label === 'Sales')?.to).toBe('/retail/sales');
    expect(group(entries, 'marketplaces')?.items.find((item) => item.label === 'Sales')?.to).toBe('/sales');
  });

  it('shows Shopify only when the business has it enabled', () => {
    const noShopify = navigationFor({ ...owner, business: { shopify_enabled: false } });
    expect(groupLabels(noShopify, 'retail')).not.toContain('Shopify');
    expect(groupLabels(noShopify, 'retail')).toHaveLength(6);
  });

  it('shows Users to the owner only, Admin to super-admins only', () => {
    expect(labels(navigationFor(staff))).not.toContain('Users');
    expect(labels(navigationFor(staff))).not.toContain('Admin');
    expect(labels(navigationFor({ ...staff, is_super_admin: true })).at(-1)).toBe('Admin');
  });

  it('gives the fulfillment role only Fulfillments and Settings', () => {
    const entries = navigationFor({ ...owner, role: 'fulfillment', is_super_admin: true });
    expect(entries.map((entry) => [entry.label, entry.kind === 'link' ? entry.to : null])).toEqual([
      ['Fulfillments', '/fulfillments'],
      ['Settings', '/settings'],
    ]);
  });

  it('hides Inventory, Marketplaces, Wholesale, Network, Finances and Analytics from the system-sales account', () => {
    const entries = navigationFor({ ...owner, is_system_sales: true, is_super_admin: true });
    expect(labels(entries)).toEqual([
      'Dashboard',
      'Quick Actions',
      'Settings',
      'Contacts',
      'Retail',
      'Users',
      'System Sales',
      'Report Bug',
      'Admin',
    ]);
  });

  it('gives every link a distinct id', () => {
    const ids = navigationFor({ ...owner, is_super_admin: true, is_system_sales: true }).flatMap((entry) =>
      entry.kind === 'group' ? [entry.id, ...entry.items.map((item) => item.id)] : [entry.id],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

const links = (entries: NavEntry[]): NavLink[] =>
  entries.flatMap((entry) => (entry.kind === 'group' ? entry.items : entry.kind === 'link' ? [entry] : []));

describe('navigation derived from the role table', () => {
  const everyone: AccessUser[] = roles.flatMap((role) => [
    { ...staff, role },
    { ...staff, role, is_super_admin: true, is_system_sales: true, business: { shopify_enabled: false } },
  ]);

  it('lists only links the route guards let the user open, with their permissions in the role’s row', () => {
    for (const user of everyone) {
      for (const item of links(navigationFor(user))) {
        expect(scopeRedirect(linkPath(item.to), user), `${user.role} ${item.to}`).toBeNull();
        expect(canUse(user, item.access), `${user.role} ${item.to}`).toBe(true);
        for (const permission of item.access.permissions) expect(rolePermissions[user.role].has(permission)).toBe(true);
      }
    }
  });

  it('gives staff the owner’s sidebar without Users (team:manage is the owner’s alone)', () => {
    const ownerLabels = labels(navigationFor(owner));
    expect(labels(navigationFor(staff))).toEqual(ownerLabels.filter((label) => label !== 'Users'));
    expect(group(navigationFor(owner), 'retail')?.items).toEqual(group(navigationFor(staff), 'retail')?.items);
  });

  it('declares the permission or account flag each entry needs', () => {
    const entries = navigationFor({ ...owner, is_super_admin: true, is_system_sales: true });
    const byId = (id: string) => links(entries).find((item) => item.id === id);
    expect(byId('users')?.access.permissions).toContain('team:manage');
    expect(byId('admin')?.access.flag).toBe('super-admin');
    expect(byId('system-sales')?.access.flag).toBe('system-sales');
    expect(byId('retail-shopify')?.access.flag).toBe('shopify');
    expect(byId('retail-fulfillments')?.access.permissions).toEqual(['fulfillment:read', 'locations:read']);
    expect(byId('dashboard')?.access.permissions).toEqual(['inventory:read', 'sales:read', 'analytics:read']);
    const syncHealth = links(navigationFor(owner)).find((item) => item.id === 'sync-health');
    expect(syncHealth?.access.permissions).toContain('sync:read');
  });

  it('gives the fulfillment role only work its row of the table holds', () => {
    const entries = links(navigationFor({ ...owner, role: 'fulfillment' }));
    expect(entries.flatMap((item) => item.access.permissions).every((p) => rolePermissions.fulfillment.has(p))).toBe(true);
  });
});

describe('active link', () => {
  const entries = navigationFor(owner);

  it('picks the most specific link the page lies within', () => {
    expect(activeLinkPath('/inventory/counts/42/scanner', entries)).toBe('/inventory/counts');
    expect(activeLinkPath('/inventory', entries)).toBe('/inventory');
    expect(activeLinkPath('/inventory/debug', entries)).toBe('/inventory');
    expect(activeLinkPath('/dashboard/', entries)).toBe('/dashboard');
  });

  it('ignores anchors and does not match on a shared prefix alone', () => {
    expect(activeLinkPath('/quick-actions', entries)).toBe('/quick-actions');
    expect(activeLinkPath('/sales-channels-management', entries)).toBeNull();
    expect(activeLinkPath('/wholesale-orders/9/edit', entries)).toBe('/wholesale-orders');
    expect(linkPath('/quick-actions#trade')).toBe('/quick-actions');
  });

  it('opens a group the user never toggled only when it holds the current page', () => {
    const inventory = group(entries, 'inventory')!;
    expect(isGroupOpen(inventory, {}, '/inventory/counts')).toBe(true);
    expect(isGroupOpen(inventory, {}, '/dashboard')).toBe(false);
    expect(isGroupOpen(inventory, { inventory: false }, '/inventory/counts')).toBe(false);
    expect(isGroupOpen(inventory, { inventory: true }, '/dashboard')).toBe(true);
  });
});
