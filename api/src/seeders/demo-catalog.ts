import type { EntityManager } from '@mikro-orm/postgresql';
import { createProductBodySchema } from '@tradepost/shared/schemas/catalog.ts';
import { createAdjustmentBodySchema } from '@tradepost/shared/schemas/inventory.ts';
import { externalOrderSchema } from '@tradepost/shared/schemas/sales.ts';
import { newId } from '../db/ids.ts';
import { createProduct } from '../modules/catalog/public.ts';
import { postAdjustment } from '../modules/inventory/public.ts';
import { storeGeneratedImage } from '../modules/media/public.ts';
import { channelByKind, importChannelOrder, recordSale } from '../modules/sales/public.ts';
import { renderDemoPhoto } from './demo-photos.ts';

type Seed = {
  title: string;
  brand: string;
  style: string;
  colorway: string;
  price: number;
  cost: number;
  sizes: string[];
  /** The drawn photo's colours: upper, sole, accent, background. */
  colours: [string, string, string, string];
};

// Real-world shapes: what a small sneaker shop holds. Prices and costs in cents.
const catalog: Seed[] = [
  {
    title: 'Air Jordan 1 Retro High OG Chicago',
    brand: 'Jordan',
    style: 'DZ5485-612',
    colorway: 'Varsity Red/Black',
    price: 32_000,
    cost: 21_000,
    sizes: ['9', '9.5', '10', '10.5', '11'],
    colours: ['#c8102e', '#f4f1ea', '#111111', '#f3e3e3'],
  },
  {
    title: 'Nike Dunk Low Panda',
    brand: 'Nike',
    style: 'DD1391-100',
    colorway: 'White/Black',
    price: 13_500,
    cost: 9_000,
    sizes: ['8', '9', '10', '11', '12'],
    colours: ['#f7f7f7', '#f2f2f2', '#111111', '#dfe3e8'],
  },
  {
    title: 'New Balance 550 White Green',
    brand: 'New Balance',
    style: 'BB550WT1',
    colorway: 'White/Green',
    price: 12_000,
    cost: 7_500,
    sizes: ['8.5', '9.5', '10.5'],
    colours: ['#fbfbf8', '#f0eee6', '#1f6b3a', '#e4efe6'],
  },
  {
    title: 'Yeezy Boost 350 V2 Onyx',
    brand: 'adidas',
    style: 'HQ4540',
    colorway: 'Onyx',
    price: 26_000,
    cost: 19_000,
    sizes: ['9', '10', '11'],
    colours: ['#2b2b2b', '#3a3a3a', '#5a5a5a', '#e9e6e1'],
  },
  {
    title: 'Nike Air Max 1 Patta Waves',
    brand: 'Nike',
    style: 'DH1348-004',
    colorway: 'Black/Noise Aqua',
    price: 29_000,
    cost: 17_500,
    sizes: ['9', '10'],
    colours: ['#1d1d1d', '#e8e4da', '#3fb5b0', '#e2f1f0'],
  },
  {
    title: 'adidas Samba OG Cloud White',
    brand: 'adidas',
    style: 'B75806',
    colorway: 'Cloud White/Core Black',
    price: 11_000,
    cost: 6_500,
    sizes: ['8', '9', '10', '11'],
    colours: ['#fafafa', '#b98d5f', '#111111', '#efe9e1'],
  },
];

