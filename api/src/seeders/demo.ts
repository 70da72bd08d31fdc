import type { EntityManager } from '@mikro-orm/postgresql';
import { createPurchaseOrderBodySchema, vendorInputSchema } from '@tradepost/shared/schemas/purchasing.ts';
import { register } from '../modules/auth/public.ts';
import { Business } from '../modules/businesses/public.ts';
import { createPurchaseOrder, createVendor, transitionPurchaseOrder } from '../modules/purchasing/public.ts';
import { runWorkflow } from '../platform/workflow.ts';
import { seedDemoCatalog } from './demo-catalog.ts';

export const DEMO_LOGIN = { email: 'demo@tradepost.app', password: 'Kicks-Lantern-Orbit-26' };

/** On an empty database, creates a demo business with a small shop so a first run has someone to sign in as and something to see. */
export async function seedDemo(em: EntityManager): Promise<typeof DEMO_LOGIN | null> {
  if ((await em.count(Business, {})) > 0) return null;
  const user = await register(em, {
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    business_name: 'Demo Kicks & Collectibles',
    first_name: 'Dana',
    last_name: 'Demo',
    username: 'demo',
    timezone: 'America/New_York',
  });
  await seedDemoCatalog(em, user.business.id, user.id);
  await seedDemoPurchasing(em, user.business.id, user.id);
  return DEMO_LOGIN;
}

/**
 * One vendor with two purchase orders, so the purchasing screens show something true: a restock of
 * Dunks that is ordered and partly received (lots at the landed cost, shipping spread by value) and
 * a draft of Sambas still being put together. Two walk-in sellers bought from at the counter: one
 * paid in cash, one waiting on a bank transfer (Quick Actions → Check payouts).
 */
async function seedDemoPurchasing(em: EntityManager, businessId: string, userId: string): Promise<void> {
  const skus = ['DD1391-100-9', 'DD1391-100-10', 'B75806-9', 'B75806-10'];
  const rows = await em.execute<{ id: string; sku: string }[]>(
    'SELECT id, sku FROM variants WHERE business_id = ? AND sku IN (?, ?, ?, ?)',
    [businessId, ...skus],
  );
  const [main] = await em.execute<{ id: string }[]>('SELECT id FROM locations WHERE business_id = ? AND is_default', [businessId]);
  const size = (sku: string) => rows.find((row) => row.sku === sku)?.id;
  const [dunk9, dunk10, samba9, samba10] = skus.map(size);
  if (!main || !dunk9 || !dunk10 || !samba9 || !samba10) return;
  const vendor = await createVendor(
    em,
    businessId,
    vendorInputSchema.parse({
      name: 'Kicks Wholesale Co.',
      contact_name: 'Mara Stone',
      email: 'orders@kickswholesale.example',
      phone: '+1 212 555 0142',
      terms: 'Net 30',
      notes: 'Ships from New Jersey; cut-off 2 pm for next-day delivery.',
    }),
  );
  const restock = await createPurchaseOrder(
    em,
    businessId,
    userId,
    createPurchaseOrderBodySchema.parse({
      vendor_id: vendor.id,
      location_id: main.id,
      expected_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      landed_costs: { shipping_cents: 2_400, duties_cents: 0, fees_cents: 600, spread: 'value' },
      lines: [
        { variant_id: dunk9, quantity: 4, unit_cost_cents: 8_800 },
        { variant_id: dunk10, quantity: 2, unit_cost_cents: 8_800 },
      ],
    }),
  );
  await transitionPurchaseOrder(em, businessId, restock.id, 'order');
  const [firstLine] = restock.lines;
  if (firstLine)
    await runWorkflow(
      em,
      'purchase.receive',
      { businessId, userId },
      {
        purchaseOrderId: restock.id,
        locationId: main.id,
        lines: [{ lineId: firstLine.id, quantity: 2 }],
        confirmOverReceipt: false,
        method: 'manual',
      },
    );
  await createPurchaseOrder(
    em,
    businessId,
    userId,
    createPurchaseOrderBodySchema.parse({
      vendor_id: vendor.id,
      location_id: main.id,
      note: 'Waiting on the spring price list',
      lines: [
        { variant_id: samba9, quantity: 3, unit_cost_cents: 6_200 },
        { variant_id: samba10, quantity: 3, unit_cost_cents: 6_200 },
      ],
    }),
  );
  const counter = { businessId, userId };
  const bought = { locationId: main.id, lotSource: 'in_store_purchase', tradeId: null } as const;
  await runWorkflow(em, 'purchase.in_store', counter, {
    ...bought,
    seller: { customer: { name: 'Jordan Reyes', phone: '+1 917 555 0188' } },
    lines: [{ variantId: dunk10, quantity: 1, unitPriceCents: 7_000 }],
    payout: { method: 'cash' },
    note: 'Worn once, original box',
  });
  await runWorkflow(em, 'purchase.in_store', counter, {
    ...bought,
    seller: { customer: { name: 'Priya Nair', email: 'priya.nair@example.com' } },
    lines: [{ variantId: samba9, quantity: 2, unitPriceCents: 5_500 }],
    payout: { method: 'bank_transfer', details: { account_holder: 'Priya Nair', account_number: 'DE89370400440532013000' } },
    note: null,
  });
  // A trade: a customer's Samba 10 in, one of our Samba 9s out, the difference paid in cash.
  await runWorkflow(em, 'trade.record', counter, {
    customer: { customer: { name: 'Sam Ortiz' } },
    locationId: main.id,
    incoming: [{ variantId: samba10, quantity: 1, unitPriceCents: 6_000 }],
    outgoing: [{ variantId: samba9, quantity: 1, unitPriceCents: 9_000 }],
    paymentMethod: 'cash',
    payout: null,
    note: null,
  });
}
