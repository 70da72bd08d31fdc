import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SaleListParams } from '@tradepost/shared/query/sales.ts';
import { salesKeys } from '@tradepost/shared/query/sales.ts';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SalesPage } from '../list/sales-page.tsx';
import { CancelledSalesPage } from './cancelled-sales-page.tsx';

// Nothing is fetched: the session and the (empty) sales lists are in the query cache already.
vi.mock('../../../app/api.ts', () => ({ api: { get: vi.fn() } }));

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'owner@example.com',
  username: 'owner',
  first_name: null,
  last_name: null,
  role: 'owner',
  timezone: 'UTC',
  demo_mode: false,
  is_super_admin: false,
  is_system_sales: false,
  business: { id: '00000000-0000-4000-8000-000000000002', currency: 'USD', business_name: 'Empty Kicks', shopify_enabled: false },
} as User;

function render(page: ReactElement, status: SaleListParams['status']) {
  const client = new QueryClient();
  client.setQueryData(sessionKeys.me(), user);
  client.setQueryData(salesKeys.list(user.business.id, { q: '', status, channel: 'all', offset: 0 }), { items: [], total: 0 });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the two sales lists', () => {
  it('Cancelled Sales says it has no cancelled sales, and links to the other sales and fulfillment screens', () => {
    const html = render(<CancelledSalesPage />, 'cancelled');
    expect(html).toMatch(/<h1[^>]*>Cancelled Sales<\/h1>/);
    expect(text(html)).toContain('No cancelled sales');
    expect(text(html)).not.toContain('No sales yet');
    expect(html).toMatch(/<a href="\/cancelled-sales" aria-current="page"/);
    for (const href of ['/sales', '/failed-orders', '/pick-rules', '/fulfillments']) expect(html).toContain(`<a href="${href}"`);
  });

  it('the sales list is headed All Sales, apart from the counter’s Retail Sales, and keeps its own empty state', () => {
    const html = render(<SalesPage />, 'all');
    expect(html).toMatch(/<h1[^>]*>All Sales<\/h1>/);
    expect(text(html)).toContain('No sales yet');
    expect(html).toMatch(/<a href="\/sales" aria-current="page"/);
    expect(html).toContain('<a href="/cancelled-sales"');
  });
});
