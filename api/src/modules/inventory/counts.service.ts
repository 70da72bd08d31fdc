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
import { type InferResult, type Kysely, sql } from 'kysely';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
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

const selectCounts = (db: Kysely<DB>) =>
  db
    .selectFrom('stock_counts')
    .select(['id', 'location_id', 'name', 'blind', 'status', 'product_ids', 'created_at', 'completed_at', 'cancelled_at'])
    .$narrowType<{ status: Count['status']; product_ids: string[] | null }>();
type CountRow = InferResult<ReturnType<typeof selectCounts>>[number];

const selectLines = (db: Kysely<DB>) =>
  db
    .selectFrom('count_lines as cl')
    .innerJoin('variants as v', 'v.id', 'cl.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'cl.variant_id',
      'v.product_id',
      'p.title as product_title',
      'v.size',
      'v.sku',
      'cl.expected',
      'cl.counted',
      'cl.added_during_count',
      'cl.counted_at',
    ]);
type LineRow = InferResult<ReturnType<typeof selectLines>>[number];

const iso = (date: string | null) => (date ? new Date(date).toISOString() : null);

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

async function loadRow(em: EntityManager, businessId: string, id: string, lock = false): Promise<CountRow> {
  const row = await selectCounts(tenantDb(em, businessId))
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw new NotFound('Count not found');
  return row;
}

const loadLines = (em: EntityManager, businessId: string, countId: string) =>
  selectLines(tenantDb(em, businessId)).where('cl.count_id', '=', countId).orderBy('p.title').orderBy('v.sku').execute();

async function load(em: EntityManager, businessId: string, id: string): Promise<Count> {
  const row = await loadRow(em, businessId, id);
  const lines = await loadLines(em, businessId, id);
  return { ...summary(row, lines), lines: lines.map((line) => presentLine(row, line)) };
}

export const getCount = (em: EntityManager, businessId: string, id: string) => load(em, businessId, id);

