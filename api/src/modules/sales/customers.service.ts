import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer, CustomerInput, customerListQuerySchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { Conflict, NotFound } from '../../errors.ts';

/** A sale's customer: the one with this e-mail when there is one, else a new record. */
export async function findOrCreateCustomer(em: EntityManager, businessId: string, input: CustomerInput): Promise<string> {
  if (input.email) {
    const [row] = await em.execute<{ id: string }[]>(
      `INSERT INTO customers (id, business_id, name, email, phone) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (business_id, lower(email)) WHERE email IS NOT NULL DO UPDATE SET phone = coalesce(customers.phone, excluded.phone)
       RETURNING id`,
      [newId(), businessId, input.name, input.email, input.phone ?? null],
    );
    if (row) return row.id;
  }
  const id = newId();
  await em.execute('INSERT INTO customers (id, business_id, name, phone, notes) VALUES (?, ?, ?, ?, ?)', [
    id,
    businessId,
    input.name,
    input.phone ?? null,
    input.notes ?? null,
  ]);
  return id;
}

type CustomerRow = Omit<Customer, 'orders' | 'spent_cents' | 'last_order_at' | 'created_at'> & {
  orders: string | number;
  spent_cents: string | number;
  last_order_at: Date | null;
  created_at: Date;
};

const CUSTOMER_SELECT = `
  SELECT c.id, c.name, c.email, c.phone, c.notes, c.created_at,
         (SELECT count(*) FROM sales s WHERE s.customer_id = c.id AND s.status <> 'cancelled') AS orders,
         (SELECT coalesce(sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_price_cents), 0)
            FROM sales s JOIN sale_lines l ON l.sale_id = s.id WHERE s.customer_id = c.id) AS spent_cents,
         (SELECT max(s.ordered_at) FROM sales s WHERE s.customer_id = c.id) AS last_order_at
    FROM customers c`;

const present = (row: CustomerRow): Customer => ({
  ...row,
  orders: Number(row.orders),
  spent_cents: Number(row.spent_cents),
  last_order_at: row.last_order_at ? new Date(row.last_order_at).toISOString() : null,
  created_at: new Date(row.created_at).toISOString(),
});

export async function listCustomers(
  em: EntityManager,
  businessId: string,
  query: z.output<typeof customerListQuerySchema>,
): Promise<{ items: Customer[]; total: number }> {
  const like = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const where = like ? "c.business_id = ? AND lower(c.name || ' ' || coalesce(c.email, '')) LIKE ?" : 'c.business_id = ?';
  const params = like ? [businessId, like] : [businessId];
  const [rows, counted] = await Promise.all([
    em.execute<CustomerRow[]>(`${CUSTOMER_SELECT} WHERE ${where} ORDER BY last_order_at DESC NULLS LAST, c.name LIMIT ? OFFSET ?`, [
      ...params,
      query.limit,
      query.offset,
    ]),
    em.execute<{ total: number }[]>(`SELECT count(*)::int AS total FROM customers c WHERE ${where}`, params),
  ]);
  return { items: rows.map(present), total: counted[0]?.total ?? 0 };
}

export async function getCustomer(em: EntityManager, businessId: string, customerId: string): Promise<Customer> {
  const [row] = await em.execute<CustomerRow[]>(`${CUSTOMER_SELECT} WHERE c.business_id = ? AND c.id = ?`, [businessId, customerId]);
  if (!row) throw new NotFound('Customer not found');
  return present(row);
}

async function emailTaken(em: EntityManager, businessId: string, email: string | undefined, exceptId?: string) {
  if (!email) return;
  const rows = await em.execute('SELECT 1 FROM customers WHERE business_id = ? AND lower(email) = lower(?) AND id <> ?', [
    businessId,
    email,
    exceptId ?? '00000000-0000-0000-0000-000000000000',
  ]);
  if (rows.length)
    throw new Conflict('A customer with this e-mail exists', 'DUPLICATE', [
      { field: 'email', message: 'A customer with this e-mail exists' },
    ]);
}

export async function createCustomer(em: EntityManager, businessId: string, input: CustomerInput): Promise<Customer> {
  await emailTaken(em, businessId, input.email);
  const id = newId();
  await em.execute('INSERT INTO customers (id, business_id, name, email, phone, notes) VALUES (?, ?, ?, ?, ?, ?)', [
    id,
    businessId,
    input.name,
    input.email ?? null,
    input.phone ?? null,
    input.notes ?? null,
  ]);
  return getCustomer(em, businessId, id);
}

export async function updateCustomer(em: EntityManager, businessId: string, customerId: string, input: CustomerInput): Promise<Customer> {
  await getCustomer(em, businessId, customerId);
  await emailTaken(em, businessId, input.email, customerId);
  await em.execute('UPDATE customers SET name = ?, email = ?, phone = ?, notes = ? WHERE business_id = ? AND id = ?', [
    input.name,
    input.email ?? null,
    input.phone ?? null,
    input.notes ?? null,
    businessId,
    customerId,
  ]);
  return getCustomer(em, businessId, customerId);
}
