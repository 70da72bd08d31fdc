import { catalogCsvTemplate } from '@tradepost/shared/schemas/catalog-io.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseSnapshot, registerAndLogin, type SignedIn, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let storeId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app, { business_name: 'Import Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Stranger Kicks' });
  const store = await t.app.inject({
    method: 'POST',
    url: url('/locations'),
    headers: bearer(owner.token),
    payload: { name: 'Store front', kind: 'store' },
  });
  storeId = store.json().id;
});
afterAll(async () => t.close());

function url(path: string, who: SignedIn = owner) {
  return `/api/v1/businesses/${who.businessId}${path}`;
}

const HEADER = 'style_code,title,brand,colorway,category,size_format,retail_price,size,sku,barcodes,price,location,quantity,unit_cost';

/** A valid UPC-A: 11 digits and their check digit. */
function upc(eleven: string): string {
  const sum = eleven
    .split('')
    .map(Number)
    .reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return `${eleven}${(10 - (sum % 10)) % 10}`;
}

const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

const send = (path: string, body: string, who: SignedIn = owner, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `${url(path, who)}${query}`,
    headers: { ...bearer(who.token), 'content-type': 'text/csv' },
    payload: body,
  });

type Preview = {
  file_errors: { field: string; message: string }[];
  rows: { row: number; sku: string; outcome: string | null; errors: { field: string; message: string }[]; notes: string[] }[];
  summary: Record<string, number>;
  can_commit: boolean;
};

type ProductList = {
  items: {
    id: string;
    title: string;
    style_code: string | null;
    retail_price_cents: number | null;
    variants: {
      id: string;
      size: string;
      sku: string;
      price_cents: number | null;
      barcodes: { code: string; kind: string }[];
      on_hand: number;
    }[];
  }[];
};

/** Read straight from the tables, so these tests see exactly what the import wrote. */
async function products(styleOrTitle: string, who: SignedIn = owner): Promise<ProductList> {
  const connection = t.orm.em.getConnection();
  const rows = (await connection.execute(
    `SELECT p.id, p.title, p.style_code, p.retail_price_cents FROM products p
      WHERE p.business_id = ? AND (p.style_code = ? OR p.title = ?) ORDER BY p.id`,
    [who.businessId, styleOrTitle, styleOrTitle],
  )) as Omit<ProductList['items'][number], 'variants'>[];
  const items: ProductList['items'] = [];
  for (const row of rows) {
    const variants = (await connection.execute(
      `SELECT v.id, v.size, v.sku, v.price_cents,
              coalesce((SELECT json_agg(json_build_object('code', b.code, 'kind', b.kind) ORDER BY b.code) FROM barcodes b WHERE b.variant_id = v.id), '[]') AS barcodes,
              coalesce((SELECT sum(l.on_hand) FROM stock_levels l WHERE l.variant_id = v.id), 0)::int AS on_hand
         FROM variants v WHERE v.product_id = ? ORDER BY CASE WHEN v.size ~ '^[0-9.]+$' THEN v.size::numeric END NULLS LAST, v.size`,
      [row.id],
    )) as ProductList['items'][number]['variants'];
    items.push({ ...row, variants });
  }
  return { items };
}

const ledger = async (variantId: string) =>
  (await t.app.inject({ method: 'GET', url: url(`/inventory/variants/${variantId}/ledger`), headers: bearer(owner.token) })).json();

