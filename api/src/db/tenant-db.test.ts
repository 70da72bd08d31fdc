import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/helper.ts';
import { newId } from './ids.ts';
import { tenantTables } from './schema.generated.ts';
import { readSchema, renderDbTypes } from './schema-types.ts';
import { TenantScopeError, tenantDb } from './tenant-db.ts';
import { tenantStatement } from './tenant-statement.ts';

/** What one business owns in the test: a location, a product with a variant, its stock, a customer. */
type Owned = { businessId: string; location: string; product: string; variant: string; customer: string };

let t: TestApp;
let a: Owned;
let b: Owned;
let em: EntityManager;

/** Rows written straight to the tables, as another area's code might, to read back through the builder. */
async function seed(businessId: string, label: string): Promise<Owned> {
  const owned = { businessId, location: newId(), product: newId(), variant: newId(), customer: newId() };
  const fork = t.orm.em.fork();
  await fork.execute('INSERT INTO locations (id, business_id, name, kind) VALUES (?, ?, ?, ?)', [
    owned.location,
    businessId,
    `Shelf ${label}`,
    'store',
  ]);
  await fork.execute('INSERT INTO products (id, business_id, title, category, size_format) VALUES (?, ?, ?, ?, ?)', [
    owned.product,
    businessId,
    `Runner ${label}`,
    'sneakers',
    'us-mens',
  ]);
  await fork.execute('INSERT INTO variants (id, business_id, product_id, size, sku) VALUES (?, ?, ?, ?, ?)', [
    owned.variant,
    businessId,
    owned.product,
    '10',
    `SKU-${label}`,
  ]);
  await fork.execute('INSERT INTO stock_levels (business_id, variant_id, location_id, on_hand) VALUES (?, ?, ?, ?)', [
    businessId,
    owned.variant,
    owned.location,
    label === 'A' ? 3 : 7,
  ]);
  await fork.execute('INSERT INTO customers (id, business_id, name) VALUES (?, ?, ?)', [owned.customer, businessId, `Customer ${label}`]);
  return owned;
}

/** A row as the database has it, read past the builder. */
async function rowOf(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await t.orm.em.fork().execute(`SELECT * FROM ${table} WHERE id = ?`, [id]);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seed((await registerAndLogin(t.app)).businessId, 'A');
  b = await seed((await registerAndLogin(t.app)).businessId, 'B');
});

afterAll(async () => {
  await t.close();
});

