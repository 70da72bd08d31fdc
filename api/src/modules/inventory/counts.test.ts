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

type Variant = { id: string; size: string; sku: string; barcodes: { code: string }[] };
type Line = { variant_id: string; expected: number | null; counted: number | null; variance: number | null; added_during_count: boolean };

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let a: Variant;
let b: Variant;
let c: Variant;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Count Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Stranger Count Kicks' });
  const product = await t.app.inject({
    method: 'POST',
    url: url('/products'),
    headers: bearer(owner.token),
    payload: {
      title: 'Dunk Low Panda',
      category: 'sneakers',
      size_format: 'us-men',
      variants: ['9', '10', '11'].map((size) => ({ size, sku: `DUNK-${size}`, barcodes: [{ code: `1959${size}00000001` }] })),
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().id;
  [a, b, c] = product.json().variants as [Variant, Variant, Variant];
});
afterAll(async () => t.close());

function url(path: string, who: SignedIn = owner) {
  return `/api/v1/businesses/${who.businessId}${path}`;
}

let locationCounter = 0;
async function newLocation(who: SignedIn = owner): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: url('/locations', who),
    headers: bearer(who.token),
    payload: { name: `Shelf ${locationCounter++}`, kind: 'store' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function adjust(location: string, lines: { variant_id: string; quantity: number; unit_cost_cents?: number }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: url('/inventory/adjustments'),
    headers: bearer(owner.token),
    payload: { location_id: location, lines: lines.map((line) => ({ reason: line.quantity > 0 ? 'found' : 'damaged', ...line })) },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const startCount = (payload: object, who: SignedIn = owner) =>
  t.app.inject({ method: 'POST', url: url('/inventory/counts', who), headers: bearer(who.token), payload });
const getCount = (id: string, who: SignedIn = owner) =>
  t.app.inject({ method: 'GET', url: url(`/inventory/counts/${id}`, who), headers: bearer(who.token) });
const scan = (id: string, payload: object, who: SignedIn = owner) =>
  t.app.inject({ method: 'POST', url: url(`/inventory/counts/${id}/scans`, who), headers: bearer(who.token), payload });
const setLine = (id: string, variantId: string, payload: object, who: SignedIn = owner) =>
  t.app.inject({ method: 'PUT', url: url(`/inventory/counts/${id}/lines/${variantId}`, who), headers: bearer(who.token), payload });
const act = (id: string, action: 'complete' | 'cancel' | 'reveal', payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: url(`/inventory/counts/${id}/${action}`),
    headers: bearer(owner.token),
    ...(payload ? { payload } : {}),
  });

const lineOf = (count: { lines: Line[] }, variant: Variant) => count.lines.find((line) => line.variant_id === variant.id);

/** On hand at a location, after checking the ledger reconciles with the levels. */
async function onHand(variant: Variant, location: string): Promise<number> {
  const view = (
    await t.app.inject({ method: 'GET', url: url(`/inventory/variants/${variant.id}/ledger`), headers: bearer(owner.token) })
  ).json();
  expect(view.reconciliation.every((r: { matches: boolean }) => r.matches)).toBe(true);
  return view.reconciliation.find((r: { location_id: string }) => r.location_id === location)?.level.on_hand ?? 0;
}

describe('inventory counts', () => {
  it('freezes expected quantities at start and hides them while the count is blind', async () => {
    const shelf = await newLocation();
    await adjust(shelf, [
      { variant_id: a.id, quantity: 5 },
      { variant_id: b.id, quantity: 3 },
    ]);
    const started = await startCount({ location_id: shelf, blind: true, name: 'Blind shelf count' });
    expect(started.statusCode, started.body).toBe(201);
    const count = started.json();
    expect(count).toMatchObject({ status: 'in_progress', blind: true, name: 'Blind shelf count', location_id: shelf });
    expect(count.lines).toHaveLength(2);
    for (const line of count.lines as Line[]) expect(line).toMatchObject({ expected: null, counted: null, variance: null });
    expect(count.totals).toMatchObject({ lines: 2, uncounted_lines: 2, units_expected: null, variance_units: null });

    // Stock arriving after the start does not change the frozen snapshot.
    await adjust(shelf, [{ variant_id: a.id, quantity: 2 }]);
    const scanned = await scan(count.id, { barcode: a.barcodes[0]?.code });
    expect(scanned.json().line).toMatchObject({ counted: 1, expected: null, variance: null });

    const revealed = (await act(count.id, 'reveal')).json();
    expect(revealed.blind).toBe(false);
    expect(lineOf(revealed, a)).toMatchObject({ expected: 5, counted: 1, variance: -4 });
    expect(lineOf(revealed, b)).toMatchObject({ expected: 3, counted: null, variance: null });

    const cancelled = await act(count.id, 'cancel');
    expect(cancelled.json().status).toBe('cancelled');
    expect(await onHand(a, shelf)).toBe(7);
  });

  it('counts by scanner and by hand, catches surprises, and completion posts exactly the variances', async () => {
    const shelf = await newLocation();
    await adjust(shelf, [
      { variant_id: a.id, quantity: 5, unit_cost_cents: 6000 },
      { variant_id: b.id, quantity: 3, unit_cost_cents: 4000 },
    ]);
    const count = (await startCount({ location_id: shelf })).json();
    expect(count.lines.map((l: Line) => [l.variant_id, l.expected]).sort()).toEqual(
      [
        [a.id, 5],
        [b.id, 3],
      ].sort(),
    );

    const first = await scan(count.id, { barcode: a.barcodes[0]?.code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: false, line: { counted: 1, expected: 5, variance: -4 } });
    const second = await scan(count.id, { barcode: a.barcodes[0]?.code });
    expect(second.json().line).toMatchObject({ counted: 2 });
    expect((await scan(count.id, { variant_id: b.id, quantity: 4 })).json().line).toMatchObject({ counted: 4, variance: 1 });
    const manual = await setLine(count.id, a.id, { counted: 4 });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json()).toMatchObject({ counted: 4, expected: 5, variance: -1 });

    const before = await databaseSnapshot(t.orm);
    const unknown = await scan(count.id, { barcode: '000000000999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('UNKNOWN_BARCODE');
    expect(unknown.json().error.message).toContain('000000000999');
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    // c has no stock here: a surprise find is added with expected 0.
    const surprise = await scan(count.id, { barcode: c.barcodes[0]?.code });
    expect(surprise.json()).toMatchObject({ added: true, line: { variant_id: c.id, expected: 0, counted: 1, added_during_count: true } });

    const review = (await getCount(count.id)).json();
    expect(review.lines.map((l: Line) => [l.variant_id, l.variance]).sort()).toEqual(
      [
        [a.id, -1],
        [b.id, 1],
        [c.id, 1],
      ].sort(),
    );
    expect(review.totals).toMatchObject({ lines: 3, counted_lines: 3, uncounted_lines: 0, variance_units: 1 });

    const completed = await act(count.id, 'complete');
    expect(completed.statusCode, completed.body).toBe(200);
    const result = completed.json();
    expect(result.count.status).toBe('completed');
    expect(result.movements.map((m: { variant_id: string; on_hand_delta: number }) => [m.variant_id, m.on_hand_delta]).sort()).toEqual(
      [
        [a.id, -1],
        [b.id, 1],
        [c.id, 1],
      ].sort(),
    );
    for (const movement of result.movements)
      expect(movement).toMatchObject({ reason: 'count', reason_code: 'count', reference_type: 'count', reference_id: count.id });
    expect(await onHand(a, shelf)).toBe(4);
    expect(await onHand(b, shelf)).toBe(4);
    expect(await onHand(c, shelf)).toBe(1);

    const ledgerOf = async (v: Variant) =>
      (await t.app.inject({ method: 'GET', url: url(`/inventory/variants/${v.id}/ledger`), headers: bearer(owner.token) })).json();
    // The found unit of b has a known cost and becomes a count_gain lot; c has none, so no lot.
    expect((await ledgerOf(b)).lots).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: 'count_gain', quantity_received: 1, unit_cost_cents: 4000 })]),
    );
    expect((await ledgerOf(c)).lots).toEqual([]);
    // The missing unit of a consumed the oldest lot.
    const aLots = (await ledgerOf(a)).lots.filter((lot: { unit_cost_cents: number }) => lot.unit_cost_cents === 6000);
    expect(aLots[0]).toMatchObject({ quantity_received: 5, quantity_remaining: 4 });

    // A completed count refuses further work.
    const frozen = await databaseSnapshot(t.orm);
    for (const res of [
      await scan(count.id, { barcode: a.barcodes[0]?.code }),
      await setLine(count.id, a.id, { counted: 9 }),
      await act(count.id, 'complete'),
      await act(count.id, 'cancel'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('COUNT_STATE');
    }
    expect(await databaseSnapshot(t.orm)).toEqual(frozen);
  });

  it('applies the variance as a delta, so stock moved during the count is not counted twice', async () => {
    const shelf = await newLocation();
    await adjust(shelf, [
      { variant_id: a.id, quantity: 5 },
      { variant_id: b.id, quantity: 3 },
    ]);
    const count = (await startCount({ location_id: shelf })).json();
    // While the count is open: one unit of a leaves (sold), two units of b arrive.
    await adjust(shelf, [
      { variant_id: a.id, quantity: -1 },
      { variant_id: b.id, quantity: 2 },
    ]);
    // The counters saw the shelf as of the start: all 5 of a, and 2 of b (one missing).
    await setLine(count.id, a.id, { counted: 5 });
    await setLine(count.id, b.id, { counted: 2 });
    const completed = await act(count.id, 'complete');
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().movements).toHaveLength(1);
    // Setting on hand to the counted numbers would give 5 and 2; the deltas keep the sale and the receipt.
    expect(await onHand(a, shelf)).toBe(4);
    expect(await onHand(b, shelf)).toBe(4);
  });

  it('refuses to complete with uncounted lines unless told to take them as zero', async () => {
    const shelf = await newLocation();
    await adjust(shelf, [
      { variant_id: a.id, quantity: 2 },
      { variant_id: b.id, quantity: 1 },
    ]);
    const count = (await startCount({ location_id: shelf })).json();
    await setLine(count.id, a.id, { counted: 2 });

    const before = await databaseSnapshot(t.orm);
    const refused = await act(count.id, 'complete');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('COUNT_INCOMPLETE');
    expect(refused.json().error.message).toContain(b.sku);
    expect(refused.json().error.details).toEqual([{ field: `variant:${b.id}`, message: `${b.sku} (size ${b.size}) has not been counted` }]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    const accepted = await act(count.id, 'complete', { accept_zero_for_uncounted: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(lineOf(accepted.json().count, b)).toMatchObject({ counted: 0, variance: -1 });
    expect(await onHand(a, shelf)).toBe(2);
    expect(await onHand(b, shelf)).toBe(0);
  });

  it('a shortfall larger than what is available now is refused by the ledger and writes nothing', async () => {
    const shelf = await newLocation();
    await adjust(shelf, [{ variant_id: a.id, quantity: 5 }]);
    const count = (await startCount({ location_id: shelf })).json();
    await adjust(shelf, [{ variant_id: a.id, quantity: -4 }]);
    await setLine(count.id, a.id, { counted: 0 });
    const before = await databaseSnapshot(t.orm);
    const refused = await act(count.id, 'complete');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INSUFFICIENT_STOCK');
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    expect((await getCount(count.id)).json().status).toBe('in_progress');
    expect(await onHand(a, shelf)).toBe(1);
  });

  it('one open count per location; a product filter counts every size of those products', async () => {
    const shelf = await newLocation();
    await adjust(shelf, [{ variant_id: a.id, quantity: 1 }]);
    const count = (await startCount({ location_id: shelf, product_ids: [productId] })).json();
    expect(count.product_ids).toEqual([productId]);
    expect(count.lines.map((l: Line) => [l.variant_id, l.expected]).sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 0],
        [c.id, 0],
      ].sort(),
    );
    const second = await startCount({ location_id: shelf });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('COUNT_IN_PROGRESS');

    const open = await t.app.inject({ method: 'GET', url: url('/inventory/counts?status=in_progress'), headers: bearer(owner.token) });
    expect(open.json().map((row: { id: string }) => row.id)).toContain(count.id);
    await act(count.id, 'cancel');

    // Started at once, only one count of a location opens.
    const racing = await Promise.all(Array.from({ length: 5 }, () => startCount({ location_id: shelf })));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const res of racing.filter((r) => r.statusCode === 409)) expect(res.json().error.code).toBe('COUNT_IN_PROGRESS');
  });

  it('bad input names the fields and writes nothing', async () => {
    const shelf = await newLocation();
    await adjust(shelf, [{ variant_id: a.id, quantity: 1 }]);
    const count = (await startCount({ location_id: shelf })).json();
    const before = await databaseSnapshot(t.orm);

    const badStart = await startCount({ location_id: 'shelf-1', blind: 'yes', product_ids: [] });
    expect(badStart.statusCode).toBe(400);
    expect(errorFields(badStart)).toEqual(expect.arrayContaining(['location_id', 'blind', 'product_ids']));
    const negative = await setLine(count.id, a.id, { counted: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.details).toEqual([{ field: 'counted', message: 'Counted must not be negative' }]);
    const both = await scan(count.id, { barcode: a.barcodes[0]?.code, variant_id: a.id });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details[0].field).toBe('barcode');
    expect((await scan(count.id, {})).statusCode).toBe(400);
    const zero = await scan(count.id, { variant_id: a.id, quantity: 0 });
    expect(zero.json().error.details[0].field).toBe('quantity');
    const belowZero = await scan(count.id, { variant_id: a.id, quantity: -1 });
    expect(belowZero.statusCode).toBe(400);
    expect(belowZero.json().error.details[0].field).toBe('quantity');

    const unknownLocation = await startCount({ location_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknownLocation.statusCode).toBe(404);
    expect(unknownLocation.json().error.message).toContain('Location');
    const unknownVariant = await setLine(count.id, '00000000-0000-4000-8000-000000000000', { counted: 1 });
    expect(unknownVariant.statusCode).toBe(404);
    expect((await getCount('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    await act(count.id, 'cancel');
  });

  it("another business's counts, locations, products and variants answer 404", async () => {
    const shelf = await newLocation();
    await adjust(shelf, [{ variant_id: a.id, quantity: 1 }]);
    const count = (await startCount({ location_id: shelf })).json();
    const strangerShelf = await newLocation(stranger);
    const strangerProduct = await t.app.inject({
      method: 'POST',
      url: url('/products', stranger),
      headers: bearer(stranger.token),
      payload: {
        title: 'Stranger Runner',
        category: 'sneakers',
        size_format: 'us-men',
        variants: [{ size: '9', sku: 'STRANGER-9', barcodes: [{ code: '777700000009' }] }],
      },
    });
    const strangerVariant = strangerProduct.json().variants[0].id;
    const before = await databaseSnapshot(t.orm);

    expect((await getCount(count.id, stranger)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: url(`/inventory/counts/${count.id}`), headers: bearer(stranger.token) })).statusCode,
    ).toBe(404);
    expect((await scan(count.id, { variant_id: a.id }, stranger)).statusCode).toBe(404);
    expect((await setLine(count.id, a.id, { counted: 1 }, stranger)).statusCode).toBe(404);
    expect((await startCount({ location_id: shelf }, stranger)).statusCode).toBe(404);
    expect((await startCount({ location_id: strangerShelf })).statusCode).toBe(404);
    expect((await startCount({ location_id: shelf, product_ids: [strangerProduct.json().id] })).statusCode).toBe(404);
    expect((await setLine(count.id, strangerVariant, { counted: 1 })).statusCode).toBe(404);
    expect((await scan(count.id, { variant_id: strangerVariant })).statusCode).toBe(404);
    const foreignBarcode = await scan(count.id, { barcode: '777700000009' });
    expect(foreignBarcode.statusCode).toBe(404);
    expect(foreignBarcode.json().error.code).toBe('UNKNOWN_BARCODE');
    const list = await t.app.inject({ method: 'GET', url: url('/inventory/counts', stranger), headers: bearer(stranger.token) });
    expect(list.json()).toEqual([]);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });
});
