import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer, CustomerInput, customerListQuerySchema } from '@tradepost/shared/schemas/sales.ts';
import { type InferResult, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, NotFound } from '../../errors.ts';

/** A sale's customer: the one with this e-mail when there is one, else a new record. */
export async function findOrCreateCustomer(em: EntityManager, businessId: string, input: CustomerInput): Promise<string> {
  const db = tenantDb(em, businessId);
  if (input.email) {
    const row = await db
      .insertInto('customers')
      .values({ id: newId(), name: input.name, email: input.email, phone: input.phone ?? null })
      .onConflict((conflict) =>
        conflict
          .expression(sql`business_id, lower(email)`)
          .where('email', 'is not', null)
          .doUpdateSet((eb) => ({ phone: eb.fn.coalesce('customers.phone', 'excluded.phone') })),
      )
      .returning('id')
      .executeTakeFirst();
    if (row) return row.id;
  }
  const id = newId();
  await db
    .insertInto('customers')
    .values({ id, name: input.name, phone: input.phone ?? null, notes: input.notes ?? null })
    .execute();
  return id;
}

const allCustomers = (db: Kysely<DB>) => db.selectFrom('customers as c');
type Customers = ReturnType<typeof allCustomers>;

/**
 * Each customer with their orders (not cancelled), what their sales' lines sold for and when they
 * last ordered: kept on the customer by triggers on sales and sale lines (migration 0022), so the
 * list walks an index in its order instead of adding up every customer's sales first.
 */
const withFigures = (customers: Customers) =>
  customers.select([
    'c.id',
    'c.name',
    'c.email',
    'c.phone',
    'c.notes',
    'c.created_at',
    'c.order_count',
    'c.spent_cents',
    'c.last_order_at',
    'c.store_credit_cents',
  ]);

const present = ({ order_count, ...row }: InferResult<ReturnType<typeof withFigures>>[number]): Customer => ({
  ...row,
  orders: order_count,
  // bigint, which pg gives as text.
  spent_cents: Number(row.spent_cents),
  last_order_at: row.last_order_at ? new Date(row.last_order_at).toISOString() : null,
  created_at: new Date(row.created_at).toISOString(),
});

/** The customers whose name or e-mail contains `q` in any case; all of them without one. */
function matching(customers: Customers, q: string | undefined): Customers {
  if (!q) return customers;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return customers.where(sql`lower(c.name || ' ' || coalesce(c.email, ''))`, 'like', like);
}

export async function listCustomers(
  em: EntityManager,
  businessId: string,
  query: z.output<typeof customerListQuerySchema>,
): Promise<{ items: Customer[]; total: number }> {
  const found = matching(allCustomers(tenantDb(em, businessId)), query.q);
  const [rows, counted] = await Promise.all([
    withFigures(found)
      .orderBy('c.last_order_at', (order) => order.desc().nullsLast())
      .orderBy('c.name')
      .orderBy('c.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    found.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
  ]);
  return { items: rows.map(present), total: counted?.total ?? 0 };
}

export async function getCustomer(em: EntityManager, businessId: string, customerId: string): Promise<Customer> {
  const row = await withFigures(allCustomers(tenantDb(em, businessId)).where('c.id', '=', customerId)).executeTakeFirst();
  if (!row) throw new NotFound('Customer not found');
  return present(row);
}

async function emailTaken(em: EntityManager, businessId: string, email: string | undefined, exceptId?: string) {
  if (!email) return;
  let others = tenantDb(em, businessId)
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])));
  if (exceptId !== undefined) others = others.where('id', '<>', exceptId);
  if (await others.limit(1).executeTakeFirst())
    throw new Conflict('A customer with this e-mail exists', 'DUPLICATE', [
      { field: 'email', message: 'A customer with this e-mail exists' },
    ]);
}

export async function createCustomer(em: EntityManager, businessId: string, input: CustomerInput): Promise<Customer> {
  await emailTaken(em, businessId, input.email);
  const id = newId();
  await tenantDb(em, businessId)
    .insertInto('customers')
    .values({ id, name: input.name, email: input.email ?? null, phone: input.phone ?? null, notes: input.notes ?? null })
    .execute();
  return getCustomer(em, businessId, id);
}

export async function updateCustomer(em: EntityManager, businessId: string, customerId: string, input: CustomerInput): Promise<Customer> {
  await getCustomer(em, businessId, customerId);
  await emailTaken(em, businessId, input.email, customerId);
  await tenantDb(em, businessId)
    .updateTable('customers')
    .set({ name: input.name, email: input.email ?? null, phone: input.phone ?? null, notes: input.notes ?? null })
    .where('id', '=', customerId)
    .execute();
  return getCustomer(em, businessId, customerId);
}