describe('tenantDb reads', () => {
  beforeAll(() => {
    em = t.orm.em.fork();
  });

  it('a select with joins returns only the bound business’s rows', async () => {
    const rows = await tenantDb(em, a.businessId)
      .selectFrom('stock_levels as s')
      .innerJoin('variants as v', 'v.id', 's.variant_id')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select(['v.sku', 'l.name', 's.on_hand', 's.business_id'])
      .execute();
    expect(rows).toEqual([{ sku: 'SKU-A', name: 'Shelf A', on_hand: 3, business_id: a.businessId }]);
  });

  it('a join whose ON would match another business’s row finds nothing there', async () => {
    // The ON names b's location outright; only the scope stops it.
    const rows = await tenantDb(em, a.businessId)
      .selectFrom('variants as v')
      .leftJoin('locations as l', (join) => join.on('l.id', '=', b.location))
      .select(['v.sku', 'l.name'])
      .execute();
    expect(rows).toEqual([{ sku: 'SKU-A', name: null }]);
  });

  it('an OR in the WHERE cannot reach around the scope', async () => {
    // A bare OR (raw, so Kysely adds no parentheses of its own): the scope must not bind to its right side only.
    const query = tenantDb(em, a.businessId)
      .selectFrom('customers')
      .select('id')
      .where(sql<boolean>`name = 'nobody' OR id = ${b.customer}`);
    expect(query.compile().sql).toBe(`select "id" from "customers" where (name = 'nobody' OR id = $1) and "customers"."business_id" = $2`);
    expect(await query.execute()).toEqual([]);
  });

  it('scopes sub-queries: in the WHERE, in the select list and as a FROM source', async () => {
    const db = tenantDb(em, a.businessId);
    const inWhere = await db
      .selectFrom('products')
      .select('title')
      .where('id', 'in', (eb) => eb.selectFrom('variants').select('product_id').where('sku', 'in', ['SKU-A', 'SKU-B']))
      .execute();
    expect(inWhere).toEqual([{ title: 'Runner A' }]);

    // No tenant table in the outer query at all: the scope comes from the sub-queries alone.
    const counted = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('customers')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .as('customers'),
        eb
          .selectFrom('stock_levels')
          .select((inner) => inner.fn.sum<string>('on_hand').as('n'))
          .as('units'),
      ])
      .executeTakeFirstOrThrow();
    expect(counted).toEqual({ customers: '1', units: '3' });

    const fromSubquery = await db
      .selectFrom((eb) => eb.selectFrom('locations').select(['id', 'name']).where('name', 'like', 'Shelf%').as('x'))
      .select('x.name')
      .execute();
    expect(fromSubquery).toEqual([{ name: 'Shelf A' }]);
  });

  it('scopes a CTE and a UNION', async () => {
    const rows = await tenantDb(em, a.businessId)
      .with('named', (db) =>
        db
          .selectFrom('customers')
          .select('name')
          .union(db.selectFrom('locations').select('name').where('name', 'like', 'Shelf%')),
      )
      .selectFrom('named')
      .select('name')
      .orderBy('name')
      .execute();
    expect(rows).toEqual([{ name: 'Customer A' }, { name: 'Shelf A' }]);
  });

  it('reads the shared rows of a shared-row table (global size rules), and writes only its own', async () => {
    const global = newId();
    const foreign = newId();
    const fork = t.orm.em.fork();
    await fork.execute('INSERT INTO size_rules (id, business_id, pattern, format_id, value) VALUES (?, NULL, ?, ?, ?)', [
      global,
      'tenant-db-g',
      'us-mens',
      '10',
    ]);
    await fork.execute('INSERT INTO size_rules (id, business_id, pattern, format_id, value) VALUES (?, ?, ?, ?, ?)', [
      foreign,
      b.businessId,
      'tenant-db-b',
      'us-mens',
      '11',
    ]);
    const db = tenantDb(em, a.businessId);
    await db.insertInto('size_rules').values({ id: newId(), pattern: 'tenant-db-a', format_id: 'us-mens', value: '9' }).execute();
    const seen = await db.selectFrom('size_rules').select('pattern').where('pattern', 'like', 'tenant-db-%').orderBy('pattern').execute();
    expect(seen.map((row) => row.pattern)).toEqual(['tenant-db-a', 'tenant-db-g']);
    // A write never reaches a shared row.
    const deleted = await db.deleteFrom('size_rules').where('pattern', 'like', 'tenant-db-%').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);
    expect(await rowOf('size_rules', global)).toBeDefined();
    expect(await rowOf('size_rules', foreign)).toBeDefined();
  });

  it('reads its own business row and no other', async () => {
    const rows = await tenantDb(em, a.businessId).selectFrom('businesses').select('id').execute();
    expect(rows).toEqual([{ id: a.businessId }]);
    const renamed = await tenantDb(em, a.businessId)
      .updateTable('businesses')
      .set({ name: 'Taken' })
      .where('id', '=', b.businessId)
      .executeTakeFirst();
    expect(renamed.numUpdatedRows).toBe(0n);
  });

  it('lets a FROM name a CTE of the statement', async () => {
    const rows = await tenantDb(em, a.businessId)
      .with('stocked', (db) => db.selectFrom('stock_levels').select(['variant_id', 'on_hand']))
      .selectFrom('stocked')
      .innerJoin('variants as v', 'v.id', 'stocked.variant_id')
      .select(['v.sku', 'stocked.on_hand'])
      .execute();
    expect(rows).toEqual([{ sku: 'SKU-A', on_hand: 3 }]);
  });

  it('selects dates and times as the text PostgreSQL sends, as the generated types say', async () => {
    const row = await tenantDb(em, a.businessId).selectFrom('customers').select('created_at').executeTakeFirstOrThrow();
    expect(typeof row.created_at).toBe('string');
  });
});