describe('preview', () => {
  it('lists every bad row with each reason naming its column, and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const body = csv(
      'PV-100,Preview Runner,Nike,Black,sneakers,us-men,120.00,10,PV-100-10,,150.00,,2,90.00',
      'PV-100,Preview Runner,Nike,Black,sneakers,us-men,120.00,25,PV-100-25,,150.00,,1,',
      'PV-100,Preview Runner,Nike,Black,sneakers,us-men,120.00,11,PV-100-11,,12.345,,-1,',
      'PV-100,Preview Runner,Nike,Black,sneakers,us-men,120.00,12,PV-100-10,,,,,',
      'PV-100,Preview Runner Two,Nike,Black,sneakers,us-men,99.00,12.5,PV-100-125,,,Back room,3,',
      'PV-200,Other,Nike,,shoes,us-men,,9,PV-200-9,,,,,',
      ',,,,,,,9,NO-TITLE,,,,,',
    );
    const res = await send('/catalog/import/preview', body);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as Preview;
    expect(preview.can_commit).toBe(false);
    const errorsOf = (row: number) => preview.rows.find((r) => r.row === row)?.errors ?? [];
    const fieldsOf = (row: number) => errorsOf(row).map((e) => e.field);

    expect(preview.rows.find((r) => r.row === 2)).toMatchObject({ outcome: 'create_product', errors: [] });
    expect(errorsOf(3)).toEqual([{ field: 'size', message: 'Size 25 is not in the US Men size run' }]);
    expect(fieldsOf(4)).toEqual(expect.arrayContaining(['price', 'quantity']));
    expect(errorsOf(4).find((e) => e.field === 'quantity')?.message).toBe('Quantity must not be negative');
    expect(errorsOf(5)).toEqual([{ field: 'size', message: 'SKU PV-100-10 is size 10 in row 2' }]);
    expect(fieldsOf(6)).toEqual(expect.arrayContaining(['title', 'retail_price', 'location']));
    expect(errorsOf(6).find((e) => e.field === 'location')?.message).toContain('Unknown location "Back room"');
    expect(errorsOf(7).map((e) => e.field)).toEqual(['category']);
    expect(errorsOf(8).map((e) => e.field)).toContain('title');
    expect(preview.summary).toMatchObject({ rows: 7, bad_rows: 6 });

    expect(await databaseSnapshot(t.orm)).toEqual(before);
  });

  it('the downloadable template previews clean in a new business', async () => {
    const fresh = await registerAndLogin(t.app, { business_name: 'Template Kicks' });
    const preview = (await send('/catalog/import/preview', catalogCsvTemplate(), fresh)).json() as Preview;
    expect(preview.file_errors).toEqual([]);
    expect(preview.rows.map((r) => [r.outcome, r.errors])).toEqual([
      ['create_product', []],
      ['add_size', []],
    ]);
  });

  it('a missing required header is a file error; unknown headers too', async () => {
    const res = await send('/catalog/import/preview', 'style_code,title,category,size_format,size,quantiy\nX1,Thing,other,one-size,OS,1\n');
    const preview = res.json() as Preview;
    expect(preview.can_commit).toBe(false);
    expect(preview.rows).toEqual([]);
    expect(preview.file_errors.map((e) => e.field)).toEqual(expect.arrayContaining(['columns.quantiy', 'columns.sku']));
    expect(preview.file_errors.find((e) => e.field === 'columns.sku')?.message).toContain('no sku column');

    const commit = await send('/catalog/import', 'style_code,title,category,size_format,size\nX1,Thing,other,one-size,OS\n');
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.details).toEqual([expect.objectContaining({ field: 'columns.sku' })]);
  });

  it('finds SKUs and barcodes already used by another product, and duplicates within the file', async () => {
    const code = upc('19586600001');
    const seeded = await send('/catalog/import', csv(`DUP-1,Dup Source,,,sneakers,us-men,,9,DUP-1-9,${code},,,,`));
    expect(seeded.statusCode, seeded.body).toBe(200);
    const res = await send(
      '/catalog/import/preview',
      csv(
        'DUP-2,Dup Target,,,sneakers,us-men,,9,DUP-1-9,,,,,',
        `DUP-2,Dup Target,,,sneakers,us-men,,10,DUP-2-10,${code},,,,`,
        'DUP-3,Dup Third,,,sneakers,us-men,,9,DUP-2-10,,,,,',
        'DUP-2,Dup Target,,,sneakers,us-men,,11,DUP-2-11,,,Store front,1,',
        'DUP-2,Dup Target,,,sneakers,us-men,,11,DUP-2-11,,,store front,2,',
      ),
    );
    const preview = res.json() as Preview;
    const messages = (row: number) => preview.rows.find((r) => r.row === row)?.errors.map((e) => `${e.field}: ${e.message}`) ?? [];
    expect(messages(2)).toEqual(['sku: SKU DUP-1-9 is already used by Dup Source (DUP-1) in your catalog']);
    expect(messages(3)).toEqual([`barcodes: Barcode ${code} is already on SKU DUP-1-9`]);
    expect(messages(4)).toEqual(['sku: SKU DUP-2-10 is also used in row 3 for another product']);
    expect(messages(5)).toEqual([]);
    expect(messages(6)).toEqual(['location: SKU DUP-2-11 at Store front is already in row 5']);
  });
});

