import type { EntityManager } from '@mikro-orm/postgresql';
import { displayName } from '@tradepost/shared/domain/session.ts';
import {
  type Payout,
  type PayoutChoice,
  type PayoutList,
  type PayoutMethod,
  type PayoutSettings,
  type PayoutStatus,
  payoutDetailProblems,
  type payoutListQuerySchema,
  payoutMethodLabels,
  payoutSettlesAtOnce,
  storeCreditForPayout,
} from '@tradepost/shared/schemas/payouts.ts';
import { purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { addStoreCredit } from '../sales/public.ts';
import { getPurchasingSettings } from './highest-bid.ts';
import { clearColumns, detailsOf, openDetails, type PayoutDetails, sealDetails } from './payout-details.ts';

// Payouts (issue #18): what the business owes a person who sold it goods at the counter. Cash and
// store credit are settled when recorded; a bank transfer or a check waits (pending) until someone
// marks it paid with its reference, once: the conditional UPDATE … WHERE status = 'pending' lets
// exactly one of two concurrent calls through.

type ListQuery = z.output<typeof payoutListQuerySchema>;

const PAYOUT_COLUMNS = [
  'pay.id',
  'pay.purchase_order_id',
  'po.number as purchase_order_number',
  'pay.trade_id',
  'pay.payee_name',
  'pay.customer_id',
  'pay.vendor_id',
  'pay.method',
  'pay.amount_cents',
  'pay.credit_cents',
  'pay.status',
  'pay.reference',
  'pay.account_holder',
  'pay.account_last4',
  'pay.payable_to',
  'pay.paid_at',
  'u.first_name as paid_by_first_name',
  'u.last_name as paid_by_last_name',
  'u.username as paid_by_username',
  'pay.created_at',
] as const;

const payoutsWithOrders = (db: Kysely<DB>) =>
  db
    .selectFrom('payouts as pay')
    .innerJoin('purchase_orders as po', 'po.id', 'pay.purchase_order_id')
    .leftJoin('users as u', 'u.id', 'pay.paid_by_id');

const selectPayouts = (db: Kysely<DB>) =>
  payoutsWithOrders(db).select(PAYOUT_COLUMNS).$narrowType<{ method: PayoutMethod; status: PayoutStatus }>();
type PayoutRow = Awaited<ReturnType<ReturnType<typeof selectPayouts>['executeTakeFirstOrThrow']>>;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    purchase_order_id: row.purchase_order_id,
    purchase_order_number: row.purchase_order_number,
    trade_id: row.trade_id,
    payee_name: row.payee_name,
    customer_id: row.customer_id,
    vendor_id: row.vendor_id,
    method: row.method,
    amount_cents: row.amount_cents,
    credit_cents: row.credit_cents,
    status: row.status,
    reference: row.reference,
    account_holder: row.account_holder,
    account_last4: row.account_last4,
    payable_to: row.payable_to,
    paid_at: iso(row.paid_at),
    paid_by_name:
      row.paid_by_username === null
        ? null
        : displayName({ first_name: row.paid_by_first_name, last_name: row.paid_by_last_name, username: row.paid_by_username }),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Several payouts by id, in one statement (a page of trades shows theirs). */
export async function payoutsByIds(em: EntityManager, businessId: string, payoutIds: readonly string[]): Promise<Map<string, Payout>> {
  if (payoutIds.length === 0) return new Map();
  const rows = await selectPayouts(tenantDb(em, businessId))
    .where('pay.id', 'in', [...payoutIds])
    .execute();
  return new Map(rows.map((row) => [row.id, toPayout(row)]));
}

/** The payout of an in-store purchase (null for a vendor order, or a trade where nothing was owed). */
export async function payoutOfOrder(em: EntityManager, businessId: string, purchaseOrderId: string): Promise<Payout | null> {
  const row = await selectPayouts(tenantDb(em, businessId)).where('pay.purchase_order_id', '=', purchaseOrderId).executeTakeFirst();
  return row ? toPayout(row) : null;
}

export async function getPayout(em: EntityManager, businessId: string, payoutId: string): Promise<Payout> {
  const row = await selectPayouts(tenantDb(em, businessId)).where('pay.id', '=', payoutId).executeTakeFirst();
  if (!row) throw new NotFound('Payout not found');
  return toPayout(row);
}

/** Newest first; `pending_by_method` counts every pending payout whatever the filter. */
export async function listPayouts(em: EntityManager, businessId: string, query: ListQuery): Promise<PayoutList> {
  const db = tenantDb(em, businessId);
  let found = payoutsWithOrders(db);
  if (query.status !== 'all') found = found.where('pay.status', '=', query.status);
  if (query.method) found = found.where('pay.method', '=', query.method);
  const [rows, counted, pending] = await Promise.all([
    found
      .select(PAYOUT_COLUMNS)
      .$narrowType<{ method: PayoutMethod; status: PayoutStatus }>()
      .orderBy('pay.created_at', 'desc')
      .orderBy('pay.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    found.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst(),
    db
      .selectFrom('payouts')
      .where('status', '=', 'pending')
      .groupBy('method')
      .select(['method', sql<number>`count(*)::int`.as('count'), sql<string>`sum(amount_cents)::text`.as('amount_cents')])
      .$narrowType<{ method: PayoutMethod }>()
      .orderBy('method')
      .execute(),
  ]);
  return {
    items: rows.map(toPayout),
    total: counted?.total ?? 0,
    pending_by_method: pending.map((row) => ({ method: row.method, count: row.count, amount_cents: Number(row.amount_cents) })),
  };
}

const alreadyPaid = (number: number) => new Conflict(`The payout of ${purchaseOrderLabel(number)} is already paid`, 'PAYOUT_ALREADY_PAID');

/**
 * A pending transfer or check marked paid with its reference: one conditional UPDATE, so a second
 * call (or a concurrent one) finds it paid, gets 409 PAYOUT_ALREADY_PAID and changes nothing.
 */
export async function markPayoutPaid(
  em: EntityManager,
  businessId: string,
  userId: string,
  payoutId: string,
  reference: string,
): Promise<Payout> {
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    const paid = await db
      .updateTable('payouts')
      .set({ status: 'paid', reference, paid_at: sql`now()`, paid_by_id: userId, updated_at: sql`now()` })
      .where('id', '=', payoutId)
      .where('status', '=', 'pending')
      .returning(['id', 'purchase_order_id', 'trade_id'])
      .executeTakeFirst();
    if (!paid) {
      const found = await payoutsWithOrders(db).select('po.number').where('pay.id', '=', payoutId).executeTakeFirst();
      if (!found) throw new NotFound('Payout not found');
      throw alreadyPaid(found.number);
    }
    await emit(tx, businessId, 'purchasing.changed', {
      purchase_order_id: paid.purchase_order_id,
      payout_id: paid.id,
      ...(paid.trade_id ? { trade_id: paid.trade_id } : {}),
    });
  });
  return getPayout(em, businessId, payoutId);
}

