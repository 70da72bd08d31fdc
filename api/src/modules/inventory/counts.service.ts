import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  Count,
  CountLine,
  CountScanResult,
  CountSummary,
  CreateCountBody,
  Movement,
  StockLevel,
} from '@tradepost/shared/schemas/inventory.ts';
import { newId } from '../../db/ids.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../errors.ts';
import { type MovementLine, postMovements } from './ledger.ts';
import { assertOwned } from './ownership.ts';

/*
 * Counts of one location.
 *
 * A count measures the shelf as it was when the count started: each line's `expected` is the on-hand
 * quantity frozen at that moment. Completion posts `counted − expected` as a delta through the ledger,
 * never "set on hand to counted". Stock that moves while the count is open (a sale ships, a receipt is
 * put away, an adjustment is posted) already has its own movement, and the delta leaves it in place:
 * expected 5, one unit sold during the count, 5 counted → variance 0, on hand stays 4. Setting the
 * level to the counted number would bring the sold unit back (or drop units received meanwhile).
 * Only one count per location may be open at a time, so two counts never post a variance for the
 * same units.
 */

type CountRow = {
  id: string;
  location_id: string;
  name: string;
  blind: boolean;
  status: Count['status'];
  product_ids: string[] | null;
  created_at: Date;
  completed_at: Date | null;
  cancelled_at: Date | null;
};

