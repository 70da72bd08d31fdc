// Generated from the route list: every business route, called by a member of one business with the
// ids of another, answers 404 and changes nothing of either. A route added tomorrow is covered the day
// it lands (boot refuses an id parameter its module does not map to a table: platform/owned-ids.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../src/modules/index.ts';
import type { DeclaredRoute } from '../src/plugins/access.ts';
import { DEMO_LOGIN, seedDemo } from '../src/seeders/demo.ts';
import { bearer, createTestApp, databaseSnapshot, registerAndLogin, type SignedIn, type TestApp } from './helper.ts';

let t: TestApp;
let attacker: SignedIn;
let victim: { token: string; businessId: string };
/** One of the victim's rows per id parameter. */
const victimIds = new Map<string, string>();

/** Every id parameter of a business route, with its table, from the module definitions. */
function ownedTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const module of modules) {
    for (const [param, { table }] of Object.entries(module.ownedIds ?? {})) {
      const known = tables.get(param);
      if (known !== undefined && known !== table) throw new Error(`${param} means ${known} in one module and ${table} in ${module.name}`);
      tables.set(param, table);
    }
  }
  return tables;
}

const victimCall = (method: 'POST' | 'GET', path: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/businesses/${victim.businessId}${path}`,
    headers: bearer(victim.token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** What the demo business lacks, made the way its owner would (or, for marketplace rows, as the sync engine writes them). */
async function giveTheVictimOneOfEverything(): Promise<void> {
  const [location] = (await victimCall('GET', '/locations')).json() as { id: string }[];
  const store = (await victimCall('POST', '/locations', { name: 'Back room', kind: 'warehouse' })).json() as { id: string };
  const products = (await victimCall('GET', '/products?limit=1')).json() as { items: { id: string; variants: { id: string }[] }[] };
  const variantId = products.items[0]?.variants[0]?.id as string;
  const made = [
    await victimCall('POST', '/inventory/transfers', {
      from_location_id: location?.id,
      to_location_id: store.id,
      lines: [{ variant_id: variantId, quantity: 1 }],
    }),
    await victimCall('POST', '/inventory/counts', { location_id: location?.id, name: 'Shelf A' }),
    await victimCall('POST', '/pick-rules', { name: 'Store first', location_ids: [store.id] }),
    await victimCall('POST', '/size-formats', { name: 'Kids run', category: 'sneakers', sizes: [{ value: '10C' }, { value: '11C' }] }),
    await victimCall('POST', '/invitations', { email: 'new-hire@example.com', role: 'staff' }),
  ];
  for (const answer of made) expect(answer.statusCode, answer.body).toBeLessThan(300);
  const em = t.orm.em.fork();
  const [channel] = await em.execute<{ id: string }[]>(`SELECT id FROM sales_channels WHERE business_id = ? AND kind = 'ebay'`, [
    victim.businessId,
  ]);
  const [connection] = await em.execute<{ id: string }[]>(
    `INSERT INTO channel_connections (id, business_id, channel_id, platform, environment, api_base_url, status)
     VALUES (gen_random_uuid(), ?, ?, 'ebay', 'simulator', 'http://127.0.0.1:9', 'connected') RETURNING id`,
    [victim.businessId, channel?.id],
  );
  await em.execute(
    `INSERT INTO channel_listings (id, business_id, connection_id, product_id, status)
     VALUES (gen_random_uuid(), ?, ?, ?, 'active')`,
    [victim.businessId, connection?.id, products.items[0]?.id],
  );
  await em.execute(
    `INSERT INTO batch_operations (id, business_id, connection_id, platform, operation_type, status, total)
     VALUES (gen_random_uuid(), ?, ?, 'ebay', 'list', 'completed', 1)`,
    [victim.businessId, connection?.id],
  );
  await em.execute(
    `INSERT INTO media (id, business_id, content_type, original_content_type, bytes, original_bytes, width, height,
                        thumb_bytes, thumb_width, thumb_height)
     VALUES (gen_random_uuid(), ?, 'image/webp', 'image/jpeg', 1, 1, 1, 1, 1, 1, 1)`,
    [victim.businessId],
  );
  // An uploaded PDF's text lines, as PDF import keeps them for a day.
  await em.execute(
    `INSERT INTO purchase_import_documents (id, business_id, file_name, page_count, has_text, lines)
     VALUES (gen_random_uuid(), ?, 'invoice.pdf', 1, true, '[{"page":1,"text":"DD1391-100 Dunk Low 10 2 $110.00"}]')`,
    [victim.businessId],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  // The victim is the demo business: products, sizes, stock, sales, fulfillments, a failed order.
  await seedDemo(t.orm.em.fork());
  const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/json', payload: DEMO_LOGIN });
  victim = { token: login.json().access_token, businessId: login.json().user.business.id };
  attacker = await registerAndLogin(t.app, { business_name: 'Curious Neighbour' });
  await giveTheVictimOneOfEverything();
  const em = t.orm.em.fork();
  for (const [param, table] of ownedTables()) {
    const [row] = await em.execute<{ id: string }[]>(`SELECT id FROM ${table} WHERE business_id = ? LIMIT 1`, [victim.businessId]);
    if (row) victimIds.set(param, row.id);
  }
});
afterAll(async () => t.close());

const businessRoutes = () =>
  t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/businesses/:businessId') && r.access !== 'super-admin' && !r.tokenInQuery);

/** The route with the victim's ids, in the given business's path. */
const urlWith = (route: DeclaredRoute, businessId: string) =>
  route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (name === 'businessId') return businessId;
    if (name === 'platform') return 'ebay';
    if (name === 'viewKey') return 'products';
    if (name === 'code') return '012345678905';
    return victimIds.get(name) ?? `missing-${name}`;
  });

const send = (route: DeclaredRoute, url: string) =>
  t.app.inject({
    method: route.method as 'GET',
    url,
    headers: bearer(attacker.token),
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('tenancy, generated from the route list', () => {
  it("has one of the victim's rows for every id parameter a business route takes", () => {
    const params = new Set(businessRoutes().flatMap((r) => [...r.url.matchAll(/:([A-Za-z]+Id)\b/g)].map((m) => m[1] as string)));
    params.delete('businessId');
    expect([...params].filter((p) => !victimIds.has(p))).toEqual([]);
    expect(params.size).toBeGreaterThan(12);
  });

  it("answers 404 to every business route called in another business's path, changing nothing", async () => {
    const before = await databaseSnapshot(t.orm);
    const leaks: string[] = [];
    for (const route of businessRoutes()) {
      const res = await send(route, urlWith(route, victim.businessId));
      if (res.statusCode !== 404) leaks.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it("answers 404 to every route given another business's ids in one's own path, changing nothing", async () => {
    const withIds = businessRoutes().filter((r) => /:[A-Za-z]+Id\b/.test(r.url.replace(':businessId', '')));
    expect(withIds.length).toBeGreaterThan(40);
    const before = await databaseSnapshot(t.orm);
    const leaks: string[] = [];
    for (const route of withIds) {
      const res = await send(route, urlWith(route, attacker.businessId));
      if (res.statusCode !== 404) leaks.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(leaks).toEqual([]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});
