import type { EntityManager } from '@mikro-orm/postgresql';
import { displayName } from '@tradepost/shared/domain/session.ts';
import type { StoreCredit, StoreCreditReason, storeCreditQuerySchema } from '@tradepost/shared/schemas/store-credit.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { getSale } from './sales.service.ts';

// A customer's store credit (issue #18): `customers.store_credit_cents` and one entry per change in
// `store_credit_entries` (migration 0035). Every change is one conditional UPDATE … RETURNING on the
// customer's row: the row lock makes concurrent changes take turns, and the condition, re-checked on
// the row as the earlier change left it, keeps the balance from going below zero, so two sales
// spending one balance never both succeed. The entry records the balance that UPDATE returned.
// Everything runs in the caller's transaction (a sale's, a payout's, a trade's), with the
// `store_credit.changed` fact.

type Reference = { type: 'purchase_order' | 'sale'; id: string };

type BalanceChange = {
  customerId: string;
  /** Positive adds to the balance, negative spends it. */
  amountCents: number;
  reason: StoreCreditReason;
  reference: Reference | null;
  note: string | null;
  userId: string | null;
};

const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** The most a balance can hold (an integer column): about $21.4M. */
const MAX_BALANCE_CENTS = 2_147_483_647;

/**
 * Why a change was refused: a spend short of the balance, "Ana Ruiz has $12.00 of store credit;
 * this needs $20.00" (409); a balance past what it can hold (409); a customer not the business's (404).
 */
async function refusal(em: EntityManager, businessId: string, customerId: string, amountCents: number): Promise<Error> {
  const db = tenantDb(em, businessId);
  const [customer, business] = await Promise.all([
    db.selectFrom('customers').select(['name', 'store_credit_cents']).where('id', '=', customerId).executeTakeFirst(),
    db.selectFrom('businesses').select('currency').where('id', '=', businessId).executeTakeFirst(),
  ]);
  if (!customer) return new NotFound('Customer not found');
  const currency = business?.currency ?? 'USD';
  if (amountCents > 0) {
    return new Conflict(
      `${customer.name} cannot hold more than ${formatMoney(MAX_BALANCE_CENTS, currency)} of store credit`,
      'STORE_CREDIT_TOO_LARGE',
    );
  }
  return new Conflict(
    `${customer.name} has ${formatMoney(customer.store_credit_cents, currency)} of store credit; this needs ${formatMoney(-amountCents, currency)}`,
    'INSUFFICIENT_STORE_CREDIT',
  );
}

async function changeBalance(em: EntityManager, businessId: string, change: BalanceChange): Promise<{ balanceCents: number }> {
  if (!Number.isInteger(change.amountCents) || change.amountCents === 0) {
    throw new Error(`A store-credit change needs a whole, non-zero amount of cents, got ${change.amountCents}`);
  }
  const db = tenantDb(em, businessId);
  let update = db
    .updateTable('customers')
    .set((eb) => ({ store_credit_cents: eb('store_credit_cents', '+', change.amountCents) }))
    .where('id', '=', change.customerId);
  // Checked on the row as it is once locked: a concurrent change that committed first is seen here.
  update =
    change.amountCents < 0
      ? update.where('store_credit_cents', '>=', -change.amountCents)
      : update.where('store_credit_cents', '<=', MAX_BALANCE_CENTS - change.amountCents);
  const updated = await update.returning('store_credit_cents').executeTakeFirst();
  if (!updated) throw await refusal(em, businessId, change.customerId, change.amountCents);
  await db
    .insertInto('store_credit_entries')
    .values({
      id: newId(),
      customer_id: change.customerId,
      amount_cents: change.amountCents,
      balance_after_cents: updated.store_credit_cents,
      reason: change.reason,
      reference_type: change.reference?.type ?? null,
      reference_id: change.reference?.id ?? null,
      note: change.note,
      created_by_id: change.userId,
    })
    .execute();
  await emit(em, businessId, 'store_credit.changed', { customer_id: change.customerId });
  return { balanceCents: updated.store_credit_cents };
}

/** Adds to a customer's balance (a store-credit payout, a cancelled sale's credit given back, an adjustment). */
export async function addStoreCredit(
  em: EntityManager,
  businessId: string,
  entry: {
    customerId: string;
    /** > 0 */
    amountCents: number;
    reason: 'payout' | 'sale_cancelled' | 'adjustment';
    reference: Reference | null;
    note?: string | null;
    userId: string | null;
  },
): Promise<{ balanceCents: number }> {
  if (entry.amountCents <= 0) throw new Error(`addStoreCredit adds a positive amount, got ${entry.amountCents}`);
  return changeBalance(em, businessId, { ...entry, note: entry.note ?? null });
}