const barcodeFor = (i: number, j: number) => {
  // A valid UPC-A: 11 digits and their check digit.
  const body = `19${String(i).padStart(3, '0')}${String(j).padStart(2, '0')}0000`.slice(0, 11);
  const digits = [...body].map(Number);
  const sum = digits.reduce((total, digit, k) => total + digit * (k % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

/**
 * The demo business's shop: products with a drawn photo, sizes and barcodes, stock at two locations at known
 * costs, a few sales (in store, a manual order waiting to be picked, a Shopify order) and one
 * failed order, so every screen has something true to show on a first run.
 */
export async function seedDemoCatalog(em: EntityManager, businessId: string, userId: string): Promise<void> {
  const [main] = await em.execute<{ id: string }[]>('SELECT id FROM locations WHERE business_id = ? AND is_default', [businessId]);
  if (!main) return;
  const store = newId();
  await em.execute("INSERT INTO locations (id, business_id, name, kind) VALUES (?, ?, 'Store front', 'store')", [store, businessId]);

  const variants: { id: string; sku: string; price: number; cost: number }[][] = [];
  for (const [i, seed] of catalog.entries()) {
    // Each product comes with a photo, so it can be listed on every marketplace as it is.
    const [upper, sole, accent, background] = seed.colours;
    const photo = await storeGeneratedImage(em, {
      businessId,
      userId,
      contentType: 'image/jpeg',
      body: await renderDemoPhoto({ title: seed.title, upper, sole, accent, background }),
    });
    const productId = await createProduct(
      em,
      businessId,
      createProductBodySchema.parse({
        title: seed.title,
        brand: seed.brand,
        style_code: seed.style,
        colorway: seed.colorway,
        category: 'sneakers',
        size_format: 'us-men',
        retail_price_cents: seed.price,
        images: [{ media_id: photo.id }],
        variants: seed.sizes.map((size, j) => ({
          size,
          sku: `${seed.style}-${size}`,
          price_cents: seed.price,
          barcodes: [{ code: barcodeFor(i, j) }],
        })),
      }),
    );
    const rows = await em.execute<{ id: string; sku: string }[]>('SELECT id, sku FROM variants WHERE product_id = ? ORDER BY sku', [
      productId,
    ]);
    variants.push(rows.map((row) => ({ ...row, price: seed.price, cost: seed.cost })));
  }

  for (const [i, sizes] of variants.entries()) {
    await postAdjustment(
      em,
      businessId,
      userId,
      createAdjustmentBodySchema.parse({
        location_id: i % 3 === 2 ? store : main.id,
        note: 'Opening stock',
        lines: sizes.map((v, j) => ({ variant_id: v.id, quantity: 1 + ((i + j) % 3), reason: 'received', unit_cost_cents: v.cost })),
      }),
    );
  }

  const context = { businessId, userId };
  const line = (v: { id: string; price: number }, quantity = 1) => ({
    variantId: v.id,
    quantity,
    unitPriceCents: v.price,
    feesCents: 0,
    taxCents: 0,
  });
  const [jordans, dunks, , , , sambas] = variants as [
    (typeof variants)[number],
    (typeof variants)[number],
    unknown,
    unknown,
    unknown,
    (typeof variants)[number],
  ];
  const inStore = await channelByKind(em, businessId, 'in_store');
  const manual = await channelByKind(em, businessId, 'manual');
  const shopify = await channelByKind(em, businessId, 'shopify');
  if (jordans[0] && dunks[1] && sambas[0]) {
    await recordSale(
      em,
      context,
      inStore,
      { externalOrderId: 'demo-pos-1', shippingCents: 0, lines: [line(dunks[1])] },
      { immediate: true },
    );
    await recordSale(
      em,
      context,
      manual,
      {
        externalOrderId: 'demo-manual-1',
        customer: { name: 'Jordan Lee', email: 'jordan.lee@example.com' },
        shippingCents: 1_500,
        shippingAddress: {
          name: 'Jordan Lee',
          line1: '418 Valencia Street',
          line2: 'Apt 3',
          city: 'San Francisco',
          region: 'CA',
          postal_code: '94103',
          country: 'US',
        },
        lines: [line(jordans[0])],
      },
      { immediate: false },
    );
    await importChannelOrder(
      em,
      context,
      shopify,
      externalOrderSchema.parse({
        external_order_id: '#1042',
        customer: { name: 'Sam Rivera', email: 'sam.rivera@example.com' },
        shipping_address: {
          name: 'Sam Rivera',
          line1: '77 Atlantic Avenue',
          city: 'Brooklyn',
          region: 'NY',
          postal_code: '11201',
          country: 'US',
          phone: '+1 718 555 0199',
        },
        lines: [{ sku: sambas[0].sku, quantity: 1, unit_price_cents: sambas[0].price, fees_cents: 350 }],
      }),
    );
  }
  // An order for a SKU the shop never entered: it waits on Failed Orders to be mapped.
  await importChannelOrder(
    em,
    context,
    shopify,
    externalOrderSchema.parse({
      external_order_id: '#1043',
      customer: { name: 'Alex Kim' },
      lines: [{ sku: 'SHOPIFY-AJ4-BRED-10', title: 'Air Jordan 4 Bred Reimagined 10', quantity: 1, unit_price_cents: 25_000 }],
    }),
  );
}
