import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateTransferBody, Transfer } from '@tradepost/shared/schemas/inventory.ts';
import { type InferResult, type Kysely, sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError, Invalid, NotFound } from '../../errors.ts';
import { postMovements } from './ledger.ts';
import { assertOwned } from './ownership.ts';

const iso = (date: string | null) => (date ? new Date(date).toISOString() : null);

const selectTransfers = (db: Kysely<DB>) =>
  db
    .selectFrom('transfers')
    .select(['id', 'from_location_id', 'to_location_id', 'status', 'note', 'created_at', 'shipped_at', 'received_at'])
    .$narrowType<{ status: Transfer['status'] }>();
type TransferRow = InferResult<ReturnType<typeof selectTransfers>>[number];

/** Attaches lines to transfer rows with one query, however many transfers there are. */
async function withLines(db: Kysely<DB>, rows: TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('transfer_lines')
    .select(['transfer_id', 'variant_id', 'quantity', 'quantity_received'])
    .where(
      'transfer_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    shipped_at: iso(row.shipped_at),
    received_at: iso(row.received_at),
    lines: lines
      .filter((line) => line.transfer_id === row.id)
      .map(({ variant_id, quantity, quantity_received }) => ({ variant_id, quantity, quantity_received })),
  }));
}

async function load(em: EntityManager, businessId: string, id: string, lock = false): Promise<Transfer> {
  const db = tenantDb(em, businessId);
  const rows = await selectTransfers(db)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .execute();
  const [transfer] = await withLines(db, rows);
  if (!transfer) throw new NotFound('Transfer not found');
  return transfer;
}

export const getTransfer = (em: EntityManager, businessId: string, id: string) => load(em, businessId, id);

export async function listTransfers(em: EntityManager, businessId: string): Promise<Transfer[]> {
  const db = tenantDb(em, businessId);
  const rows = await selectTransfers(db).orderBy('created_at', 'desc').limit(100).execute();
  return withLines(db, rows);
}

export async function createTransfer(em: EntityManager, businessId: string, userId: string, input: CreateTransferBody): Promise<Transfer> {
  await assertOwned(
    em,
    businessId,
    input.lines.map((l) => l.variant_id),
    [input.from_location_id, input.to_location_id],
  );
  const id = newId();
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    await db
      .insertInto('transfers')
      .values({
        id,
        from_location_id: input.from_location_id,
        to_location_id: input.to_location_id,
        note: input.note ?? null,
        created_by_id: userId,
      })
      .execute();
    await db
      .insertInto('transfer_lines')
      .values(input.lines.map((line) => ({ id: newId(), transfer_id: id, variant_id: line.variant_id, quantity: line.quantity })))
      .execute();
  });
  return load(em, businessId, id);
}

const wrongState = (transfer: Transfer, action: string) =>
  new AppError(409, 'TRANSFER_STATE', `A ${transfer.status.replace('_', ' ')} transfer cannot be ${action}`);

/** Shipping takes the stock out of the origin; it is in transit until received. */
export async function shipTransfer(em: EntityManager, businessId: string, userId: string, id: string): Promise<Transfer> {
  await em.transactional(async (tx) => {
    const transfer = await load(tx, businessId, id, true);
    if (transfer.status !== 'draft') throw wrongState(transfer, 'shipped');
    await postMovements(
      tx,
      { businessId, userId, reference: { type: 'transfer', id } },
      transfer.lines.map((line) => ({
        variantId: line.variant_id,
        locationId: transfer.from_location_id,
        onHand: -line.quantity,
        reason: 'transfer_out',
      })),
    );
    await tenantDb(tx, businessId)
      .updateTable('transfers')
      .set({ status: 'in_transit', shipped_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  });
  return load(em, businessId, id);
}

/** Receives some or all of what was shipped; the transfer is received once every unit has arrived. */
export async function receiveTransfer(
  em: EntityManager,
  businessId: string,
  userId: string,
  id: string,
  lines: { variant_id: string; quantity: number }[],
): Promise<Transfer> {
  await em.transactional(async (tx) => {
    const transfer = await load(tx, businessId, id, true);
    if (transfer.status !== 'in_transit') throw wrongState(transfer, 'received');
    const byVariant = new Map(transfer.lines.map((line) => [line.variant_id, line]));
    const errors = lines.flatMap((line, i) => {
      const shipped = byVariant.get(line.variant_id);
      if (!shipped) return [{ field: `lines.${i}.variant_id`, message: 'This item is not on the transfer' }];
      const open = shipped.quantity - shipped.quantity_received;
      return line.quantity > open ? [{ field: `lines.${i}.quantity`, message: `Only ${open} left to receive` }] : [];
    });
    if (errors.length) throw new Invalid(errors.map((e) => e.message).join('; '), errors);
    await postMovements(
      tx,
      { businessId, userId, reference: { type: 'transfer', id } },
      lines.map((line) => ({
        variantId: line.variant_id,
        locationId: transfer.to_location_id,
        onHand: line.quantity,
        reason: 'transfer_in',
      })),
    );
    const db = tenantDb(tx, businessId);
    for (const line of lines) {
      await db
        .updateTable('transfer_lines')
        .set((eb) => ({ quantity_received: eb('quantity_received', '+', line.quantity) }))
        .where('transfer_id', '=', id)
        .where('variant_id', '=', line.variant_id)
        .execute();
    }
    await db
      .updateTable('transfers')
      .set({ status: 'received', received_at: sql`now()` })
      .where('id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('transfer_lines')
              .select(eb.lit(1).as('open'))
              .where('transfer_id', '=', id)
              .whereRef('quantity_received', '<', 'quantity'),
          ),
        ),
      )
      .execute();
  });
  return load(em, businessId, id);
}

/**
 * A draft is simply dropped; a transfer in transit sends the units not received yet back to where
 * they came from (they never left the business). A received transfer is history and stays.
 */
export async function cancelTransfer(em: EntityManager, businessId: string, userId: string, id: string): Promise<Transfer> {
  await em.transactional(async (tx) => {
    const transfer = await load(tx, businessId, id, true);
    if (transfer.status !== 'draft' && transfer.status !== 'in_transit') throw wrongState(transfer, 'cancelled');
    const open = transfer.lines.filter((line) => line.quantity > line.quantity_received);
    if (transfer.status === 'in_transit' && open.length) {
      await postMovements(
        tx,
        { businessId, userId, reference: { type: 'transfer', id }, note: 'Transfer cancelled: back to origin' },
        open.map((line) => ({
          variantId: line.variant_id,
          locationId: transfer.from_location_id,
          onHand: line.quantity - line.quantity_received,
          reason: 'transfer_in',
        })),
      );
    }
    await tenantDb(tx, businessId).updateTable('transfers').set({ status: 'cancelled' }).where('id', '=', id).execute();
  });
  return load(em, businessId, id);
}