/** Spends a customer's balance on a sale; short of it: 409 INSUFFICIENT_STORE_CREDIT, nothing changed. */
export async function spendStoreCredit(
  em: EntityManager,
  businessId: string,
  spend: {
    customerId: string;
    /** > 0 */
    amountCents: number;
    reference: { type: 'sale'; id: string };
    userId: string | null;
  },
): Promise<{ balanceCents: number }> {
  if (spend.amountCents <= 0) throw new Error(`spendStoreCredit spends a positive amount, got ${spend.amountCents}`);
  return changeBalance(em, businessId, { ...spend, amountCents: -spend.amountCents, reason: 'sale', note: null });
}

/** A correction by hand, either way, with why; below zero is refused like a spend. */
export async function adjustStoreCredit(
  em: EntityManager,
  businessId: string,
  customerId: string,
  adjustment: { amountCents: number; note: string; userId: string | null },
): Promise<void> {
  await changeBalance(em, businessId, {
    customerId,
    amountCents: adjustment.amountCents,
    reason: 'adjustment',
    reference: null,
    note: adjustment.note,
    userId: adjustment.userId,
  });
}

/**
 * What a cancellation gives back of the store credit the sale spent (a step of the `sale.cancel`
 * workflow, after its lines and status are settled): the credit it still holds beyond what its kept
 * units cost, so a sale cancelled whole gives back all of it. Refunds do not touch store credit.
 */
export async function giveBackSaleCredit(
  em: EntityManager,
  businessId: string,
  cancelled: { saleId: string; note: string | null; userId: string | null },
): Promise<void> {
  const held = await tenantDb(em, businessId)
    .selectFrom('store_credit_entries')
    .select(['customer_id', sql<string>`-sum(amount_cents)`.as('held')])
    .where('reference_type', '=', 'sale')
    .where('reference_id', '=', cancelled.saleId)
    .groupBy('customer_id')
    .execute();
  if (held.length === 0) return;
  const kept = (await getSale(em, businessId, cancelled.saleId)).totals.total_cents;
  for (const row of held) {
    // bigint, which pg gives as text.
    const giveBack = Number(row.held) - kept;
    if (giveBack <= 0) continue;
    await changeBalance(em, businessId, {
      customerId: row.customer_id,
      amountCents: giveBack,
      reason: 'sale_cancelled',
      reference: { type: 'sale', id: cancelled.saleId },
      note: cancelled.note,
      userId: cancelled.userId,
    });
  }
}

/** A customer's balance and its newest entries (404 for a customer that is not the business's). */
export async function getStoreCredit(
  em: EntityManager,
  businessId: string,
  customerId: string,
  query: z.output<typeof storeCreditQuerySchema>,
): Promise<StoreCredit> {
  const db = tenantDb(em, businessId);
  const customer = await db.selectFrom('customers').select('store_credit_cents').where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new NotFound('Customer not found');
  const entries = db.selectFrom('store_credit_entries as e').where('e.customer_id', '=', customerId);
  const [rows, counted] = await Promise.all([
    entries
      .leftJoin('users as u', 'u.id', 'e.created_by_id')
      .leftJoin('sales as s', (join) => join.onRef('s.id', '=', 'e.reference_id').on('e.reference_type', '=', 'sale'))
      .leftJoin('purchase_orders as po', (join) => join.onRef('po.id', '=', 'e.reference_id').on('e.reference_type', '=', 'purchase_order'))
      .select([
        'e.id',
        'e.amount_cents',
        'e.balance_after_cents',
        'e.reason',
        'e.reference_type',
        'e.reference_id',
        'e.note',
        'e.created_at',
        'e.created_by_id',
        'u.first_name',
        'u.last_name',
        'u.username',
        sql<number | null>`coalesce(s.number, po.number)`.as('reference_number'),
      ])
      .$narrowType<{ reason: StoreCreditReason; reference_type: Reference['type'] | null }>()
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    entries.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
  ]);
  return {
    customer_id: customerId,
    balance_cents: customer.store_credit_cents,
    entries: rows.map((row) => ({
      id: row.id,
      amount_cents: row.amount_cents,
      balance_after_cents: row.balance_after_cents,
      reason: row.reason,
      reference_type: row.reference_type,
      reference_id: row.reference_id,
      // A sale still being recorded holds a negative stand-in for its number.
      reference_number: row.reference_number !== null && row.reference_number > 0 ? row.reference_number : null,
      note: row.note,
      created_by_name:
        row.created_by_id === null
          ? null
          : displayName({ first_name: row.first_name ?? null, last_name: row.last_name ?? null, username: row.username ?? '' }),
      created_at: new Date(row.created_at).toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