type LineRow = {
  variant_id: string;
  product_id: string;
  product_title: string;
  size: string;
  sku: string;
  expected: number;
  counted: number | null;
  added_during_count: boolean;
  counted_at: Date | null;
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** Expected quantities stay hidden while a blind count is in progress. */
const reveals = (count: Pick<CountRow, 'blind' | 'status'>) => !count.blind || count.status === 'completed';

function presentLine(count: Pick<CountRow, 'blind' | 'status'>, row: LineRow): CountLine {
  const shown = reveals(count);
  return {
    variant_id: row.variant_id,
    product_id: row.product_id,
    product_title: row.product_title,
    size: row.size,
    sku: row.sku,
    expected: shown ? row.expected : null,
    counted: row.counted,
    variance: shown && row.counted !== null ? row.counted - row.expected : null,
    added_during_count: row.added_during_count,
    counted_at: iso(row.counted_at),
  };
}

function totals(count: Pick<CountRow, 'blind' | 'status'>, rows: Pick<LineRow, 'expected' | 'counted'>[]): CountSummary['totals'] {
  const counted = rows.filter((row) => row.counted !== null);
  const shown = reveals(count);
  return {
    lines: rows.length,
    counted_lines: counted.length,
    uncounted_lines: rows.length - counted.length,
    units_counted: counted.reduce((sum, row) => sum + (row.counted ?? 0), 0),
    units_expected: shown ? rows.reduce((sum, row) => sum + row.expected, 0) : null,
    variance_units: shown ? counted.reduce((sum, row) => sum + (row.counted ?? 0) - row.expected, 0) : null,
  };
}

const summary = (row: CountRow, lines: Pick<LineRow, 'expected' | 'counted'>[]): CountSummary => ({
  id: row.id,
  location_id: row.location_id,
  name: row.name,
  blind: row.blind,
  status: row.status,
  product_ids: row.product_ids,
  totals: totals(row, lines),
  created_at: new Date(row.created_at).toISOString(),
  completed_at: iso(row.completed_at),
  cancelled_at: iso(row.cancelled_at),
});

const LINE_SELECT = `
  SELECT cl.variant_id, v.product_id, p.title AS product_title, v.size, v.sku, cl.expected, cl.counted,
         cl.added_during_count, cl.counted_at
    FROM count_lines cl
    JOIN variants v ON v.id = cl.variant_id
    JOIN products p ON p.id = v.product_id`;

async function loadRow(em: EntityManager, businessId: string, id: string, lock = false): Promise<CountRow> {
  const [row] = await em.execute<CountRow[]>(
    `SELECT id, location_id, name, blind, status, product_ids, created_at, completed_at, cancelled_at
       FROM stock_counts WHERE business_id = ? AND id = ? ${lock ? 'FOR UPDATE' : ''}`,
    [businessId, id],
  );
  if (!row) throw new NotFound('Count not found');
  return row;
}

const loadLines = (em: EntityManager, businessId: string, countId: string) =>
  em.execute<LineRow[]>(`${LINE_SELECT} WHERE cl.business_id = ? AND cl.count_id = ? ORDER BY p.title, v.sku`, [businessId, countId]);

async function load(em: EntityManager, businessId: string, id: string): Promise<Count> {
  const row = await loadRow(em, businessId, id);
  const lines = await loadLines(em, businessId, id);
  return { ...summary(row, lines), lines: lines.map((line) => presentLine(row, line)) };
}

export const getCount = (em: EntityManager, businessId: string, id: string) => load(em, businessId, id);

export async function listCounts(em: EntityManager, businessId: string, status?: Count['status']): Promise<CountSummary[]> {
  const rows = await em.execute<CountRow[]>(
    `SELECT id, location_id, name, blind, status, product_ids, created_at, completed_at, cancelled_at
       FROM stock_counts WHERE business_id = ? ${status ? 'AND status = ?' : ''}
      ORDER BY created_at DESC, id DESC LIMIT 100`,
    status ? [businessId, status] : [businessId],
  );
  if (!rows.length) return [];
  const lines = await em.execute<(Pick<LineRow, 'expected' | 'counted'> & { count_id: string })[]>(
    `SELECT count_id, expected, counted FROM count_lines WHERE business_id = ? AND count_id IN (${rows.map(() => '?').join(',')})`,
    [businessId, ...rows.map((row) => row.id)],
  );
  return rows.map((row) =>
    summary(
      row,
      lines.filter((line) => line.count_id === row.id),
    ),
  );
}

const wrongState = (count: Pick<CountRow, 'status'>, action: string) =>
  new Conflict(`This count is ${count.status.replace('_', ' ')} and cannot be ${action}`, 'COUNT_STATE');

async function assertProductsOwned(em: EntityManager, businessId: string, productIds: string[]): Promise<void> {
  const unique = [...new Set(productIds)];
  const rows = await em.execute<{ id: string }[]>(
    `SELECT id FROM products WHERE business_id = ? AND id IN (${unique.map(() => '?').join(',')})`,
    [businessId, ...unique],
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw new NotFound(`Product ${missing} not found`);
}

async function openCountAt(em: EntityManager, businessId: string, locationId: string): Promise<{ id: string; name: string } | undefined> {
  const [open] = await em.execute<{ id: string; name: string }[]>(
    `SELECT id, name FROM stock_counts WHERE business_id = ? AND location_id = ? AND status = 'in_progress'`,
    [businessId, locationId],
  );
  return open;
}

const countInProgress = (open: { id: string; name: string }) =>
  new Conflict(`"${open.name}" is already counting this location; complete or cancel it first`, 'COUNT_IN_PROGRESS', [
    { field: 'location_id', message: `Count ${open.id} is in progress at this location` },
  ]);

/**
 * Starts a count: freezes on hand per variant at this moment. Without a product filter every variant
 * with a level at the location is on the count; with one, every size of those products (0 expected
 * where there is no level yet).
 */
export async function createCount(em: EntityManager, businessId: string, userId: string, input: CreateCountBody): Promise<Count> {
  await assertOwned(em, businessId, [], [input.location_id]);
  const productIds = input.product_ids ? [...new Set(input.product_ids)] : null;
  if (productIds) await assertProductsOwned(em, businessId, productIds);
  const [location] = await em.execute<{ name: string; archived: boolean }[]>(
    'SELECT name, archived_at IS NOT NULL AS archived FROM locations WHERE business_id = ? AND id = ?',
    [businessId, input.location_id],
  );
  if (location?.archived) throw new Invalid('This location is archived', [{ field: 'location_id', message: 'This location is archived' }]);
  const open = await openCountAt(em, businessId, input.location_id);
  if (open) throw countInProgress(open);

  const id = newId();
  const name = input.name ?? `${location?.name ?? 'Location'} count ${new Date().toISOString().slice(0, 10)}`;
  try {
    await em.transactional(async (tx) => {
      await tx.execute(
        'INSERT INTO stock_counts (id, business_id, location_id, name, blind, product_ids, created_by_id) VALUES (?, ?, ?, ?, ?, ?::jsonb, ?)',
        [id, businessId, input.location_id, name, input.blind ?? false, productIds ? JSON.stringify(productIds) : null, userId],
      );
      // One statement reads every level from one snapshot, so the frozen quantities are consistent.
      if (productIds) {
        await tx.execute(
          `INSERT INTO count_lines (business_id, count_id, variant_id, expected)
           SELECT v.business_id, ?, v.id, coalesce(l.on_hand, 0)
             FROM variants v
             LEFT JOIN stock_levels l ON l.business_id = v.business_id AND l.variant_id = v.id AND l.location_id = ?
            WHERE v.business_id = ? AND v.product_id IN (${productIds.map(() => '?').join(',')})`,
          [id, input.location_id, businessId, ...productIds],
        );
      } else {
        await tx.execute(
          `INSERT INTO count_lines (business_id, count_id, variant_id, expected)
           SELECT l.business_id, ?, l.variant_id, l.on_hand
             FROM stock_levels l WHERE l.business_id = ? AND l.location_id = ?`,
          [id, businessId, input.location_id],
        );
      }
    });
  } catch (error) {
    // Two counts started at once for one location: the partial unique index lets only one through.
    if ((error as { code?: string }).code === '23505' || /stock_counts_one_open_per_location/.test(String(error))) {
      const other = await openCountAt(em, businessId, input.location_id);
      if (other) throw countInProgress(other);
    }
    throw error;
  }
  return load(em, businessId, id);
}

async function resolveBarcode(em: EntityManager, businessId: string, barcode: string): Promise<string> {
  const [exact] = await em.execute<{ variant_id: string }[]>('SELECT variant_id FROM barcodes WHERE business_id = ? AND code = ?', [
    businessId,
    barcode,
  ]);
  if (exact) return exact.variant_id;
  // Scanners and keyboards differ in case for custom codes; accept a case-insensitive match when it is unambiguous.
  const loose = await em.execute<{ variant_id: string }[]>(
    'SELECT variant_id FROM barcodes WHERE business_id = ? AND lower(code) = lower(?) LIMIT 2',
    [businessId, barcode],
  );
  if (loose.length === 1 && loose[0]) return loose[0].variant_id;
  throw new AppError(404, 'UNKNOWN_BARCODE', `Barcode ${barcode} does not belong to any item in this business`, [
    { field: 'barcode', message: `No item has the barcode ${barcode}` },
  ]);
}

/** Adds a variant that was not on the count, freezing its expected quantity at this moment. */
async function ensureLine(tx: EntityManager, businessId: string, count: CountRow, variantId: string): Promise<boolean> {
  const inserted = await tx.execute<{ variant_id: string }[]>(
    `INSERT INTO count_lines (business_id, count_id, variant_id, expected, added_during_count)
     SELECT ?, ?, ?, coalesce((SELECT on_hand FROM stock_levels WHERE business_id = ? AND variant_id = ? AND location_id = ?), 0), true
     ON CONFLICT (count_id, variant_id) DO NOTHING
     RETURNING variant_id`,
    [businessId, count.id, variantId, businessId, variantId, count.location_id],
  );
  return inserted.length > 0;
}

async function lineOf(tx: EntityManager, businessId: string, countId: string, variantId: string): Promise<LineRow> {
  const [line] = await tx.execute<LineRow[]>(`${LINE_SELECT} WHERE cl.business_id = ? AND cl.count_id = ? AND cl.variant_id = ?`, [
    businessId,
    countId,
    variantId,
  ]);
  if (!line) throw new NotFound('Count line not found');
  return line;
}

/** Scanner counting: each scan adds to the line's count; an item not on the count is added as a surprise. */
export async function scanIntoCount(
  em: EntityManager,
  businessId: string,
  countId: string,
  input: { barcode?: string | undefined; variant_id?: string | undefined; quantity: number },
): Promise<CountScanResult> {
  return em.transactional(async (tx) => {
    // The row lock serialises scans with each other and with completion.
    const count = await loadRow(tx, businessId, countId, true);
    if (count.status !== 'in_progress') throw wrongState(count, 'scanned into');
    const variantId = input.barcode !== undefined ? await resolveBarcode(tx, businessId, input.barcode) : (input.variant_id as string);
    if (input.barcode === undefined) await assertOwned(tx, businessId, [variantId], []);
    const added = await ensureLine(tx, businessId, count, variantId);
    const updated = await tx.execute<{ counted: number }[]>(
      `UPDATE count_lines SET counted = coalesce(counted, 0) + ?, counted_at = now()
        WHERE count_id = ? AND variant_id = ? AND coalesce(counted, 0) + ? >= 0
        RETURNING counted`,
      [input.quantity, countId, variantId, input.quantity],
    );
    if (!updated.length) {
      throw new Invalid('The count of an item cannot go below zero', [
        { field: 'quantity', message: 'This would take the counted quantity below zero' },
      ]);
    }
    const lines = await loadLines(tx, businessId, countId);
    return { line: presentLine(count, await lineOf(tx, businessId, countId, variantId)), added, totals: totals(count, lines) };
  });
}

/** Manual counting: sets the line's counted quantity (adding the item to the count if it was not on it). */
export async function setCountLine(
  em: EntityManager,
  businessId: string,
  countId: string,
  variantId: string,
  counted: number,
): Promise<CountLine> {
  return em.transactional(async (tx) => {
    const count = await loadRow(tx, businessId, countId, true);
    await assertOwned(tx, businessId, [variantId], []);
    if (count.status !== 'in_progress') throw wrongState(count, 'edited');
    await ensureLine(tx, businessId, count, variantId);
    await tx.execute('UPDATE count_lines SET counted = ?, counted_at = now() WHERE count_id = ? AND variant_id = ?', [
      counted,
      countId,
      variantId,
    ]);
    return presentLine(count, await lineOf(tx, businessId, countId, variantId));
  });
}

/** Ends blind mode so the variance can be reviewed before completing; it cannot be turned back on. */
export async function revealCount(em: EntityManager, businessId: string, countId: string): Promise<Count> {
  await em.transactional(async (tx) => {
    const count = await loadRow(tx, businessId, countId, true);
    if (count.status !== 'in_progress') throw wrongState(count, 'revealed');
    await tx.execute('UPDATE stock_counts SET blind = false WHERE id = ?', [countId]);
  });
  return load(em, businessId, countId);
}

export async function cancelCount(em: EntityManager, businessId: string, countId: string): Promise<Count> {
  await em.transactional(async (tx) => {
    const count = await loadRow(tx, businessId, countId, true);
    if (count.status !== 'in_progress') throw wrongState(count, 'cancelled');
    await tx.execute("UPDATE stock_counts SET status = 'cancelled', cancelled_at = now() WHERE id = ?", [countId]);
  });
  return load(em, businessId, countId);
}

/** The cost of a unit found in a count: the variant's most recent lot cost, if it ever had one. */
async function knownUnitCosts(tx: EntityManager, businessId: string, variantIds: string[]): Promise<Map<string, number>> {
  if (!variantIds.length) return new Map();
  const rows = await tx.execute<{ variant_id: string; unit_cost_cents: number }[]>(
    `SELECT DISTINCT ON (variant_id) variant_id, unit_cost_cents FROM cost_lots
      WHERE business_id = ? AND variant_id IN (${variantIds.map(() => '?').join(',')})
      ORDER BY variant_id, acquired_at DESC, created_at DESC, id DESC`,
    [businessId, ...variantIds],
  );
  return new Map(rows.map((row) => [row.variant_id, row.unit_cost_cents]));
}

/**
 * Posts every line's variance (counted − expected) as a delta in one transaction. Found units get a
 * `count_gain` lot when a unit cost is known; missing units leave at FIFO cost. A shortfall larger
 * than what is available now (units reserved or committed meanwhile) makes the ledger refuse with
 * 409 INSUFFICIENT_STOCK and nothing is written.
 */
export async function completeCount(
  em: EntityManager,
  businessId: string,
  userId: string,
  countId: string,
  options: { accept_zero_for_uncounted?: boolean | undefined },
): Promise<{ count: Count; movements: Movement[]; levels: StockLevel[] }> {
  const posted = await em.transactional(async (tx) => {
    const count = await loadRow(tx, businessId, countId, true);
    if (count.status !== 'in_progress') throw wrongState(count, 'completed');
    const lines = await loadLines(tx, businessId, countId);
    const uncounted = lines.filter((line) => line.counted === null);
    if (uncounted.length && !options.accept_zero_for_uncounted) {
      const names = uncounted.slice(0, 10).map((line) => `${line.sku} (size ${line.size})`);
      const more = uncounted.length > names.length ? ` and ${uncounted.length - names.length} more` : '';
      throw new Conflict(
        `${uncounted.length} item${uncounted.length === 1 ? ' has' : 's have'} not been counted: ${names.join(', ')}${more}. Count them, or complete with accept_zero_for_uncounted to record them as zero.`,
        'COUNT_INCOMPLETE',
        uncounted.map((line) => ({ field: `variant:${line.variant_id}`, message: `${line.sku} (size ${line.size}) has not been counted` })),
      );
    }
    if (uncounted.length) {
      await tx.execute('UPDATE count_lines SET counted = 0, counted_at = now() WHERE count_id = ? AND counted IS NULL', [countId]);
    }
    const variances = lines
      .map((line) => ({ variantId: line.variant_id, delta: (line.counted ?? 0) - line.expected }))
      .filter((line) => line.delta !== 0);
    const costs = await knownUnitCosts(
      tx,
      businessId,
      variances.filter((v) => v.delta > 0).map((v) => v.variantId),
    );
    const movementLines: MovementLine[] = variances.map(({ variantId, delta }) => {
      const unitCost = costs.get(variantId);
      return {
        variantId,
        locationId: count.location_id,
        onHand: delta,
        reason: 'count',
        reasonCode: 'count',
        ...(delta > 0 && unitCost !== undefined ? { lot: { unitCostCents: unitCost, source: 'count_gain' as const } } : {}),
        consumesLots: delta < 0,
      };
    });
    const result = movementLines.length
      ? await postMovements(tx, { businessId, userId, reference: { type: 'count', id: countId }, note: count.name }, movementLines)
      : { movements: [], levels: [] };
    await tx.execute("UPDATE stock_counts SET status = 'completed', completed_at = now(), completed_by_id = ? WHERE id = ?", [
      userId,
      countId,
    ]);
    return result;
  });
  return { count: await load(em, businessId, countId), ...posted };
}