describe('tenantDb writes', () => {
  beforeAll(() => {
    em = t.orm.em.fork();
  });

  it('an update by id of another business’s row changes nothing', async () => {
    const result = await tenantDb(em, a.businessId)
      .updateTable('customers')
      .set({ name: 'Taken over' })
      .where('id', '=', b.customer)
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(0n);
    expect((await rowOf('customers', b.customer))?.name).toBe('Customer B');
  });

  it('an update whose WHERE sub-query names another business’s row changes nothing', async () => {
    const result = await tenantDb(em, a.businessId)
      .updateTable('locations')
      .set({ name: 'Emptied' })
      .where('id', 'in', (eb) => eb.selectFrom('stock_levels').select('location_id').where('variant_id', '=', b.variant))
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(0n);
    expect((await rowOf('locations', b.location))?.name).toBe('Shelf B');
  });

  it('a delete by id of another business’s row deletes nothing', async () => {
    const result = await tenantDb(em, a.businessId).deleteFrom('customers').where('id', '=', b.customer).executeTakeFirst();
    expect(result.numDeletedRows).toBe(0n);
    expect(await rowOf('customers', b.customer)).toBeDefined();
  });

  it('updates and deletes its own rows', async () => {
    const db = tenantDb(em, a.businessId);
    const id = newId();
    await db.insertInto('customers').values({ id, name: 'Short-lived' }).execute();
    expect((await db.updateTable('customers').set({ notes: 'seen' }).where('id', '=', id).executeTakeFirst()).numUpdatedRows).toBe(1n);
    expect((await db.deleteFrom('customers').where('id', '=', id).executeTakeFirst()).numDeletedRows).toBe(1n);
  });

  it('an insert gets the bound business, in every row', async () => {
    const ids = [newId(), newId()];
    await tenantDb(em, a.businessId)
      .insertInto('customers')
      .values(ids.map((id, i) => ({ id, name: `New ${i}`, ...(i === 1 ? { email: 'new@example.com' } : {}) })))
      .execute();
    for (const id of ids) expect((await rowOf('customers', id))?.business_id).toBe(a.businessId);
  });

  it('an insert naming its own business is fine; one naming another business is refused and writes nothing', async () => {
    const db = tenantDb(em, a.businessId);
    const own = newId();
    await db.insertInto('customers').values({ id: own, name: 'Explicit', business_id: a.businessId }).execute();
    expect((await rowOf('customers', own))?.business_id).toBe(a.businessId);

    const foreign = newId();
    await expect(db.insertInto('customers').values({ id: foreign, name: 'Smuggled', business_id: b.businessId }).execute()).rejects.toThrow(
      TenantScopeError,
    );
    expect(await rowOf('customers', foreign)).toBeUndefined();
  });

  it('an INSERT … SELECT copies within the business only', async () => {
    const copies = await tenantDb(em, a.businessId)
      .insertInto('customers')
      .columns(['id', 'name'])
      .expression((eb) =>
        eb
          .selectFrom('locations')
          .select([sql<string>`gen_random_uuid()`.as('id'), sql<string>`'Copy of ' || name`.as('name')])
          .where('name', 'in', ['Shelf A', 'Shelf B']),
      )
      .returning(['name', 'business_id'])
      .execute();
    expect(copies).toEqual([{ name: 'Copy of Shelf A', business_id: a.businessId }]);
  });

  it('an upsert never updates another business’s row that it collides with', async () => {
    const rows = await tenantDb(em, a.businessId)
      .insertInto('customers')
      .values({ id: b.customer, name: 'Collider' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: 'Overwritten' }))
      .returning('id')
      .execute();
    expect(rows).toEqual([]);
    expect((await rowOf('customers', b.customer))?.name).toBe('Customer B');
  });

  it('refuses moving a row to another business', async () => {
    const db = tenantDb(em, a.businessId);
    const set = { business_id: b.businessId } as unknown as { name: string };
    await expect(db.updateTable('customers').set(set).where('id', '=', a.customer).execute()).rejects.toThrow(TenantScopeError);
  });

  it('writes with the transaction it is bound to, and rolls back with it', async () => {
    const id = newId();
    const failure = new Error('roll back');
    await expect(
      t.orm.em.fork().transactional(async (tx) => {
        await tenantDb(tx, a.businessId).insertInto('customers').values({ id, name: 'Rolled back' }).execute();
        await tenantDb(tx, a.businessId).updateTable('customers').set({ name: 'Renamed' }).where('id', '=', a.customer).execute();
        // The em's own SQL runs in the same transaction and sees the builder's writes.
        const [seen] = await tx.execute<{ n: number }[]>('SELECT count(*)::int AS n FROM customers WHERE id = ?', [id]);
        expect(seen?.n).toBe(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await rowOf('customers', id)).toBeUndefined();
    expect((await rowOf('customers', a.customer))?.name).toBe('Customer A');
  });
});

describe('tenantDb refuses what it cannot scope', () => {
  beforeAll(() => {
    em = t.orm.em.fork();
  });

  it('raw SQL that names a tenant table, as a statement or a table source', async () => {
    const db = tenantDb(em, a.businessId);
    await expect(sql`SELECT name FROM customers`.execute(db)).rejects.toThrow(/raw SQL names the tenant table customers/);
    await expect(db.selectFrom(sql`customers`.as('c')).selectAll().execute()).rejects.toThrow(
      /raw table source names the tenant table customers/,
    );
    await expect(db.selectFrom(sql.table('customers').as('c')).selectAll().execute()).rejects.toThrow(TenantScopeError);
    await expect(
      db.selectFrom('products').select('id').where(sql<boolean>`id IN (SELECT product_id FROM variants)`).execute(),
    ).rejects.toThrow(/variants/);
    // Raw SQL without a tenant table is fine.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('tables that are not the business’s: sessions, preferences, the size match queue', async () => {
    const db = tenantDb(em, a.businessId);
    await expect(db.selectFrom('sessions').selectAll().execute()).rejects.toThrow(/sessions is not one/);
    await expect(
      db
        .selectFrom('customers as c')
        .innerJoin('users as u', 'u.business_id', 'c.business_id')
        .innerJoin('sessions as s', 's.user_id', 'u.id')
        .select('s.id')
        .execute(),
    ).rejects.toThrow(/sessions is not one/);
    await expect(db.deleteFrom('size_match_queue').execute()).rejects.toThrow(TenantScopeError);
  });

  it('a RIGHT or FULL join of a tenant table', async () => {
    const db = tenantDb(em, a.businessId);
    await expect(
      db.selectFrom('products').rightJoin('variants', 'variants.product_id', 'products.id').selectAll().execute(),
    ).rejects.toThrow(/RightJoin/);
    await expect(
      db.selectFrom('products').fullJoin('variants', 'variants.product_id', 'products.id').selectAll().execute(),
    ).rejects.toThrow(/FullJoin/);
  });

  it('stepping out of the builder', () => {
    const db = tenantDb(em, a.businessId);
    expect(() => db.withoutPlugins()).toThrow(TenantScopeError);
    expect(() => db.withSchema('public').withoutPlugins()).toThrow(TenantScopeError);
    expect(() => db.transaction()).toThrow(TenantScopeError);
    expect(() => db.schema).toThrow(TenantScopeError);
    expect(() => db.getExecutor().withoutPlugins()).toThrow(TenantScopeError);
    expect(() => db.getExecutor().provideConnection(async () => {})).toThrow(TenantScopeError);
  });

  it('a compiled query it never transformed, even through the executor', async () => {
    const db = tenantDb(em, a.businessId);
    await expect(db.getExecutor().executeQuery(CompiledQuery.raw('SELECT * FROM customers'))).rejects.toThrow(/never saw/);
    // One it compiled runs: what `sql`…`.execute(db)` does.
    const compiled = db.selectFrom('customers').select('name').where('id', '=', a.customer).compile();
    expect((await db.getExecutor().executeQuery(compiled)).rows).toEqual([{ name: 'Customer A' }]);
  });

  it('a business id that is not one', () => {
    expect(() => tenantDb(em, '')).toThrow(TenantScopeError);
    expect(() => tenantDb(em, undefined as unknown as string)).toThrow(TenantScopeError);
  });

  it('puts the business into a statement on every tenant table', () => {
    const db = tenantDb(em, a.businessId);
    for (const table of tenantTables) {
      const select = db.selectFrom(table).selectAll().compile();
      expect(select.sql, table).toMatch(new RegExp(`where \\(?"${table}"\\."business_id" = \\$1`));
      const remove = db.deleteFrom(table).compile();
      expect(remove.sql, table).toBe(`delete from "${table}" where "${table}"."business_id" = $1`);
      expect(select.parameters).toEqual([a.businessId]);
    }
  });
});

describe('the generated schema types', () => {
  it('are current: schema.generated.ts is what the migrated schema renders', async () => {
    const connection = t.orm.em.getConnection();
    const rendered = renderDbTypes(await readSchema((query) => connection.execute(query)));
    expect(rendered.unknownTypes).toEqual([]);
    const onDisk = readFileSync(resolve(import.meta.dirname, 'schema.generated.ts'), 'utf8');
    // On a difference: run `npm run db:types` and commit the file.
    expect(onDisk).toBe(rendered.text);
  });

  it('list every table with a business_id column as a tenant table', async () => {
    const rows = await t.orm.em
      .fork()
      .execute<{ table_name: string }[]>(
        `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'business_id' ORDER BY table_name`,
      );
    expect([...tenantTables]).toEqual(rows.map((row) => row.table_name));
  });
});

describe('tenantStatement: a statement built and scoped once, run with new values', () => {
  const stockOf = tenantStatement(['variantId'], (db, v: { variantId: string }) =>
    db.selectFrom('stock_levels').select(['on_hand', 'business_id']).where('variant_id', '=', sql<string>`${v.variantId}::uuid`),
  );
  const addStock = tenantStatement(['variantId', 'units'], (db, v: { variantId: string; units: number }) =>
    db
      .updateTable('stock_levels')
      .set({ on_hand: sql`on_hand + ${v.units}::int` })
      .where('variant_id', '=', sql<string>`${v.variantId}::uuid`)
      .returning('on_hand'),
  );

  it("reads and writes the caller's business only, whichever business built the template", async () => {
    const fork = t.orm.em.fork();
    expect(await stockOf(fork, a.businessId, { variantId: a.variant })).toEqual([{ on_hand: 3, business_id: a.businessId }]);
    // The same template, another business: its own row, and nothing of A's.
    expect(await stockOf(fork, b.businessId, { variantId: b.variant })).toEqual([{ on_hand: 7, business_id: b.businessId }]);
    expect(await stockOf(fork, b.businessId, { variantId: a.variant })).toEqual([]);
    expect(await addStock(fork, b.businessId, { variantId: a.variant, units: 100 })).toEqual([]);
    expect(await addStock(fork, a.businessId, { variantId: a.variant, units: 1 })).toEqual([{ on_hand: 4 }]);
    expect(await addStock(fork, a.businessId, { variantId: a.variant, units: -1 })).toEqual([{ on_hand: 3 }]);
  });

  it('runs in the caller’s transaction', async () => {
    await t.orm.em
      .fork()
      .transactional(async (tx) => {
        expect(await addStock(tx, a.businessId, { variantId: a.variant, units: 5 })).toEqual([{ on_hand: 8 }]);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await stockOf(t.orm.em.fork(), a.businessId, { variantId: a.variant })).toEqual([{ on_hand: 3, business_id: a.businessId }]);
  });

  it('runs as a statement PostgreSQL keeps prepared on the connection, so it is not planned on every run', async () => {
    await t.orm.em.fork().transactional(async (tx) => {
      for (let i = 0; i < 7; i += 1) await stockOf(tx, i % 2 === 0 ? a.businessId : b.businessId, { variantId: a.variant });
      const prepared = await tx.execute<{ name: string; runs: number }[]>(
        `SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
          WHERE statement LIKE '%from "stock_levels"%' AND statement NOT LIKE '%update%'`,
      );
      expect(prepared).toEqual([{ name: expect.stringMatching(/^tradepost_\d+$/), runs: expect.any(Number) }]);
      expect(prepared[0]?.runs).toBeGreaterThanOrEqual(7);
    });
  });

  it('refuses a template a value never reaches, and a business that is not an id', async () => {
    const forgetful = tenantStatement(['variantId', 'units'], (db, _v: { variantId: string; units: number }) =>
      db.selectFrom('stock_levels').select('on_hand'),
    );
    await expect(forgetful(t.orm.em.fork(), a.businessId, { variantId: a.variant, units: 1 })).rejects.toThrow(
      'variantId, units never reached the statement',
    );
    await expect(stockOf(t.orm.em.fork(), "' OR true --", { variantId: a.variant })).rejects.toBeInstanceOf(TenantScopeError);
  });

  it('refuses what tenantDb refuses, at the first call', async () => {
    const raw = tenantStatement(['variantId'], (db, v: { variantId: string }) =>
      db
        .selectFrom(sql<{ on_hand: number }>`(SELECT on_hand, variant_id FROM stock_levels)`.as('s'))
        .select('s.on_hand')
        .where(sql<boolean>`s.variant_id = ${v.variantId}::uuid`),
    );
    await expect(raw(t.orm.em.fork(), a.businessId, { variantId: a.variant })).rejects.toBeInstanceOf(TenantScopeError);
  });
});
