import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreateTransferBody, Transfer } from '@tradepost/shared/schemas/inventory.ts';
import { newId } from '../../db/ids.ts';
import { AppError, Invalid, NotFound } from '../../errors.ts';
import { postMovements } from './ledger.ts';
import { assertOwned } from './ownership.ts';

type TransferRow = Omit<Transfer, 'lines' | 'created_at' | 'shipped_at' | 'received_at'> & {
  created_at: Date;
  shipped_at: Date | null;
  received_at: Date | null;
};
type LineRow = Transfer['lines'][number];

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const TRANSFER_COLUMNS = 'id, from_location_id, to_location_id, status, note, created_at, shipped_at, received_at';

/** Attaches lines to transfer rows with one query, however many transfers there are. */
async function withLines(em: EntityManager, rows: TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const lines = await em.execute<(LineRow & { transfer_id: string })[]>(
    `SELECT transfer_id, variant_id, quantity, quantity_received FROM transfer_lines
      WHERE transfer_id IN (${rows.map(() => '?').join(',')}) ORDER BY id`,
    rows.map((row) => row.id),
  );
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
  const rows = await em.execute<TransferRow[]>(
    `SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE business_id = ? AND id = ? ${lock ? 'FOR UPDATE' : ''}`,
    [businessId, id],
  );
  const [transfer] = await withLines(em, rows);
  if (!transfer) throw new NotFound('Transfer not found');
  return transfer;
}

export const getTransfer = (em: EntityManager, businessId: string, id: string) => load(em, businessId, id);

export async function listTransfers(em: EntityManager, businessId: string): Promise<Transfer[]> {
  const rows = await em.execute<TransferRow[]>(
    `SELECT ${TRANSFER_COLUMNS} FROM transfers WHERE business_id = ? ORDER BY created_at DESC LIMIT 100`,
    [businessId],
  );
  return withLines(em, rows);
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
    await tx.execute(
      'INSERT INTO transfers (id, business_id, from_location_id, to_location_id, note, created_by_id) VALUES (?, ?, ?, ?, ?, ?)',
      [id, businessId, input.from_location_id, input.to_location_id, input.note ?? null, userId],
    );
    for (const line of input.lines) {
      await tx.execute('INSERT INTO transfer_lines (id, business_id, transfer_id, variant_id, quantity) VALUES (?, ?, ?, ?, ?)', [
        newId(),
        businessId,
        id,
        line.variant_id,
        line.quantity,
      ]);
    }
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
    await tx.execute("UPDATE transfers SET status = 'in_transit', shipped_at = now() WHERE id = ?", [id]);
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
    for (const line of lines) {
      await tx.execute('UPDATE transfer_lines SET quantity_received = quantity_received + ? WHERE transfer_id = ? AND variant_id = ?', [
        line.quantity,
        id,
        line.variant_id,
      ]);
    }
    await tx.execute(
      `UPDATE transfers SET status = 'received', received_at = now()
        WHERE id = ? AND NOT EXISTS (SELECT 1 FROM transfer_lines WHERE transfer_id = ? AND quantity_received < quantity)`,
      [id, id],
    );
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
    await tx.execute("UPDATE transfers SET status = 'cancelled' WHERE id = ?", [id]);
  });
  return load(em, businessId, id);
}