// ---------------------------------------------------------------------------------------------
// Recording a payout (the in-store purchase workflow) and changing a pending one

/**
 * The method must be one the business offers (400 on `<field>.method`), store credit is kept for a
 * customer, and a transfer needs an account number, a check a payee (400 on `<field>.details.…`).
 * Answers the store-credit bonus the payout would get.
 */
export async function checkPayoutChoice(
  em: EntityManager,
  businessId: string,
  choice: { method: PayoutMethod; details?: PayoutChoice['details'] | undefined },
  seller: { isCustomer: boolean },
  field = 'payout',
): Promise<{ bonusPercent: number }> {
  const settings = await getPurchasingSettings(em, businessId);
  const label = payoutMethodLabels[choice.method];
  if (!settings.payout_methods.includes(choice.method)) {
    const message = `${label} is not offered (Purchasing settings)`;
    throw new Invalid(message, [{ field: `${field}.method`, message }]);
  }
  if (choice.method === 'store_credit' && !seller.isCustomer) {
    const message = 'Store credit is kept for a customer: choose a customer as the seller';
    throw new Invalid(message, [{ field: `${field}.method`, message }]);
  }
  const given = detailsOf(choice.details);
  const problems = payoutDetailProblems(choice.method, {
    account_holder: given.account_holder ?? undefined,
    account_number: given.account_number ?? undefined,
    routing_number: given.routing_number ?? undefined,
    payable_to: given.payable_to ?? undefined,
    mailing_address: given.mailing_address ?? undefined,
  });
  if (problems.length > 0)
    throw new Invalid(
      problems.map((p) => p.message).join('; '),
      problems.map((p) => ({ field: `${field}.details.${p.field}`, message: p.message })),
    );
  return { bonusPercent: settings.store_credit_bonus_percent };
}

export type NewPayout = {
  purchaseOrderId: string;
  tradeId: string | null;
  seller: { customerId: string | null; vendorId: string | null; name: string };
  method: PayoutMethod;
  details: PayoutDetails;
  amountCents: number;
  /** Store credit only: the amount plus the bonus. */
  creditCents: number | null;
  userId: string | null;
};

