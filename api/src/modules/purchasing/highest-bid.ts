import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { compareSizes, isSizeFormatId, shownSizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { compareSizeLabels } from '@tradepost/shared/domain/sizes/size-order.ts';
import {
  DEFAULT_TARGET_MARGIN_PERCENT,
  HIGHEST_BID_CSV_HEADER,
  type HighestBidBasis,
  type HighestBidReport,
  type HighestBidRow,
  highestBidBasisLabels,
  type highestBidQuerySchema,
  type PurchasingSettings,
  type purchasingSettingsBodySchema,
  RECENT_SALES_AVERAGED,
  RECENT_SALES_DAYS,
} from '@tradepost/shared/schemas/highest-bid.ts';
import { DEFAULT_PAYOUT_OPTIONS, type PayoutMethod, payoutMethodLabels, payoutMethods } from '@tradepost/shared/schemas/payouts.ts';
import { stringify } from 'csv-stringify';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';

/**
 * The highest-bid report (issue #18, quick actions `#highest-bid`): per size of the active products
 * that match, what to pay a seller so the resale keeps the target margin.
 *
 * - The price we expect to sell at is the average unit price of the size's last five sales (sales
 *   not cancelled, lines with units kept), else the size's current price (its own, else the
 *   product's retail price). The bid is that × (1 − margin), rounded down to the dollar; no sales and
 *   no price, no bid.
 * - Rows are sizes, paged in the order people read them: by product title, then the size run's own
 *   order (which SQL cannot say, so it is applied here). One statement per page: the matching products
 *   with their number of sizes and, by a running sum, the row each starts at; the products the page
 *   overlaps; their sizes with stock, recent sales and 90-day units by lateral joins. The page's rows
 *   are then cut from those products' sizes in size order.
 */

type HighestBidFilter = Pick<z.output<typeof highestBidQuerySchema>, 'q' | 'brand' | 'variant_ids'>;
type PurchasingSettingsBodyOutput = z.output<typeof purchasingSettingsBodySchema>;
type HighestBidQuery = z.output<typeof highestBidQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Settings

/** The saved settings, else the defaults (30 % margin; every payout method offered, cash by default, no bonus). */
export async function getPurchasingSettings(em: EntityManager, businessId: string): Promise<PurchasingSettings> {
  const row = await tenantDb(em, businessId)
    .selectFrom('purchasing_settings')
    .select(['target_margin_percent', 'payout_methods', 'default_payout_method', 'store_credit_bonus_percent'])
    .executeTakeFirst();
  if (!row) return { target_margin_percent: DEFAULT_TARGET_MARGIN_PERCENT, ...DEFAULT_PAYOUT_OPTIONS };
  const offered = new Set(row.payout_methods);
  return {
    target_margin_percent: row.target_margin_percent,
    // In the product's order, whatever order they were saved in.
    payout_methods: payoutMethods.filter((method) => offered.has(method)),
    default_payout_method: row.default_payout_method as PayoutMethod,
    store_credit_bonus_percent: row.store_credit_bonus_percent,
  };
}

/**
 * Any of the fields; those left out keep their value. The default payout method must be one of the
 * offered methods (the saved ones when only the default is sent): 400 on `default_payout_method`.
 * Offering methods without the saved default, with no new default, moves the default to the first offered.
 */
export async function savePurchasingSettings(
  em: EntityManager,
  businessId: string,
  body: PurchasingSettingsBodyOutput,
): Promise<PurchasingSettings> {
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    // Serialises two saves of one business (the check below reads what the other may be changing).
    await db
      .insertInto('purchasing_settings')
      .values({ target_margin_percent: DEFAULT_TARGET_MARGIN_PERCENT })
      .onConflict((conflict) => conflict.column('business_id').doNothing())
      .execute();
    const current = await db
      .selectFrom('purchasing_settings')
      .select(['target_margin_percent', 'payout_methods', 'default_payout_method', 'store_credit_bonus_percent'])
      .forUpdate()
      .executeTakeFirstOrThrow();
    const methods = body.payout_methods ?? (current.payout_methods as PayoutMethod[]);
    let fallback = current.default_payout_method as PayoutMethod;
    if (body.default_payout_method === undefined && !methods.includes(fallback)) fallback = methods[0] ?? 'cash';
    const defaultMethod = body.default_payout_method ?? fallback;
    if (!methods.includes(defaultMethod)) {
      const message = `${payoutMethodLabels[defaultMethod]} is not offered: offer it, or choose another default`;
      throw new Invalid(message, [{ field: 'default_payout_method', message }]);
    }
    await db
      .updateTable('purchasing_settings')
      .set({
        target_margin_percent: body.target_margin_percent ?? current.target_margin_percent,
        payout_methods: payoutMethods.filter((method) => methods.includes(method)),
        default_payout_method: defaultMethod,
        store_credit_bonus_percent: body.store_credit_bonus_percent ?? current.store_credit_bonus_percent,
        updated_at: sql`now()`,
      })
      .execute();
    await emit(tx, businessId, 'purchasing.changed', {});
  });
  return getPurchasingSettings(em, businessId);
}