describe('commit', () => {
  it('creates products, sizes and barcodes and posts stock with cost lots, all in one go', async () => {
    const code = upc('19586611111');
    const body = csv(
      `CM-100,Commit Runner,Nike,Sail,sneakers,us-men,120.00,10,CM-100-10,${code}|SHOP-CM-10,150.00,,2,90.50`,
      'CM-100,Commit Runner,Nike,Sail,sneakers,us-men,120.00,10,CM-100-10,,150.00,Store front,1,95.00',
      'CM-100,,,,,,,10.5,CM-100-105,,155,,,',
      ',Commit Hoodie,Essentials,,apparel,apparel,,m,CM-HOOD-M,,80,,4,',
    );
    const preview = (await send('/catalog/import/preview', body)).json() as Preview;
    expect(preview.can_commit).toBe(true);
    expect(preview.rows.map((r) => r.outcome)).toEqual(['create_product', 'add_stock', 'add_size', 'create_product']);
    expect(preview.summary).toMatchObject({ rows: 4, bad_rows: 0, new_products: 2, new_sizes: 3, stock_rows: 3, units: 7 });

    const res = await send('/catalog/import', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual(preview.summary);

    const [runner] = (await products('CM-100')).items;
    expect(runner).toMatchObject({ title: 'Commit Runner', retail_price_cents: 12000 });
    expect(runner?.variants.map((v) => [v.size, v.sku, v.price_cents, v.on_hand])).toEqual([
      ['10', 'CM-100-10', 15000, 3],
      ['10.5', 'CM-100-105', 15500, 0],
    ]);
    expect(runner?.variants[0]?.barcodes).toEqual(
      expect.arrayContaining([
        { code, kind: 'upc' },
        { code: 'SHOP-CM-10', kind: 'custom' },
      ]),
    );
    const [hoodie] = (await products('Commit Hoodie')).items;
    expect(hoodie?.variants.map((v) => [v.size, v.on_hand])).toEqual([['M', 4]]);

    const view = await ledger(runner?.variants[0]?.id ?? '');
    expect(view.reconciliation.every((r: { matches: boolean }) => r.matches)).toBe(true);
    expect(view.reconciliation.map((r: { location_id: string; level: { on_hand: number } }) => r.level.on_hand).sort()).toEqual([1, 2]);
    expect(
      view.lots
        .map((l: { source: string; unit_cost_cents: number; quantity_received: number }) => [
          l.source,
          l.unit_cost_cents,
          l.quantity_received,
        ])
        .sort(),
    ).toEqual([
      ['opening', 9050, 2],
      ['opening', 9500, 1],
    ]);
    expect(view.reconciliation.some((r: { location_id: string }) => r.location_id === storeId)).toBe(true);
  });

  it('a file with one bad row answers 400 naming the row and column, and writes nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const res = await send(
      '/catalog/import',
      csv('BAD-1,Bad Runner,,,sneakers,us-men,,9,BAD-1-9,,,,1,', 'BAD-1,Bad Runner,,,sneakers,us-men,,9.25,BAD-1-925,,,,1,'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'IMPORT_INVALID',
      details: [{ field: 'rows.3.size', message: 'Row 3, size: Size 9.25 is not in the US Men size run' }],
    });
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    expect((await products('BAD-1')).items).toEqual([]);
  });

  it('existing products get their missing sizes; existing sizes only get stock', async () => {
    expect((await send('/catalog/import', csv('EX-1,Existing Runner,,,sneakers,us-men,,9,EX-1-9,,100.00,,1,'))).statusCode).toBe(200);
    const body = csv(
      'EX-1,Renamed In File,,,sneakers,us-men,,9,EX-1-9,,120.00,,2,',
      'EX-1,,,,,,,9.5,EX-1-95,,,,,',
      'EX-1,,,,,,,9.5,EX-1-OTHER,,,,,',
    );
    const preview = (await send('/catalog/import/preview', body)).json() as Preview;
    expect(preview.rows[2]?.errors).toEqual([{ field: 'size', message: 'Size 9.5 is already given SKU EX-1-95 in row 3' }]);

    const good = csv(
      'EX-1,Renamed In File,,,sneakers,us-men,,9,EX-1-9,,120.00,,2,',
      'EX-1,,,,,,,9.5,EX-1-95,,,,,',
      'EX-1,,,,,,,9,EX-1-9,,,,,',
    );
    const ok = (await send('/catalog/import/preview', good)).json() as Preview;
    expect(ok.rows.map((r) => r.outcome)).toEqual(['add_stock', 'add_size', 'unchanged']);
    expect(ok.rows[0]?.notes.length).toBe(2);
    expect((await send('/catalog/import', good)).statusCode).toBe(200);
    const [product] = (await products('EX-1')).items;
    expect(product?.title).toBe('Existing Runner');
    expect(product?.variants.map((v) => [v.sku, v.price_cents, v.on_hand])).toEqual([
      ['EX-1-9', 10000, 3],
      ['EX-1-95', null, 0],
    ]);

    const clash = (
      await send('/catalog/import/preview', csv('EX-1,,,,,,,10,EX-1-10,,,,,', 'EX-1,,,,,us-women,,10,EX-1-10,,,,,'))
    ).json() as Preview;
    expect(clash.rows[1]?.errors).toEqual([
      { field: 'size_format', message: 'Existing Runner (EX-1) uses the US Men size run in your catalog' },
    ]);
  });

  it('a failure half-way rolls everything back', async () => {
    // A trigger that refuses one movement makes the ledger fail after products and sizes were inserted.
    const connection = t.orm.em.getConnection();
    await connection.execute(`CREATE FUNCTION refuse_thirteen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: refused'; END $$`);
    await connection.execute(
      'CREATE TRIGGER refuse_thirteen BEFORE INSERT ON stock_movements FOR EACH ROW WHEN (NEW.on_hand_delta = 13) EXECUTE FUNCTION refuse_thirteen()',
    );
    try {
      const before = await databaseSnapshot(t.orm);
      const res = await send(
        '/catalog/import',
        csv('RB-1,Rollback Runner,,,sneakers,us-men,,9,RB-1-9,,,,2,50', 'RB-2,Rollback Two,,,sneakers,us-men,,9,RB-2-9,,,,13,50'),
      );
      expect(res.statusCode).toBe(500);
      expect(await databaseSnapshot(t.orm)).toEqual(before);
    } finally {
      await connection.execute('DROP TRIGGER refuse_thirteen ON stock_movements');
      await connection.execute('DROP FUNCTION refuse_thirteen()');
    }
  });

  it('two imports of the same file at once create each product once', async () => {
    const body = csv(
      'RACE-1,Race Runner,,,sneakers,us-men,,9,RACE-1-9,,,,,',
      'RACE-1,,,,,,,10,RACE-1-10,,,,,',
      'RACE-2,Race Two,,,sneakers,us-men,,9,RACE-2-9,,,,,',
    );
    const results = await Promise.all([send('/catalog/import', body), send('/catalog/import', body)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const created = results.map((r) => r.json().summary.new_products).sort();
    expect(created).toEqual([0, 2]);
    const rows = await t.orm.em
      .getConnection()
      .execute(`SELECT count(*)::int AS n FROM products WHERE business_id = ? AND style_code LIKE 'RACE-%'`, [owner.businessId]);
    expect(rows[0]?.n).toBe(2);
  });

  it('a product created through the catalog while an import runs is not duplicated: one of them is refused', async () => {
    const body = csv('RACE-9,Race Nine,,,sneakers,us-men,,9,RACE-9-9,,,,,');
    const [imported, created] = await Promise.all([
      send('/catalog/import', body),
      t.app.inject({
        method: 'POST',
        url: url('/products'),
        headers: bearer(owner.token),
        payload: {
          title: 'Race Nine',
          style_code: 'RACE-9',
          category: 'sneakers',
          size_format: 'us-men',
          variants: [{ size: '9', sku: 'RACE-9-9' }],
        },
      }),
    ]);
    // Either the import ran first (the catalog then refuses the duplicate), or the catalog did (the
    // import then finds the product and has nothing to create, or loses the race on the unique index
    // and says so, or, when the catalog's product commits between two of the plan's reads, sees its
    // SKU taken and refuses the row naming it).
    if (imported.statusCode === 200) {
      expect(imported.json().summary.new_products + (created.statusCode === 201 ? 1 : 0)).toBe(1);
    } else if (imported.json().error.code === 'IMPORT_INVALID') {
      const fields: string[] = imported.json().error.details.map((d: { field: string }) => d.field);
      expect(fields).toHaveLength(1);
      expect(fields[0]).toMatch(/^rows\.\d+\.sku$/);
    } else {
      expect(imported.json().error.code).toBe('IMPORT_CONFLICT');
    }
    const rows = await t.orm.em
      .getConnection()
      .execute(`SELECT count(*)::int AS n FROM products WHERE business_id = ? AND style_code = 'RACE-9'`, [owner.businessId]);
    expect(rows[0]?.n).toBe(1);
  });

  it('losing a race on a unique index is a clear 409 and writes nothing', async () => {
    // Stands in for a product created through the catalog between the import's checks and its insert.
    const connection = t.orm.em.getConnection();
    await connection.execute(`CREATE FUNCTION sneak_in() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() = 1 THEN
          INSERT INTO products (id, business_id, title, style_code, category, size_format)
          VALUES ('0190a000-0000-7000-8000-0000000000ff', NEW.business_id, 'Sneaked In', NEW.style_code, 'sneakers', 'us-men');
        END IF;
        RETURN NEW;
      END $$`);
    await connection.execute(
      "CREATE TRIGGER sneak_in BEFORE INSERT ON products FOR EACH ROW WHEN (NEW.style_code = 'UQ-1') EXECUTE FUNCTION sneak_in()",
    );
    try {
      const before = await databaseSnapshot(t.orm);
      const res = await send('/catalog/import', csv('UQ-1,Unique Runner,,,sneakers,us-men,,9,UQ-1-9,,,,1,'));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'IMPORT_CONFLICT', message: expect.stringContaining('Nothing was imported') });
      expect(await databaseSnapshot(t.orm)).toEqual(before);
    } finally {
      await connection.execute('DROP TRIGGER sneak_in ON products');
      await connection.execute('DROP FUNCTION sneak_in()');
    }
  });

  it('a retried commit with the same import id does not add the stock twice', async () => {
    const body = csv('RT-1,Retry Runner,,,sneakers,us-men,,9,RT-1-9,,,,2,');
    const id = '0190a000-0000-7000-8000-000000000001';
    expect((await send('/catalog/import', body, owner, `?import_id=${id}`)).statusCode).toBe(200);
    const again = await send('/catalog/import', body, owner, `?import_id=${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('IMPORT_ALREADY_COMMITTED');
    expect((await products('RT-1')).items[0]?.variants[0]?.on_hand).toBe(2);
  });

  it("another business's import routes answer 404, and a JSON body is refused", async () => {
    expect((await send('/catalog/import/preview', csv(), owner)).statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'POST',
      url: url('/catalog/import/preview'),
      headers: { ...bearer(stranger.token), 'content-type': 'text/csv' },
      payload: csv(),
    });
    expect(foreign.statusCode).toBe(404);
    const json = await t.app.inject({ method: 'POST', url: url('/catalog/import'), headers: bearer(owner.token), payload: { rows: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.details[0].field).toBe('body');
  });
});

describe('API document', () => {
  it('documents every catalog import, export and label route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/catalog/import/preview',
      '/catalog/import',
      '/catalog/export.csv',
      '/labels/variants',
      '/variants/{variantId}/label.svg',
      '/labels.pdf',
    ]) {
      expect(paths).toContain(`/api/v1/businesses/{businessId}${path}`);
    }
  });
});

describe('export', () => {
  it('exports the import shape, and an export imported into a fresh business exports the same', async () => {
    const code = upc('19586622222');
    const seed = csv(
      `RT-500,Round Trip Runner,"Nike, Inc.",Black/White,sneakers,us-men,180.00,10,RT-500-10,${code}|RT-SHOP-10,210.00,,2,100.00`,
      'RT-500,Round Trip Runner,"Nike, Inc.",Black/White,sneakers,us-men,180.00,10,RT-500-10,,,Store front,1,100.00',
      'RT-500,Round Trip Runner,"Nike, Inc.",Black/White,sneakers,us-men,180.00,9.5,RT-500-95,,205.00,,,',
      ',Round Trip Tee,,,apparel,apparel,,XL,RT-TEE-XL,,35.00,,5,12.00',
      ',=HYPERLINK(1),@brand,,other,one-size,,OS,RT-FORMULA,,,,,',
    );
    const imported = await send('/catalog/import', seed);
    expect(imported.statusCode, imported.body).toBe(200);

    const fresh = await registerAndLogin(t.app, { business_name: 'Fresh Kicks' });
    const exported = await t.app.inject({ method: 'GET', url: url('/catalog/export.csv'), headers: bearer(owner.token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = exported.body;
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(HEADER);
    const roundTrip = lines.filter((line) => line.includes('RT-500') || line.includes('Round Trip Tee') || line.includes('RT-FORMULA'));
    expect(roundTrip).toEqual([
      // Spreadsheets must show these as text, not run them as formulas.
      ",'=HYPERLINK(1),'@brand,,other,one-size,,OS,RT-FORMULA,,,,,",
      'RT-500,Round Trip Runner,"Nike, Inc.",Black/White,sneakers,us-men,180.00,9.5,RT-500-95,,205.00,,,',
      `RT-500,Round Trip Runner,"Nike, Inc.",Black/White,sneakers,us-men,180.00,10,RT-500-10,${code}|RT-SHOP-10,210.00,Main warehouse,2,100.00`,
      `RT-500,Round Trip Runner,"Nike, Inc.",Black/White,sneakers,us-men,180.00,10,RT-500-10,${code}|RT-SHOP-10,210.00,Store front,1,100.00`,
      ',Round Trip Tee,,,apparel,apparel,,XL,RT-TEE-XL,,35.00,Main warehouse,5,12.00',
    ]);

    const freshStore = await t.app.inject({
      method: 'POST',
      url: url('/locations', fresh),
      headers: bearer(fresh.token),
      payload: { name: 'Store front', kind: 'store' },
    });
    expect(freshStore.statusCode).toBe(201);
    const intoFresh = await send('/catalog/import', text, fresh);
    expect(intoFresh.statusCode, intoFresh.body).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: url('/catalog/export.csv', fresh), headers: bearer(fresh.token) });
    expect(again.body).toBe(text);

    const foreign = await t.app.inject({ method: 'GET', url: url('/catalog/export.csv'), headers: bearer(fresh.token) });
    expect(foreign.statusCode).toBe(404);
  });
});