/** The payout row: cash and store credit paid now (by the user), a transfer or check pending. */
export async function insertPayout(tx: EntityManager, businessId: string, payout: NewPayout): Promise<string> {
  const id = newId();
  const settled = payoutSettlesAtOnce(payout.method);
  await tenantDb(tx, businessId)
    .insertInto('payouts')
    .values({
      id,
      purchase_order_id: payout.purchaseOrderId,
      trade_id: payout.tradeId,
      customer_id: payout.seller.customerId,
      vendor_id: payout.seller.vendorId,
      payee_name: payout.seller.name.slice(0, 120),
      method: payout.method,
      amount_cents: payout.amountCents,
      credit_cents: payout.creditCents,
      status: settled ? 'paid' : 'pending',
      ...clearColumns(payout.details),
      details_sealed: sealDetails(payout.details, id),
      paid_at: settled ? sql`now()` : null,
      paid_by_id: settled ? payout.userId : null,
      created_by_id: payout.userId,
    })
    .execute();
  return id;
}

/** Books a store-credit payout's credit to the customer (sales' ledger of store credit); its balance after. */
export async function bookStoreCredit(
  tx: EntityManager,
  businessId: string,
  entry: { customerId: string; creditCents: number; purchaseOrderId: string; userId: string | null },
): Promise<number | null> {
  if (entry.creditCents <= 0) return null;
  const { balanceCents } = await addStoreCredit(tx, businessId, {
    customerId: entry.customerId,
    amountCents: entry.creditCents,
    reason: 'payout',
    reference: { type: 'purchase_order', id: entry.purchaseOrderId },
    userId: entry.userId,
  });
  return balanceCents;
}

async function payoutRowOfOrder(tx: EntityManager, businessId: string, purchaseOrderId: string, lock: boolean) {
  let query = tenantDb(tx, businessId)
    .selectFrom('payouts')
    .selectAll()
    .where('purchase_order_id', '=', purchaseOrderId)
    .$narrowType<{ method: PayoutMethod; status: PayoutStatus }>();
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFound('This purchase has no payout');
  return row;
}

/** The payout with its details in full (purchasing:write): the payout settings screen. */
export async function getPayoutSettings(em: EntityManager, businessId: string, purchaseOrderId: string): Promise<PayoutSettings> {
  const row = await payoutRowOfOrder(em, businessId, purchaseOrderId, false);
  return { ...(await getPayout(em, businessId, row.id)), details: openDetails(row.details_sealed, row.id) };
}

/**
 * How a pending payout is paid, changed: the method (one the business offers) and its details.
 * Switching to cash settles it now; to store credit books the credit (amount + bonus) and settles
 * it. A paid payout is not changed (409 PAYOUT_ALREADY_PAID).
 */
export async function updatePayout(
  em: EntityManager,
  businessId: string,
  userId: string,
  purchaseOrderId: string,
  choice: { method: PayoutMethod; details?: PayoutChoice['details'] | undefined },
): Promise<PayoutSettings> {
  await em.transactional(async (tx) => {
    const row = await payoutRowOfOrder(tx, businessId, purchaseOrderId, true);
    const order = await tenantDb(tx, businessId)
      .selectFrom('purchase_orders')
      .select('number')
      .where('id', '=', purchaseOrderId)
      .executeTakeFirstOrThrow();
    if (row.status !== 'pending') throw alreadyPaid(order.number);
    const { bonusPercent } = await checkPayoutChoice(tx, businessId, choice, { isCustomer: row.customer_id !== null }, 'payout');
    const details = detailsOf(choice.details);
    const settled = payoutSettlesAtOnce(choice.method);
    const creditCents = choice.method === 'store_credit' ? storeCreditForPayout(row.amount_cents, bonusPercent) : null;
    await tenantDb(tx, businessId)
      .updateTable('payouts')
      .set({
        method: choice.method,
        credit_cents: creditCents,
        ...clearColumns(details),
        details_sealed: sealDetails(details, row.id),
        ...(settled ? { status: 'paid', paid_at: sql`now()`, paid_by_id: userId } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    if (creditCents !== null && row.customer_id !== null)
      await bookStoreCredit(tx, businessId, { customerId: row.customer_id, creditCents, purchaseOrderId, userId });
    await emit(tx, businessId, 'purchasing.changed', {
      purchase_order_id: purchaseOrderId,
      payout_id: row.id,
      ...(row.trade_id ? { trade_id: row.trade_id } : {}),
    });
  });
  return getPayoutSettings(em, businessId, purchaseOrderId);
}