// ---------------------------------------------------------------------------------------------
// The bid

/** What to pay at most: `expected` × (1 − margin %), rounded down to the dollar (whole 100 cents). */
export function highestBidCents(expectedCents: number, marginPercent: number): number {
  return Math.floor((expectedCents * (100 - marginPercent)) / 10_000) * 100;
}

/** The price a size is expected to sell at, and what that rests on; null when there is nothing to go by. */
export function expectedPrice(size: {
  recent_average_cents: number | null;
  price_cents: number | null;
}): { cents: number; basis: HighestBidBasis } | null {
  if (size.recent_average_cents !== null) return { cents: size.recent_average_cents, basis: 'recent_sales' };
  if (size.price_cents !== null) return { cents: size.price_cents, basis: 'our_price' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// The page

type OnProducts = ExpressionBuilder<DB & { p: DB['products'] }, 'p'>;
type Condition = (eb: OnProducts) => Expression<SqlBool>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Active products, found by title (or brand, style code, colorway) and, from three characters, by SKU; of one brand in any case. */
function conditions(filter: HighestBidFilter): Condition[] {
  const list: Condition[] = [(eb) => eb('p.status', '=', sql.lit('active'))];
  const q = filter.q ?? '';
  if (q !== '') {
    const like = `%${escapeLike(q.toLowerCase())}%`;
    list.push((eb) => {
      const byText = eb.selectFrom('products as sp').where('sp.search_text', 'like', like).select('sp.id as id');
      if (q.length < 3) return eb('p.id', 'in', byText);
      const bySku = eb
        .selectFrom('variants as sv')
        .where((v) => v(v.fn('lower', ['sv.sku']), 'like', like))
        .select('sv.product_id as id');
      return eb('p.id', 'in', byText.union(bySku));
    });
  }
  const brand = filter.brand ?? '';
  if (brand !== '') list.push((eb) => eb(eb.fn('lower', ['p.brand']), '=', brand.toLowerCase()));
  return list;
}

type Source = Pick<Kysely<DB>, 'selectFrom'>;

/** `products p` under the filter. */
const matchedProducts = (source: Source, filter: HighestBidFilter) =>
  conditions(filter).reduce((query, condition) => query.where(condition), source.selectFrom('products as p'));

const KEPT_UNITS = sql<number>`(l.quantity - l.quantity_cancelled)`;

/** One statement: the sizes of the products that rows [offset, offset + limit) fall in, with their figures. */
function pageQuery(db: Kysely<DB>, filter: HighestBidFilter, offset: number, limit: number) {
  return db
    .with('matched', (qc) =>
      matchedProducts(qc, filter)
        .innerJoin('variants as mv', 'mv.product_id', 'p.id')
        .$if((filter.variant_ids?.length ?? 0) > 0, (query) => query.where('mv.id', 'in', filter.variant_ids ?? []))
        .groupBy('p.id')
        .select([
          'p.id',
          'p.title',
          'p.brand',
          'p.style_code',
          'p.size_format',
          'p.retail_price_cents',
          sql<number>`count(*)::int`.as('sizes'),
          // The row the product's first size is, in title order, and the rows of the whole filter.
          sql<number>`(sum(count(*)) OVER (ORDER BY p.title, p.id) - count(*))::int`.as('first_row'),
          sql<number>`(sum(count(*)) OVER ())::int`.as('total'),
        ]),
    )
    .with('page', (qc) =>
      qc
        .selectFrom('matched')
        .selectAll()
        // bigint: an offset may be past any int (the schema bounds it only below).
        .where(sql<boolean>`matched.first_row < ${offset + limit}::bigint`)
        .where(sql<boolean>`matched.first_row + matched.sizes > ${offset}::bigint`),
    )
    .selectFrom('page')
    .innerJoin('variants as v', 'v.product_id', 'page.id')
    .$if((filter.variant_ids?.length ?? 0) > 0, (query) => query.where('v.id', 'in', filter.variant_ids ?? []))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('stock_levels as sl')
          .whereRef('sl.variant_id', '=', 'v.id')
          .select(sql<number>`coalesce(sum(sl.on_hand), 0)::int`.as('on_hand'))
          .as('stock'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom('sale_lines as l')
              .innerJoin('sales as s', 's.id', 'l.sale_id')
              .whereRef('l.variant_id', '=', 'v.id')
              .where('s.status', '<>', sql.lit('cancelled'))
              .where(KEPT_UNITS, '>', sql.lit(0))
              .select(['l.id', 'l.unit_price_cents', 's.ordered_at'])
              .orderBy('s.ordered_at', 'desc')
              .orderBy('l.id', 'desc')
              .limit(RECENT_SALES_AVERAGED)
              .as('r'),
          )
          .select([
            sql<number | null>`round(avg(r.unit_price_cents))::int`.as('recent_average_cents'),
            sql<number | null>`(array_agg(r.unit_price_cents ORDER BY r.ordered_at DESC, r.id DESC))[1]`.as('last_sale_cents'),
            sql<string | null>`max(r.ordered_at)`.as('last_sold_at'),
            sql<number>`count(*)::int`.as('recent_sales_count'),
          ])
          .as('recent'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('sale_lines as l')
          .innerJoin('sales as s', 's.id', 'l.sale_id')
          .whereRef('l.variant_id', '=', 'v.id')
          .where('s.status', '<>', sql.lit('cancelled'))
          .where('s.ordered_at', '>=', sql<string>`now() - make_interval(days => ${RECENT_SALES_DAYS})`)
          .select(sql<number>`coalesce(sum(${KEPT_UNITS}), 0)::int`.as('units'))
          .as('d90'),
      (join) => join.onTrue(),
    )
    .select([
      'page.id as product_id',
      'page.title',
      'page.brand',
      'page.style_code',
      'page.size_format',
      'page.first_row',
      'page.total',
      'v.id as variant_id',
      'v.size',
      'v.sku',
      sql<number | null>`coalesce(v.price_cents, page.retail_price_cents)`.as('price_cents'),
      'stock.on_hand',
      'recent.recent_average_cents',
      'recent.last_sale_cents',
      'recent.last_sold_at',
      'recent.recent_sales_count',
      'd90.units as sales_90d',
    ])
    .orderBy('page.title')
    .orderBy('page.id');
}

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

const sizeOrder = (format: string) => {
  const bySize = isSizeFormatId(format) ? (a: string, b: string) => compareSizes(format, a, b) : compareSizeLabels;
  return (a: PageRow, b: PageRow) => bySize(a.size, b.size) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
};

/** The rows [offset, offset + limit) of the filter, and the number of rows over every page (null when the page is empty). */
async function reportPage(
  db: Kysely<DB>,
  filter: HighestBidFilter,
  marginPercent: number,
  offset: number,
  limit: number,
): Promise<{ rows: HighestBidRow[]; total: number | null }> {
  const found = await pageQuery(db, filter, offset, limit).execute();
  const byProduct = new Map<string, PageRow[]>();
  for (const row of found) {
    const sizes = byProduct.get(row.product_id);
    if (sizes === undefined) byProduct.set(row.product_id, [row]);
    else sizes.push(row);
  }
  const rows: HighestBidRow[] = [];
  for (const sizes of byProduct.values()) {
    sizes.sort(sizeOrder(sizes[0]?.size_format ?? ''));
    sizes.forEach((size, i) => {
      const at = size.first_row + i;
      if (at >= offset && at < offset + limit) rows.push(toRow(size, marginPercent));
    });
  }
  return { rows, total: found[0]?.total ?? null };
}

function toRow(size: PageRow, marginPercent: number): HighestBidRow {
  const recentCount = size.recent_sales_count ?? 0;
  const figures = {
    price_cents: size.price_cents,
    recent_average_cents: recentCount > 0 ? size.recent_average_cents : null,
  };
  const expected = expectedPrice(figures);
  return {
    variant_id: size.variant_id,
    product_id: size.product_id,
    product_title: size.title,
    brand: size.brand,
    style_code: size.style_code,
    sku: size.sku,
    size: size.size,
    size_label: shownSizeLabel(size.size_format, size.size),
    on_hand: size.on_hand ?? 0,
    ...figures,
    last_sale_cents: size.last_sale_cents,
    last_sold_at: size.last_sold_at === null ? null : new Date(size.last_sold_at).toISOString(),
    recent_sales_count: recentCount,
    sales_90d: size.sales_90d ?? 0,
    market_price_cents: null,
    highest_bid_cents: expected === null ? null : highestBidCents(expected.cents, marginPercent),
    basis: expected?.basis ?? null,
  };
}

/** Rows of the filter when a page came back empty (an offset past the end). */
async function countRows(db: Kysely<DB>, filter: HighestBidFilter): Promise<number> {
  const counted = await matchedProducts(db, filter)
    .innerJoin('variants as cv', 'cv.product_id', 'p.id')
    .$if((filter.variant_ids?.length ?? 0) > 0, (query) => query.where('cv.id', 'in', filter.variant_ids ?? []))
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirst();
  return counted?.total ?? 0;
}

export async function highestBidReport(em: EntityManager, businessId: string, query: HighestBidQuery): Promise<HighestBidReport> {
  const db = tenantDb(em, businessId);
  const { target_margin_percent: target } = await getPurchasingSettings(em, businessId);
  const margin = query.margin ?? target;
  const page = await reportPage(db, query, margin, query.offset, query.limit);
  const total = page.total ?? (query.offset === 0 ? 0 : await countRows(db, query));
  return { items: page.rows, total, margin_percent: margin, target_margin_percent: target };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** Rows per statement of the CSV: bounded memory however large the catalog. */
const CSV_PAGE = 200;

/** Spreadsheets run a cell that starts with =, +, - or @ as a formula: free text goes out behind an apostrophe. */
const asText = (text: string | null) => (text === null ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const amount = (cents: number | null) => (cents === null ? '' : String(cents));

async function* csvLines(db: Kysely<DB>, filter: HighestBidFilter, margin: number): AsyncGenerator<string[]> {
  yield [...HIGHEST_BID_CSV_HEADER];
  for (let offset = 0; ; offset += CSV_PAGE) {
    const { rows } = await reportPage(db, filter, margin, offset, CSV_PAGE);
    for (const row of rows) {
      yield [
        asText(row.product_title),
        asText(row.style_code),
        asText(row.size_label),
        asText(row.sku),
        String(row.on_hand),
        amount(row.price_cents),
        amount(row.last_sale_cents),
        amount(row.recent_average_cents),
        String(row.sales_90d),
        amount(row.market_price_cents),
        amount(row.highest_bid_cents),
        row.basis === null ? '' : highestBidBasisLabels[row.basis],
        String(margin),
      ];
    }
    if (rows.length < CSV_PAGE) return;
  }
}

/**
 * The report's filter as CSV (UTF-8 with a BOM), every row, streamed a page at a time. The margin is
 * settled before the first byte. `em` must outlive the handler (a fork): the stream is read after it returns.
 */
export async function highestBidCsv(
  em: EntityManager,
  businessId: string,
  query: Omit<HighestBidQuery, 'offset' | 'limit'>,
): Promise<Readable> {
  const db = tenantDb(em, businessId);
  const margin = query.margin ?? (await getPurchasingSettings(em, businessId)).target_margin_percent;
  const stringifier = stringify({ bom: true });
  const source = Readable.from(csvLines(db, query, margin));
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}
