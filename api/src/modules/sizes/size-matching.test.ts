import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { normaliseSizeString } from './size-matching.service.ts';

let t: TestApp;
let admin: SignedIn;
let shop: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'sizes@tradepost.app' });
  admin = await registerAndLogin(t.app, { email: 'sizes@tradepost.app', business_name: 'Tradepost HQ' });
  shop = await registerAndLogin(t.app, { business_name: 'Sole Shop' });
  other = await registerAndLogin(t.app, { business_name: 'Second Shop' });
});
afterAll(async () => t.close());

const normalise = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/businesses/${who.businessId}/sizes/normalise`, headers: bearer(who.token), payload });
const adminCall = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, who: SignedIn = admin) =>
  t.app.inject({ method, url: `/api/v1/admin/size-matching${path}`, headers: bearer(who.token), ...(payload ? { payload } : {}) });

type Entry = { id: string; raw: string; pattern: string; seen_count: number; sources: string[]; businesses: { name: string }[] };
const openEntries = async (): Promise<Entry[]> => (await adminCall('GET', '/queue')).json().items;

describe('normalising size strings', () => {
  it('reads known spellings without queueing them', async () => {
    const read = await normalise(shop, { raw: "Men's US 10.5", source: 'ebay' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      match: { format: 'us-men', format_name: 'US Men', size: '10.5', label: 'US M 10.5', via: 'built_in', confidence: 'exact' },
      queued: false,
    });
    const converted = await normalise(shop, { raw: 'EU 44.5', format_hint: 'us-men', source: 'shopify' });
    expect(converted.json().match).toMatchObject({ format: 'us-men', size: '10.5', confidence: 'converted' });
    expect(await openEntries()).toEqual([]);
  });

  it('queues an unread string once per spelling, counting sightings, sources and businesses', async () => {
    for (const [who, raw, source] of [
      [shop, '10.5 Wide', 'ebay'],
      [shop, '10.5  WIDE', 'csv_import'],
      [other, ' 10.5 wide', 'ebay'],
    ] as const) {
      const answer = await normalise(who, { raw, source });
      expect(answer.json()).toEqual({ match: null, queued: true });
    }
    const entries = await openEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ raw: '10.5 Wide', pattern: '10.5 wide', seen_count: 3, sources: ['ebay', 'csv_import'] });
    expect(entries[0]?.businesses.map((b) => b.name)).toEqual(['Sole Shop', 'Second Shop']);
    const listed = (await adminCall('GET', '/queue')).json();
    expect(listed.items[0].suggestions[0]).toEqual({ format_id: 'us-men', size: '10.5', label: 'US M 10.5' });
    expect(listed.counts).toMatchObject({ open: 1, matched: 0, dismissed: 0 });
  });

  it('an admin match becomes a rule that answers from then on, for every business', async () => {
    const [entry] = await openEntries();
    const matched = await adminCall('POST', `/queue/${entry?.id}/match`, { format_id: 'us-men', size: '10.5' });
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toMatchObject({
      rule: { pattern: '10.5 wide', format_id: 'us-men', size: '10.5', label: 'US M 10.5', business: null, created_by: admin.email },
      matched_entries: 1,
    });
    expect(await openEntries()).toEqual([]);

    const again = await normalise(other, { raw: '10.5 Wide', source: 'ebay' });
    expect(again.json()).toEqual({
      match: { format: 'us-men', format_name: 'US Men', size: '10.5', label: 'US M 10.5', via: 'rule', confidence: 'exact' },
      queued: false,
    });
    // The rule's size is converted into the product's format like any reading.
    const inEu = await normalise(shop, { raw: '10.5 wide', format_hint: 'eu', source: 'ebay' });
    expect(inEu.json().match).toMatchObject({ format: 'eu', size: '44.5', via: 'rule', confidence: 'converted' });
    // And the service the imports call answers the same.
    expect(await normaliseSizeString(t.orm.em.fork(), { businessId: shop.businessId, raw: '10.5 WIDE', source: 'ebay' })).toEqual({
      format: 'us-men',
      size: '10.5',
      via: 'rule',
      confidence: 'exact',
    });
    const matchedList = (await adminCall('GET', '/queue?status=matched')).json();
    expect(matchedList.items[0].rule).toEqual({ format_id: 'us-men', size: '10.5', label: 'US M 10.5' });
  });

  it('marks identical entries matched, and deleting the rule sends them back to the queue', async () => {
    await normalise(shop, { raw: 'Kids 5', source: 'ebay' });
    await normalise(shop, { raw: 'kids 5', format_hint: 'gs', source: 'shopify' });
    const entries = await openEntries();
    expect(entries.map((e) => e.pattern)).toEqual(['kids 5', 'kids 5']);
    const matched = await adminCall('POST', `/queue/${entries[0]?.id}/match`, { format_id: 'gs', size: '5y' });
    expect(matched.json().matched_entries).toBe(2);
    expect(matched.json().rule.size).toBe('5Y');
    expect(await openEntries()).toEqual([]);
    expect((await normalise(shop, { raw: 'Kids 5', format_hint: 'gs', source: 'ebay' })).json().match).toMatchObject({
      format: 'gs',
      size: '5Y',
    });

    const rules = (await adminCall('GET', '/rules')).json();
    expect(rules.items.map((r: { pattern: string }) => r.pattern)).toEqual(['kids 5', '10.5 wide']);
    const kids = rules.items[0];
    expect((await adminCall('DELETE', `/rules/${kids.id}`)).statusCode).toBe(204);
    expect((await openEntries()).map((e) => e.pattern)).toEqual(['kids 5', 'kids 5']);
    expect((await normalise(shop, { raw: 'Kids 5', source: 'ebay' })).json()).toEqual({ match: null, queued: true });
    expect((await adminCall('DELETE', `/rules/${kids.id}`)).statusCode).toBe(404);
  });

  it('a match into a custom format makes a rule for that business only', async () => {
    const format = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/businesses/${shop.businessId}/size-formats`,
        headers: bearer(shop.token),
        payload: { name: 'Rings', sizes: [{ value: 'Ring 6' }, { value: 'Ring 7' }] },
      })
    ).json();
    expect((await normalise(shop, { raw: 'Size: ring 7', format_hint: format.id, source: 'manual' })).json().match).toMatchObject({
      format: format.id,
      format_name: 'Rings',
      size: 'Ring 7',
      via: 'custom',
    });
    await normalise(shop, { raw: 'R7 band', format_hint: format.id, source: 'shopify' });
    const entry = (await openEntries()).find((e) => e.pattern === 'r7 band');
    const listed = (await adminCall('GET', '/queue')).json().items.find((e: Entry) => e.id === entry?.id);
    expect(listed.custom_formats.map((f: { id: string }) => f.id)).toEqual([format.id]);
    expect(listed.format_hint_name).toBe('Rings');

    const wrongSize = await adminCall('POST', `/queue/${entry?.id}/match`, { format_id: format.id, size: 'Ring 9' });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().error.details).toEqual([{ field: 'size', message: 'Ring 9 is not in Rings' }]);

    const matched = await adminCall('POST', `/queue/${entry?.id}/match`, { format_id: format.id, size: 'ring 7' });
    expect(matched.json().rule).toMatchObject({ format_name: 'Rings', size: 'Ring 7', business: { name: 'Sole Shop' } });
    expect((await normalise(shop, { raw: 'R7 band', format_hint: format.id, source: 'shopify' })).json().match).toMatchObject({
      format: format.id,
      size: 'Ring 7',
      via: 'rule',
    });
    // Another business neither gets the rule nor may name the format.
    expect((await normalise(other, { raw: 'R7 band', source: 'shopify' })).json()).toEqual({ match: null, queued: true });
    const foreign = await normalise(other, { raw: 'R7 band', format_hint: format.id, source: 'shopify' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toEqual([{ field: 'format_hint', message: 'Unknown size format' }]);
  });

  it('an admin dismisses an entry', async () => {
    await normalise(shop, { raw: 'N/A', source: 'csv_import' });
    const entry = (await openEntries()).find((e) => e.pattern === 'n/a');
    const dismissed = await adminCall('POST', `/queue/${entry?.id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ status: 'dismissed', raw: 'N/A' });
    expect((await openEntries()).map((e) => e.pattern)).not.toContain('n/a');
    // Seen again, it stays dismissed but is still counted.
    await normalise(shop, { raw: 'n/a', source: 'csv_import' });
    const dismissedList = (await adminCall('GET', '/queue?status=dismissed')).json();
    expect(dismissedList.items.find((e: Entry) => e.id === entry?.id).seen_count).toBe(2);
  });

  it('bad input names the fields and writes nothing; only super-admins work the queue', async () => {
    const before = await databaseSnapshot(t.orm);
    const bad = await normalise(shop, { raw: '   ', source: 'fax', format_hint: 'shoe' });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad).sort()).toEqual(['format_hint', 'raw', 'source']);
    const [entry] = await openEntries();
    const badMatch = await adminCall('POST', `/queue/${entry?.id}/match`, { format_id: 'us-men', size: '25' });
    expect(badMatch.statusCode).toBe(400);
    expect(badMatch.json().error.details).toEqual([{ field: 'size', message: '25 is not in the US Men size run' }]);
    const noFormat = await adminCall('POST', `/queue/${entry?.id}/match`, {
      format_id: 'custom:0190a000-0000-7000-8000-000000000000',
      size: '1',
    });
    expect(noFormat.json().error.details[0].field).toBe('format_id');
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    for (const [method, path] of [
      ['GET', '/queue'],
      ['GET', '/rules'],
      ['POST', `/queue/${entry?.id}/dismiss`],
      ['DELETE', '/rules/0190a000-0000-7000-8000-000000000000'],
    ] as const) {
      expect((await adminCall(method, path, undefined, shop)).statusCode).toBe(403);
    }
    expect((await adminCall('POST', `/queue/${entry?.id}/match`, { format_id: 'us-men', size: '10' }, shop)).statusCode).toBe(403);
    expect((await adminCall('POST', '/queue/0190a000-0000-7000-8000-000000000000/dismiss')).statusCode).toBe(404);
  });
});