export async function listCounts(em: EntityManager, businessId: string, status?: Count['status']): Promise<CountSummary[]> {
  const db = tenantDb(em, businessId);
  const rows = await selectCounts(db)
    .$if(status !== undefined, (qb) => qb.where('status', '=', status as string))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  if (!rows.length) return [];
  const lines = await db
    .selectFrom('count_lines')
    .select(['count_id', 'expected', 'counted'])
    .where(
      'count_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
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
  if (!unique.length) return;
  const rows = await tenantDb(em, businessId).selectFrom('products').select('id').where('id', 'in', unique).execute();
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw new NotFound(`Product ${missing} not found`);
}

async function openCountAt(em: EntityManager, businessId: string, locationId: string): Promise<{ id: string; name: string } | undefined> {
  return tenantDb(em, businessId)
    .selectFrom('stock_counts')
    .select(['id', 'name'])
    .where('location_id', '=', locationId)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
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
  const location = await tenantDb(em, businessId)
    .selectFrom('locations')
    .select((eb) => ['name', eb('archived_at', 'is not', null).as('archived')])
    .where('id', '=', input.location_id)
    .executeTakeFirst();
  if (location?.archived) throw new Invalid('This location is archived', [{ field: 'location_id', message: 'This location is archived' }]);
  const open = await openCountAt(em, businessId, input.location_id);
  if (open) throw countInProgress(open);

  const id = newId();
  const name = input.name ?? `${location?.name ?? 'Location'} count ${new Date().toISOString().slice(0, 10)}`;
  try {
    await em.transactional(async (tx) => {
      const db = tenantDb(tx, businessId);
      await db
        .insertInto('stock_counts')
        .values({
          id,
          location_id: input.location_id,
          name,
          blind: input.blind ?? false,
          product_ids: productIds ? JSON.stringify(productIds) : null,
          created_by_id: userId,
        })
        .execute();
      // One statement reads every level from one snapshot, so the frozen quantities are consistent.
      // Cast: a parameter alone in a select list would be text, and count_id is a uuid.
      const countId = sql<string>`${id}::uuid`.as('count_id');
      await db
        .insertInto('count_lines')
        .columns(['count_id', 'variant_id', 'expected'])
        .expression((eb) =>
          productIds
            ? eb
                .selectFrom('variants as v')
                .leftJoin('stock_levels as l', (join) =>
                  join.onRef('l.variant_id', '=', 'v.id').on('l.location_id', '=', input.location_id),
                )
                .select((eb) => [countId, 'v.id', eb.fn.coalesce('l.on_hand', eb.lit(0)).as('expected')])
                .where('v.product_id', 'in', productIds)
            : eb
                .selectFrom('stock_levels as l')
                .select([countId, 'l.variant_id', 'l.on_hand'])
                .where('l.location_id', '=', input.location_id),
        )
        .execute();
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
  const barcodes = tenantDb(em, businessId).selectFrom('barcodes').select('variant_id');
  const exact = await barcodes.where('code', '=', barcode).executeTakeFirst();
  if (exact) return exact.variant_id;
  // Scanners and keyboards differ in case for custom codes; accept a case-insensitive match when it is unambiguous.
  const loose = await barcodes
    .where((eb) => eb(eb.fn('lower', ['code']), '=', eb.fn('lower', [eb.val(barcode)])))
    .limit(2)
    .execute();
  if (loose.length === 1 && loose[0]) return loose[0].variant_id;
  throw new AppError(404, 'UNKNOWN_BARCODE', `Barcode ${barcode} does not belong to any item in this business`, [
    { field: 'barcode', message: `No item has the barcode ${barcode}` },
  ]);
}

/** Adds a variant that was not on the count, freezing its expected quantity at this moment. */
async function ensureLine(tx: EntityManager, businessId: string, count: CountRow, variantId: string): Promise<boolean> {
  const inserted = await tenantDb(tx, businessId)
    .insertInto('count_lines')
    .values((eb) => ({
      count_id: count.id,
      variant_id: variantId,
      expected: eb.fn.coalesce(
        eb.selectFrom('stock_levels').select('on_hand').where('variant_id', '=', variantId).where('location_id', '=', count.location_id),
        eb.lit(0),
      ),
      added_during_count: true,
    }))
    .onConflict((conflict) => conflict.columns(['count_id', 'variant_id']).doNothing())
    .returning('variant_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function lineOf(tx: EntityManager, businessId: string, countId: string, variantId: string): Promise<LineRow> {
  const line = await selectLines(tenantDb(tx, businessId))
    .where('cl.count_id', '=', countId)
    .where('cl.variant_id', '=', variantId)
    .executeTakeFirst();
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
    const updated = await tenantDb(tx, businessId)
      .updateTable('count_lines')
      .set((eb) => ({ counted: eb(eb.fn.coalesce('counted', eb.lit(0)), '+', input.quantity), counted_at: sql`now()` }))
      .where('count_id', '=', countId)
      .where('variant_id', '=', variantId)
      .where((eb) => eb(eb(eb.fn.coalesce('counted', eb.lit(0)), '+', input.quantity), '>=', 0))
      .returning('counted')
      .executeTakeFirst();
    if (!updated) {
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
    await tenantDb(tx, businessId)
      .updateTable('count_lines')
      .set({ counted, counted_at: sql`now()` })
      .where('count_id', '=', countId)
      .where('variant_id', '=', variantId)
      .execute();
    return presentLine(count, await lineOf(tx, businessId, countId, variantId));
  });
}

/** Ends blind mode so the variance can be reviewed before completing; it cannot be turned back on. */
export async function revealCount(em: EntityManager, businessId: string, countId: string): Promise<Count> {
  await em.transactional(async (tx) => {
    const count = await loadRow(tx, businessId, countId, true);
    if (count.status !== 'in_progress') throw wrongState(count, 'revealed');
    await tenantDb(tx, businessId).updateTable('stock_counts').set({ blind: false }).where('id', '=', countId).execute();
  });
  return load(em, businessId, countId);
}

export async function cancelCount(em: EntityManager, businessId: string, countId: string): Promise<Count> {
  await em.transactional(async (tx) => {
    const count = await loadRow(tx, businessId, countId, true);
    if (count.status !== 'in_progress') throw wrongState(count, 'cancelled');
    await tenantDb(tx, businessId)
      .updateTable('stock_counts')
      .set({ status: 'cancelled', cancelled_at: sql`now()` })
      .where('id', '=', countId)
      .execute();
  });
  return load(em, businessId, countId);
}

/** The cost of a unit found in a count: the variant's most recent lot cost, if it ever had one. */
async function knownUnitCosts(tx: EntityManager, businessId: string, variantIds: string[]): Promise<Map<string, number>> {
  if (!variantIds.length) return new Map();
  const rows = await tenantDb(tx, businessId)
    .selectFrom('cost_lots')
    .distinctOn('variant_id')
    .select(['variant_id', 'unit_cost_cents'])
    .where('variant_id', 'in', variantIds)
    .orderBy('variant_id')
    .orderBy('acquired_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
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
      await tenantDb(tx, businessId)
        .updateTable('count_lines')
        .set({ counted: 0, counted_at: sql`now()` })
        .where('count_id', '=', countId)
        .where('counted', 'is', null)
        .execute();
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
    await tenantDb(tx, businessId)
      .updateTable('stock_counts')
      .set({ status: 'completed', completed_at: sql`now()`, completed_by_id: userId })
      .where('id', '=', countId)
      .execute();
    return result;
  });
  return { count: await load(em, businessId, countId), ...posted };
}
