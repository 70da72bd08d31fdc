import type { Role } from '@tradepost/shared/schemas/auth.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../shell/access.ts';
import { SalesShortcutsView, salesShortcuts } from './sales-shortcuts.tsx';

const user = (role: Role): AccessUser => ({ role, is_super_admin: false, is_system_sales: false, business: { shopify_enabled: false } });

describe('salesShortcuts', () => {
  it('offers every sales and fulfillment screen to the owner and staff, the current one marked', () => {
    for (const role of ['owner', 'staff'] as const) {
      expect(salesShortcuts(user(role), '/fulfillments')).toEqual([
        { to: '/sales', label: 'All Sales', current: false },
        { to: '/cancelled-sales', label: 'Cancelled Sales', current: false },
        { to: '/failed-orders', label: 'Failed Orders', current: false },
        { to: '/fulfillments', label: 'Fulfillments', current: true },
        { to: '/pick-rules', label: 'Pick Rules', current: false },
      ]);
    }
  });

  it('shows nothing to the fulfillment role, whose only screen of these is Fulfillments, nor before the user loads', () => {
    expect(salesShortcuts(user('fulfillment'), '/fulfillments')).toEqual([]);
    expect(salesShortcuts(undefined, '/sales')).toEqual([]);
  });
});

describe('SalesShortcutsView', () => {
  it('is a named navigation of plain links, one click to cancelled sales, failed orders and pick rules', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SalesShortcutsView shortcuts={salesShortcuts(user('owner'), '/sales')} />
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<nav[^>]*aria-label="Sales and fulfillment screens"/);
    const links = [...html.matchAll(/<a href="([^"]+)"([^>]*)>([^<]+)<\/a>/g)].map(([, href, rest, label]) => ({
      href,
      label,
      current: rest?.includes('aria-current="page"') ?? false,
    }));
    expect(links).toEqual([
      { href: '/sales', label: 'All Sales', current: true },
      { href: '/cancelled-sales', label: 'Cancelled Sales', current: false },
      { href: '/failed-orders', label: 'Failed Orders', current: false },
      { href: '/fulfillments', label: 'Fulfillments', current: false },
      { href: '/pick-rules', label: 'Pick Rules', current: false },
    ]);
  });

  it('renders nothing without shortcuts', () => {
    expect(renderToStaticMarkup(<SalesShortcutsView shortcuts={[]} />)).toBe('');
  });
});
