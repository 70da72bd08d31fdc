import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sessionKeys } from '@tradepost/shared/query/session.ts';
import { syncKeys } from '@tradepost/shared/query/sync.ts';
import type { User } from '@tradepost/shared/schemas/auth.ts';
import type { ChannelSettings, ProductChannelSettings } from '@tradepost/shared/schemas/channel-settings.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { planChannelSave } from './channel-settings-form.ts';
import { ChannelSettingsSection } from './channel-settings-section.tsx';

// The unit project runs in Node without a DOM: the section is rendered to markup from a filled
// query cache (nothing is fetched) and read as text.
vi.mock('../../../app/api.ts', () => ({ api: { get: vi.fn(), put: vi.fn() } }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const productId = id(50);
const scope = { businessId: id(2), currency: 'USD', basePath: `/businesses/${id(2)}` };
const userAs = (role: User['role']) =>
  ({
    id: id(1),
    email: 'owner@example.com',
    username: 'owner',
    first_name: null,
    last_name: null,
    role,
    timezone: 'UTC',
    demo_mode: false,
    is_super_admin: false,
    is_system_sales: false,
    business: { id: id(2), currency: 'USD', business_name: 'Channel Kicks', shopify_enabled: true },
  }) as User;

const connection = (n: number, platform: 'ebay' | 'shopify') => ({
  id: id(n),
  platform,
  account_name: platform === 'ebay' ? 'channelkicks' : 'channel-kicks.myshopify.com',
  environment: 'simulator' as const,
  status: 'connected' as const,
  sync_enabled: true,
  quantity_buffer: 0,
});
const sizes = (onListing: boolean): ChannelSettings['sizes'] => [
  {
    variant_id: id(11),
    size: '9',
    sku: 'AM90-9',
    listed: true,
    on_listing: onListing,
    price_override_cents: 15_000,
    default_price_cents: 14_000,
    default_price_source: 'product',
  },
  {
    variant_id: id(12),
    size: '10',
    sku: 'AM90-10',
    listed: false,
    on_listing: false,
    price_override_cents: null,
    default_price_cents: 14_000,
    default_price_source: 'rule',
  },
];
const ebay: ChannelSettings = {
  connection: connection(21, 'ebay'),
  listing: { id: id(31), status: 'active', last_error: null, external_url: null },
  title: 'Air Max 90 Infrared',
  default_title: 'Nike Air Max 90 Infrared (2020)',
  sizes: sizes(true),
  ebay: {
    category_id: null,
    default_category_id: '15709',
    condition: 'new_other',
    default_condition: 'new',
    aspects: [{ name: 'Color', values: ['White', 'Infrared'] }],
  },
};
const shopify: ChannelSettings = {
  connection: connection(22, 'shopify'),
  listing: null,
  title: null,
  default_title: 'Nike Air Max 90 Infrared (2020)',
  sizes: sizes(false),
  ebay: null,
};

function render(settings: ProductChannelSettings, role: User['role'] = 'owner') {
  const client = new QueryClient();
  client.setQueryData(sessionKeys.me(), userAs(role));
  client.setQueryData(syncKeys.channelSettings(scope.businessId, productId), settings);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ChannelSettingsSection scope={scope} product={{ id: productId }} currency="USD" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
/** The one input tag carrying this attribute. */
const inputWith = (html: string, attribute: string) => {
  const found = html.match(new RegExp(`<input[^>]*${attribute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^>]*>`));
  if (!found) throw new Error(`no input with ${attribute}`);
  return found[0];
};
/** The markup of one channel's card. */
const card = (html: string, connectionId: string) => {
  const start = html.indexOf(`aria-labelledby="channel-${connectionId}"`);
  const end = html.indexOf('aria-labelledby="channel-', start + 1);
  return html.slice(start, end === -1 ? undefined : end);
};

describe('ChannelSettingsSection', () => {
  it('shows a card per connected marketplace: title with the default as placeholder, sizes with listed and price, eBay’s own fields', () => {
    const html = render({ channels: [ebay, shopify] });
    const ebayCard = card(html, id(21));
    const shopifyCard = card(html, id(22));
    expect(text(ebayCard)).toContain('eBay');
    expect(text(ebayCard)).toContain('Listed');
    expect(ebayCard).toContain('value="Air Max 90 Infrared"');
    expect(ebayCard).toContain('placeholder="Nike Air Max 90 Infrared (2020)"');
    // Size 9 is on the live listing (its box checked and locked), size 10 kept off; prices typed or the default as placeholder.
    const listed9 = inputWith(ebayCard, 'aria-label="List size 9 on eBay"');
    expect(listed9).toContain('checked=""');
    expect(listed9).toContain('disabled=""');
    expect(text(ebayCard)).toContain('Live');
    expect(inputWith(ebayCard, 'aria-label="List size 10 on eBay"')).not.toContain('checked');
    expect(inputWith(ebayCard, 'aria-label="Price of size 9 on eBay"')).toContain('value="150.00"');
    expect(inputWith(ebayCard, 'aria-label="Price of size 10 on eBay"')).toContain('placeholder="$140.00"');
    // eBay: category with its default, the condition chosen among eBay's names, the item specifics.
    expect(ebayCard).toContain('placeholder="15709"');
    expect(text(ebayCard)).toContain('From the product: New (1000)');
    expect(ebayCard).toMatch(/<option value="new_other" selected="">New other, see details \(1500\)<\/option>/);
    expect(ebayCard).toContain('value="Color"');
    expect(ebayCard).toContain('value="White, Infrared"');
    expect(text(ebayCard)).toContain('Save eBay settings');
    // Shopify: the same sizes, no eBay fields, not listed yet.
    expect(text(shopifyCard)).toContain('Not listed');
    expect(shopifyCard).not.toContain('Item specifics');
    expect(shopifyCard).not.toContain('eBay category');
    expect(text(shopifyCard)).toContain('Save Shopify settings');
  });

  it('with no marketplace connected, says so and links to connect one', () => {
    const html = render({ channels: [] });
    expect(text(html)).toContain('No marketplace is connected yet.');
    expect(html).toContain('href="/sales-channels"');
    expect(html).not.toContain('Save ');
  });

  it('shows nothing to a role that may not read listings', () => {
    expect(render({ channels: [ebay] }, 'fulfillment')).toBe('');
  });
});

describe('planChannelSave', () => {
  const form = {
    title: '',
    sizes: { [id(11)]: { listed: true, price: '150' }, [id(12)]: { listed: true, price: 'abc' } },
    categoryId: ' 15709 ',
    condition: '' as const,
    aspects: [
      { name: 'Color', values: 'White, Infrared,' },
      { name: '', values: '' },
    ],
  };

  it('reads typed text into the body, row by row, and names what it cannot read', () => {
    const plan = planChannelSave(ebay, form, 'USD');
    expect(plan.body).toEqual({
      title: null,
      sizes: [
        { variant_id: id(11), listed: true, price_cents: 15_000 },
        { variant_id: id(12), listed: true, price_cents: null },
      ],
      ebay: { category_id: '15709', condition: null, aspects: [{ name: 'Color', values: ['White', 'Infrared'] }] },
    });
    expect(plan.local).toEqual({ 'sizes.1.price_cents': 'Type a price such as 129.99, or leave it blank' });
    expect(plan.changed).toBe(true);
  });

  it('sees no change in the settings as saved, and sends no eBay fields to another marketplace', () => {
    const same = {
      title: '',
      sizes: { [id(11)]: { listed: true, price: '150.00' }, [id(12)]: { listed: false, price: '' } },
      categoryId: '',
      condition: '' as const,
      aspects: [],
    };
    const plan = planChannelSave(shopify, same, 'USD');
    expect(plan.changed).toBe(false);
    expect(plan.body).not.toHaveProperty('ebay');
  });
});
