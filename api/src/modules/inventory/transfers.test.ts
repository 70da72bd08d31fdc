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

let t: TestApp;
let owner: SignedIn;
let warehouse: string;
let store: string;
let variants: string[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Transfer Kicks' });
  warehouse = (await t.app.inject({ method: 'GET', url: url('/locations'), headers: bearer(owner.token) })).json()[0].id;
  store = (
    await t.app.inject({ method: 'POST', url: url('/locations'), headers: bearer(owner.token), payload: { name: 'Store', kind: 'store' } })
  ).json().id;
  const product = await t.app.inject({
    method: 'POST',
    url: url('/products'),
    headers: bearer(owner.token),
    payload: {
      title: 'Samba OG',
      category: 'sneakers',
      size_format: 'us-men',
      variants: ['9', '10'].map((size) => ({ size, sku: `SAMBA-${size}` })),
    },
  });
  variants = product.json().variants.map((v: { id: string }) => v.id);
  await t.app.inject({
    method: 'POST',
    url: url('/inventory/adjustments'),
    headers: bearer(owner.token),
    payload: {
      location_id: warehouse,
      lines: variants.map((variant_id) => ({ variant_id, quantity: 5, reason: 'received', unit_cost_cents: 6000 })),
    },
  });
});
afterAll(async () => t.close());

function url(path: string) {
  return `/api/v1/businesses/${owner.businessId}${path}`;
}

const levelAt = async (variant: string, location: string) => {
  const view = (
    await t.app.inject({ method: 'GET', url: url(`/inventory/variants/${variant}/ledger`), headers: bearer(owner.token) })
  ).json();
  expect(view.reconciliation.every((r: { matches: boolean }) => r.matches)).toBe(true);
  return view.reconciliation.find((r: { location_id: string }) => r.location_id === location)?.level.on_hand ?? 0;
};

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: url('/inventory/transfers'), headers: bearer(owner.token), payload });
const act = (id: string, action: 'ship' | 'receive' | 'cancel', payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: url(`/inventory/transfers/${id}/${action}`),
    headers: bearer(owner.token),
    ...(payload ? { payload } : {}),
  });

describe('transfers', () => {
  it('draft → in transit → partly received → received, moving stock through the ledger', async () => {
    const [a, b] = variants as [string, string];
    const draft = await create({
      from_location_id: warehouse,
      to_location_id: store,
      lines: [
        { variant_id: a, quantity: 3 },
        { variant_id: b, quantity: 1 },
      ],
    });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id;
    expect(draft.json().status).toBe('draft');
    expect(await levelAt(a, warehouse)).toBe(5);

    expect((await act(id, 'ship')).json().status).toBe('in_transit');
    expect(await levelAt(a, warehouse)).toBe(2);
    expect(await levelAt(a, store)).toBe(0);

    const partial = await act(id, 'receive', { lines: [{ variant_id: a, quantity: 2 }] });
    expect(partial.json().status).toBe('in_transit');
    expect(await levelAt(a, store)).toBe(2);

    const rest = await act(id, 'receive', {
      lines: [
        { variant_id: a, quantity: 1 },
        { variant_id: b, quantity: 1 },
      ],
    });
    expect(rest.json()).toMatchObject({
      status: 'received',
      lines: expect.arrayContaining([expect.objectContaining({ variant_id: a, quantity_received: 3 })]),
    });
    expect(await levelAt(a, store)).toBe(3);
    expect(await levelAt(b, store)).toBe(1);

    const again = await act(id, 'ship');
    expect(again.statusCode).toBe(409);

    const list = (await t.app.inject({ method: 'GET', url: url('/inventory/transfers'), headers: bearer(owner.token) })).json();
    expect(list.find((transfer: { id: string }) => transfer.id === id)).toEqual(rest.json());
  });

  it('refuses a transfer to the same location, naming the field, and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await create({ from_location_id: warehouse, to_location_id: warehouse, lines: [{ variant_id: variants[0], quantity: 0 }] });
    expect(res.statusCode).toBe(400);
    const fields = errorFields(res);
    expect(fields).toEqual(expect.arrayContaining(['to_location_id', 'lines.0.quantity']));
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('cannot ship more than is available, nor receive more than was shipped', async () => {
    const [a] = variants as [string];
    const big = (await create({ from_location_id: warehouse, to_location_id: store, lines: [{ variant_id: a, quantity: 50 }] })).json();
    const shipped = await act(big.id, 'ship');
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().error.code).toBe('INSUFFICIENT_STOCK');
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/inventory/transfers/${big.id}`), headers: bearer(owner.token) })).json().status,
    ).toBe('draft');

    const small = (await create({ from_location_id: warehouse, to_location_id: store, lines: [{ variant_id: a, quantity: 1 }] })).json();
    await act(small.id, 'ship');
    const over = await act(small.id, 'receive', { lines: [{ variant_id: a, quantity: 2 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.details[0]).toEqual({ field: 'lines.0.quantity', message: 'Only 1 left to receive' });
  });
});

describe('cancelling a transfer', () => {
  it('drops a draft, and sends units still in transit back to the origin', async () => {
    const [nine] = variants as [string];
    const draft = (await create({ from_location_id: warehouse, to_location_id: store, lines: [{ variant_id: nine, quantity: 1 }] })).json();
    expect((await act(draft.id, 'cancel')).json().status).toBe('cancelled');

    await t.app.inject({
      method: 'POST',
      url: url('/inventory/adjustments'),
      headers: bearer(owner.token),
      payload: { location_id: warehouse, lines: [{ variant_id: nine, quantity: 3, reason: 'received' }] },
    });
    const before = await levelAt(nine, warehouse);
    const moving = (
      await create({ from_location_id: warehouse, to_location_id: store, lines: [{ variant_id: nine, quantity: 3 }] })
    ).json();
    expect((await act(moving.id, 'ship')).statusCode).toBe(200);
    await act(moving.id, 'receive', { lines: [{ variant_id: nine, quantity: 1 }] });
    const storeBefore = await levelAt(nine, store);
    const cancelled = await act(moving.id, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', lines: [{ quantity: 3, quantity_received: 1 }] });
    expect(await levelAt(nine, warehouse)).toBe(before - 1);
    expect(await levelAt(nine, store)).toBe(storeBefore);
    const again = await act(moving.id, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A cancelled transfer cannot be cancelled');
  });
});

describe('variant summaries', () => {
  it('name each variant and its stock per location; foreign ids are left out and bad ids refused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url(`/inventory/variants?ids=${variants.join(',')},0190a000-0000-7000-8000-000000000009`),
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { variant_id: string; title: string; sku: string; levels: { location_id: string }[] }[];
    expect(rows.map((r) => r.sku).sort()).toEqual(['SAMBA-10', 'SAMBA-9']);
    expect(rows[0]).toMatchObject({ title: 'Samba OG', size_format: 'us-men' });
    expect(rows.find((r) => r.sku === 'SAMBA-9')?.levels.map((l) => l.location_id)).toContain(warehouse);
    const bad = await t.app.inject({ method: 'GET', url: url('/inventory/variants?ids=nope'), headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('ids');
  });
});
