import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, databaseSnapshot, registerAndLogin, type SignedIn, type TestApp } from '../../test/helper.ts';
import { inputProblem, MAX_INPUT_DEPTH } from './input-guard.ts';

// Input PostgreSQL or the validator cannot take used to end in a 500 (found by a probe of the API):
// it is refused with a 400 naming its field, and nothing is written.

const NUL = '\u0000';
const LONE = '\ud800';

describe('inputProblem', () => {
  it('names the field holding a NUL character or half a surrogate pair, however deep', () => {
    expect(inputProblem({ lines: [{ note: `a${NUL}b` }] }, 'body')).toEqual({
      field: 'lines.0.note',
      message: 'must not contain a NUL character',
    });
    expect(inputProblem({ title: `Dunk ${LONE}` }, 'body')).toEqual({
      field: 'title',
      message: 'must be valid Unicode text (it holds half of a character)',
    });
    expect(inputProblem({ [`bad${NUL}`]: 1 }, 'body')).toEqual({
      field: 'body',
      message: 'has a field name that must not contain a NUL character',
    });
  });

  it('passes an uploaded file’s bytes without visiting them (a 5 MB photo would be 5 million entries)', () => {
    const bytes = Buffer.alloc(5 * 1024 * 1024, 0);
    const entries = vi.spyOn(Object, 'entries');
    try {
      expect(inputProblem(bytes, 'body')).toBeNull();
      expect(entries).not.toHaveBeenCalledWith(bytes);
    } finally {
      entries.mockRestore();
    }
  });

  it('accepts real text: emoji and accents are whole pairs, not halves', () => {
    expect(inputProblem({ title: 'Air Jordan 1 “Chicago” 👟 café', sizes: ['10.5', 'EU 44⅔'] }, 'body')).toBeNull();
    expect(inputProblem(undefined, 'body')).toBeNull();
  });

  it('stops at a depth no request of ours has, without recursing', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 5_000; i++) deep = { a: deep };
    expect(inputProblem(deep, 'body')).toEqual({
      field: Array.from({ length: MAX_INPUT_DEPTH }, () => 'a').join('.'),
      message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
    });
  });
});

describe('the API refuses such input by field and writes nothing', () => {
  let t: TestApp;
  let owner: SignedIn;
  let channelId: string;
  let locationId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerAndLogin(t.app);
    const channels = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/channels`,
      headers: bearer(owner.token),
    });
    channelId = channels.json().items?.[0]?.id ?? channels.json()[0].id;
    const locations = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/locations`,
      headers: bearer(owner.token),
    });
    locationId = locations.json()[0].id;
  });
  afterAll(async () => t.close());

  const cases = (): { name: string; method: 'POST' | 'GET'; path: string; payload?: unknown; field: string }[] => [
    { name: 'customer', method: 'POST', path: '/customers', payload: { name: `Ann${NUL}` }, field: 'name' },
    {
      name: 'product',
      method: 'POST',
      path: '/products',
      payload: {
        title: `Dunk${NUL}`,
        brand: 'Nike',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '10', sku: 'D-10', price_cents: 100 }],
      },
      field: 'title',
    },
    { name: 'location', method: 'POST', path: '/locations', payload: { name: `Back room ${LONE}`, kind: 'warehouse' }, field: 'name' },
    { name: 'pre-owned item', method: 'POST', path: '/preowned', payload: { title: `Used${NUL}` }, field: 'title' },
    {
      name: 'channel order',
      method: 'POST',
      path: `/channels/${channelId}/orders`,
      payload: { external_order_id: `X${NUL}1`, lines: [{ sku: 'D-10', quantity: 1, unit_price_cents: 100 }] },
      field: 'external_order_id',
    },
    { name: 'pick rule', method: 'POST', path: '/pick-rules', payload: { name: `Rule${NUL}`, location_ids: [locationId] }, field: 'name' },
    { name: 'size format', method: 'POST', path: '/size-formats', payload: { name: `Kids${NUL}` }, field: 'name' },
    { name: 'size normalise', method: 'POST', path: '/sizes/normalise', payload: { raw: `10${NUL}` }, field: 'raw' },
    { name: 'product search', method: 'GET', path: '/products?q=dunk%00', field: 'q' },
    {
      name: 'nesting 5,000 deep',
      method: 'POST',
      path: '/customers',
      payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      field: 'a.a',
    },
  ];

  it('answers 400 with the field for each, never 500, and the database is unchanged', async () => {
    const before = await databaseSnapshot(t.orm);
    for (const c of cases()) {
      const res = await t.app.inject({
        method: c.method,
        url: `/api/v1/businesses/${owner.businessId}${c.path}`,
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        ...(c.payload === undefined ? {} : { payload: typeof c.payload === 'string' ? c.payload : JSON.stringify(c.payload) }),
      });
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(400);
      expect(res.json().error.details[0].field.startsWith(c.field), c.name).toBe(true);
    }
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});
