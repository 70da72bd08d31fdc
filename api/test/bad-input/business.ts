import type { FastifyInstance } from 'fastify';
import { startEbaySimulator } from '../../../tests/simulators/ebay/ebay-simulator.ts';
import { modules } from '../../src/modules/index.ts';
import { DEMO_LOGIN, seedDemo } from '../../src/seeders/demo.ts';
import { bearer, type TestApp } from '../helper.ts';
import { connectSimulator } from '../marketplace-support.ts';

/** The demo business's owner, signed in; the same e-mail is a super-admin (ADMIN_EMAILS), so every route reaches validation. */
export type Owner = { token: string; businessId: string };

/** Every id parameter of a business route, with its table, from the module definitions (as the tenancy suite reads them). */
function ownedTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const module of modules) for (const [param, { table }] of Object.entries(module.ownedIds ?? {})) tables.set(param, table);
  return tables;
}

const ownerCall = (app: FastifyInstance, owner: Owner, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1/businesses/${owner.businessId}${path}`,
    headers: bearer(owner.token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/**
 * The demo business (products, sizes, stock, sales, fulfillments) with one of every other row a
 * route's path can name, made the way its owner would, or as the sync engine writes them: a path
 * with a real id is how a request gets past the 404 of `ownedIds` to the validation under test.
 */
export async function demoBusinessWithOneOfEverything(
  t: TestApp,
): Promise<{ owner: Owner; ids: Map<string, string>; close: () => Promise<void> }> {
  await seedDemo(t.orm.em.fork());
  const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/json', payload: DEMO_LOGIN });
  const owner: Owner = { token: login.json().access_token, businessId: login.json().user.business.id };
  const call = (method: 'GET' | 'POST', path: string, payload?: unknown) => ownerCall(t.app, owner, method, path, payload);

  const [location] = (await call('GET', '/locations')).json() as { id: string }[];
  const store = (await call('POST', '/locations', { name: 'Back room', kind: 'warehouse' })).json() as { id: string };
  const products = (await call('GET', '/products?limit=1')).json() as { items: { id: string; variants: { id: string }[] }[] };
  const variantId = products.items[0]?.variants[0]?.id as string;
  const invitation = await call('POST', '/invitations', { email: 'new-hire@example.com', role: 'staff' });
  const made = [
    await call('POST', '/inventory/transfers', {
      from_location_id: location?.id,
      to_location_id: store.id,
      lines: [{ variant_id: variantId, quantity: 1 }],
    }),
    await call('POST', '/inventory/counts', { location_id: location?.id, name: 'Shelf A' }),
    await call('POST', '/pick-rules', { name: 'Store first', location_ids: [store.id] }),
    await call('POST', '/size-formats', { name: 'Kids run', category: 'sneakers', sizes: [{ value: '10C' }, { value: '11C' }] }),
    await call('POST', '/customers', { name: 'Casey Buyer', email: 'casey@example.com' }),
    // A size string nothing reads is queued for the super-admin's matching screen.
    await call('POST', '/sizes/normalise', { raw: 'size eleven-ish', source: 'manual' }),
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/bug-reports',
      headers: bearer(owner.token),
      payload: { description: 'The scanner beeps twice', route: '/packing', app_version: '1.0.0', user_agent: 'test' },
    }),
    invitation,
  ];
  for (const answer of made) if (answer.statusCode >= 300) throw new Error(`setup failed: ${answer.body}`);

  // A connection to the eBay simulator, as after OAuth: routes that talk to the marketplace get answers.
  const ebay = await startEbaySimulator({ acceptUrl: 'http://127.0.0.1:9/cb' });
  const { connectionId } = await connectSimulator(t.orm, owner.businessId, { platform: 'ebay', sim: ebay });
  const em = t.orm.em.fork();
  await em.execute(
    `INSERT INTO channel_listings (id, business_id, connection_id, product_id, status) VALUES (gen_random_uuid(), ?, ?, ?, 'active')`,
    [owner.businessId, connectionId, products.items[0]?.id],
  );
  await em.execute(
    `INSERT INTO batch_operations (id, business_id, connection_id, platform, operation_type, status, total)
     VALUES (gen_random_uuid(), ?, ?, 'ebay', 'list', 'completed', 1)`,
    [owner.businessId, connectionId],
  );
  await em.execute(
    `INSERT INTO media (id, business_id, content_type, original_content_type, bytes, original_bytes, width, height,
                        thumb_bytes, thumb_width, thumb_height)
     VALUES (gen_random_uuid(), ?, 'image/webp', 'image/jpeg', 1, 1, 1, 1, 1, 1, 1)`,
    [owner.businessId],
  );
  // An uploaded PDF's text lines, as PDF import keeps them for a day.
  await em.execute(
    `INSERT INTO purchase_import_documents (id, business_id, file_name, page_count, has_text, lines)
     VALUES (gen_random_uuid(), ?, 'invoice.pdf', 1, true, '[{"page":1,"text":"DD1391-100 Dunk Low 10 2 $110.00"}]')`,
    [owner.businessId],
  );

  const ids = new Map<string, string>();
  for (const [param, table] of ownedTables()) {
    const [row] = await em.execute<{ id: string }[]>(`SELECT id FROM ${table} WHERE business_id = ? ORDER BY id LIMIT 1`, [
      owner.businessId,
    ]);
    if (row) ids.set(param, row.id);
  }
  // A custom size format's id in a path carries its prefix (built-in formats have names: `us-men`).
  const format = ids.get('formatId');
  if (format) ids.set('formatId', `custom:${format}`);
  // Paths outside the business scope: the super-admin's rows, the invitee's link, the platforms.
  const [bugReport] = await em.execute<{ id: string }[]>(`SELECT id FROM bug_reports LIMIT 1`);
  const [queued] = await em.execute<{ id: string }[]>(`SELECT id FROM size_match_queue LIMIT 1`);
  if (bugReport) ids.set('bugReportId', bugReport.id);
  if (queued) ids.set('entryId', queued.id);
  ids.set('token', String((invitation.json() as { accept_path: string }).accept_path.split('/').pop()));
  ids.set('platform', 'ebay');
  ids.set('viewKey', 'products');
  return { owner, ids, close: () => ebay.close() };
}
