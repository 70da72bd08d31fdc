import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import { type ImageRef, mediaThumbUrl } from '@tradepost/shared/schemas/media.ts';
import {
  checkPreownedSize,
  type createPreownedBodySchema,
  missingForPublish,
  type PreownedItem,
  type PreownedList,
  type PreownedSource,
  type preownedListQuerySchema,
  publishRequirements,
  type updatePreownedBodySchema,
} from '@tradepost/shared/schemas/preowned.ts';
import { type ExpressionBuilder, type InferResult, type Kysely, type NotNull, sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { postMovements } from '../inventory/public.ts';
import { resolveImages } from '../media/public.ts';

type CreateInput = z.output<typeof createPreownedBodySchema>;
type UpdateInput = z.output<typeof updatePreownedBodySchema>;
type ListQuery = z.output<typeof preownedListQuerySchema>;

/**
 * Where a statement's parts start: the tenant builder for the statement itself, the expression
 * builder of the statement for a part nested in it (a part of the tenant builder nested in another
 * of its statements would get the business twice).
 */
type Source = Pick<ExpressionBuilder<DB, never>, 'selectFrom'>;

/** The business's pre-owned items with their one variant, side row, stock and location, in one query. */
const itemsFrom = (source: Source) =>
  source
    .selectFrom('products as p')
    .leftJoin('preowned_items as i', 'i.product_id', 'p.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('variants as v')
          .whereRef('v.product_id', '=', 'p.id')
          .select(['v.id', 'v.size', 'v.sku', 'v.price_cents'])
          .orderBy('v.created_at')
          .limit(1)
          .as('v'),
      (join) => join.onTrue(),
    )
    .leftJoin('locations as l', 'l.id', 'i.location_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('stock_levels as s')
          .whereRef('s.variant_id', '=', 'v.id')
          .select(sql<number>`coalesce(sum(s.on_hand), 0)::int`.as('on_hand'))
          .as('stock'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('stock_movements as m')
          .whereRef('m.variant_id', '=', 'v.id')
          .where('m.on_hand_delta', '<', sql.lit(0))
          .select(sql<string | null>`max(m.created_at)`.as('left_at'))
          .as('departure'),
      (join) => join.onTrue(),
    )
    .where('p.condition', '=', sql.lit('pre_owned'))
    .select((eb) => [
      'p.id',
      'p.title',
      'p.brand',
      'p.style_code',
      'p.colorway',
      'p.category',
      'p.size_format',
      'p.grade',
      'p.condition_notes',
      'p.images',
      'p.status',
      'p.created_at',
      'p.updated_at',
      'v.id as variant_id',
      sql<string | null>`nullif(v.size, '')`.as('size'),
      'v.sku',
      'v.price_cents',
      eb
        .selectFrom('barcodes as b')
        .whereRef('b.variant_id', '=', 'v.id')
        .select('b.code')
        .orderBy('b.created_at')
        .orderBy('b.code')
        .limit(1)
        .as('barcode'),
      'i.unit_cost_cents',
      'i.location_id',
      'l.name as location_name',
      'i.acquired_via',
      'i.published_at',
      'stock.on_hand',
      sql<number | null>`CASE WHEN i.published_at IS NULL THEN NULL
        ELSE floor(extract(epoch FROM (CASE WHEN stock.on_hand > 0 THEN now() ELSE coalesce(departure.left_at, now()) END) - i.published_at) / 86400)::int
      END`.as('days_in_stock'),
    ])
    .$narrowType<{
      category: PreownedItem['category'];
      grade: PreownedItem['grade'];
      images: ImageRef[];
      status: ItemStatus;
      acquired_via: PreownedSource | null;
      on_hand: NotNull;
    }>();

type ItemStatus = 'draft' | 'active' | 'archived';
type ItemRow = InferResult<ReturnType<typeof itemsFrom>>[number];

const stateOf = (row: Pick<ItemRow, 'status' | 'on_hand'>): PreownedItem['state'] =>
  row.status === 'draft' ? 'draft' : row.status === 'archived' ? 'archived' : row.on_hand > 0 ? 'in_stock' : 'sold';

const present = (row: ItemRow): PreownedItem => {
  const item = {
    id: row.id,
    variant_id: row.variant_id,
    state: stateOf(row),
    title: row.title,
    brand: row.brand,
    style_code: row.style_code,
    colorway: row.colorway,
    category: row.category,
    size_format: row.size_format,
    size: row.size,
    sku: row.sku,
    barcode: row.barcode,
    grade: row.grade,
    condition_notes: row.condition_notes,
    images: (row.images ?? []).map((image) => ({ ...image, thumb_url: mediaThumbUrl(image.media_id) })),
    price_cents: row.price_cents,
    unit_cost_cents: row.unit_cost_cents,
    location_id: row.location_id,
    location_name: row.location_name,
    acquired_via: row.acquired_via ?? 'in_store_purchase',
    on_hand: row.on_hand,
    published_at: row.published_at === null ? null : new Date(row.published_at).toISOString(),
    days_in_stock: row.days_in_stock,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
  return { ...item, missing: row.status === 'draft' ? missingForPublish(item) : [] };
};

async function loadRow(em: EntityManager, businessId: string, productId: string): Promise<ItemRow> {
  const row = await itemsFrom(tenantDb(em, businessId)).where('p.id', '=', productId).executeTakeFirst();
  if (!row) throw new NotFound('Pre-owned item not found');
  return row;
}

export async function getPreowned(em: EntityManager, businessId: string, productId: string): Promise<PreownedItem> {
  return present(await loadRow(em, businessId, productId));
}

/** Takes the item's row lock first, so a publish, an edit and a delete of one item run one at a time. */
async function lockRow(em: EntityManager, businessId: string, productId: string): Promise<ItemRow> {
  const locked = await tenantDb(em, businessId)
    .selectFrom('products')
    .where('id', '=', productId)
    .where('condition', '=', sql.lit('pre_owned'))
    .select('id')
    .forUpdate()
    .executeTakeFirst();
  if (locked === undefined) throw new NotFound('Pre-owned item not found');
  return loadRow(em, businessId, productId);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Items = ReturnType<typeof itemsFrom>;

const byStatus: Record<ListQuery['status'], (items: Items) => Items> = {
  draft: (items) => items.where('p.status', '=', sql.lit('draft')),
  active: (items) => items.where('p.status', '=', sql.lit('active')).where('stock.on_hand', '>', sql.lit(0)),
  sold: (items) => items.where('p.status', '=', sql.lit('active')).where('stock.on_hand', '=', sql.lit(0)),
  archived: (items) => items.where('p.status', '=', sql.lit('archived')),
  all: (items) => items,
};

/** Search as you type over title, brand, style code, colorway and SKU, newest first. */
export async function listPreowned(em: EntityManager, businessId: string, query: ListQuery): Promise<PreownedList> {
  const q = query.q ?? '';
  const like = `%${escapeLike(q.toLowerCase())}%`;
  const filtered = (source: Source) => {
    const items = byStatus[query.status](itemsFrom(source));
    return q === '' ? items : items.where((eb) => eb.or([eb('p.search_text', 'like', like), eb(eb.fn('lower', ['v.sku']), 'like', like)]));
  };
  const db = tenantDb(em, businessId);
  const page = db.selectFrom((eb) => filtered(eb).as('items')).selectAll();
  const ordered =
    query.status === 'draft'
      ? page.orderBy('updated_at', 'desc').orderBy('id', 'desc')
      : page
          .orderBy('published_at', (order) => order.desc().nullsFirst())
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc');
  const [rows, totals, states] = await Promise.all([
    ordered.limit(query.limit).offset(query.offset).execute(),
    db
      .selectFrom((eb) => filtered(eb).as('items'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst(),
    db
      .selectFrom('products as p')
      .leftJoin('variants as v', 'v.product_id', 'p.id')
      .leftJoin('stock_levels as s', 's.variant_id', 'v.id')
      .where('p.condition', '=', sql.lit('pre_owned'))
      .groupBy(['p.id', 'p.status'])
      .select(['p.status', sql<boolean>`coalesce(sum(s.on_hand), 0) > 0`.as('in_stock')])
      .$narrowType<{ status: ItemStatus }>()
      .execute(),
  ]);
  const counts = { draft: 0, in_stock: 0, sold: 0, archived: 0 };
  for (const row of states) counts[stateOf({ status: row.status, on_hand: row.in_stock ? 1 : 0 })] += 1;
  return { items: rows.map(present), total: totals?.total ?? 0, counts };
}

/** The item as it would be after a change: what the checks and the writes work on. */
type Draft = {
  title: string;
  brand: string | null;
  style_code: string | null;
  colorway: string | null;
  category: PreownedItem['category'];
  size_format: string;
  size: string | null;
  grade: PreownedItem['grade'];
  condition_notes: string | null;
  images: ImageRef[];
  price_cents: number | null;
  unit_cost_cents: number | null;
  location_id: string | null;
  acquired_via: PreownedSource;
  sku: string | null;
  barcode: string | null;
};

const SKU_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomSku = () => `PO-${[...randomBytes(6)].map((byte) => SKU_ALPHABET[byte % SKU_ALPHABET.length]).join('')}`;

/**
 * Checks what the database cannot say with a field name: the size against its format, the photos
 * and location belong to this business, the SKU and barcode are free. Throws the first kind of
 * problem found; 404 for foreign ids.
 */
async function checkDraft(
  em: EntityManager,
  businessId: string,
  draft: Draft,
  options: { variantId: string | null; images: readonly { media_id: string }[] | undefined; locationChanged: boolean },
): Promise<Draft> {
  const errors: FieldError[] = [];
  let size = draft.size;
  if (size !== null) {
    const checked = checkPreownedSize(draft.size_format, size);
    if ('error' in checked) errors.push({ field: 'size', message: checked.error });
    else size = checked.size;
  }
  if (errors.length) throw new Invalid(errors.map((e) => e.message).join('; '), errors);

  const images = options.images === undefined ? draft.images : await resolveImages(em, businessId, options.images);
  const db = tenantDb(em, businessId);

  if (draft.location_id !== null && options.locationChanged) {
    const location = await db
      .selectFrom('locations')
      .where('id', '=', draft.location_id)
      .select((eb) => eb('archived_at', 'is not', null).$castTo<boolean>().as('archived'))
      .executeTakeFirst();
    if (!location) throw new NotFound(`Location ${draft.location_id} not found`);
    if (location.archived)
      throw new Invalid('This location is archived', [{ field: 'location_id', message: 'This location is archived; choose another' }]);
  }

  const taken: FieldError[] = [];
  if (draft.sku !== null) {
    const holder = await skuHolders(db, draft.sku).where('id', 'is distinct from', options.variantId).select('id').executeTakeFirst();
    if (holder !== undefined) taken.push({ field: 'sku', message: `SKU ${draft.sku} is already used` });
  }
  if (draft.barcode !== null) {
    const holder = await db
      .selectFrom('barcodes')
      .where('code', '=', draft.barcode)
      .where('variant_id', 'is distinct from', options.variantId)
      .select('id')
      .executeTakeFirst();
    if (holder !== undefined) taken.push({ field: 'barcode', message: `Barcode ${draft.barcode} is already used` });
  }
  if (taken.length) throw new Conflict(taken.map((e) => e.message).join('; '), 'DUPLICATE', taken);
  return { ...draft, size, images };
}

function assertPublishable(draft: Draft): void {
  const missing = new Set(missingForPublish(draft));
  const details = publishRequirements.filter(({ field }) => missing.has(field)).map(({ field, message }) => ({ field, message }));
  if (details.length) throw new Invalid(`Not ready to publish: ${details.map((d) => d.message).join('; ')}`, details);
}

/** The variants holding this SKU (SKUs are unique whatever their case). */
const skuHolders = (db: Kysely<DB>, sku: string) =>
  db.selectFrom('variants').where((eb) => eb(eb.fn('lower', ['sku']), '=', eb.fn('lower', [eb.val(sku)])));

async function freeSku(em: EntityManager, businessId: string): Promise<string> {
  for (;;) {
    const candidate = randomSku();
    const holder = await skuHolders(tenantDb(em, businessId), candidate).select('id').executeTakeFirst();
    if (holder === undefined) return candidate;
  }
}

/** The item's one size; a draft may not know it yet, so it waits with an empty one, refused at publishing. */
async function insertDraftVariant(
  em: EntityManager,
  businessId: string,
  productId: string,
  variantId: string,
  draft: Draft,
): Promise<void> {
  await tenantDb(em, businessId)
    .insertInto('variants')
    .values({
      id: variantId,
      product_id: productId,
      size: draft.size ?? '',
      sku: draft.sku ?? (await freeSku(em, businessId)),
      price_cents: draft.price_cents,
    })
    .execute();
}

async function writeBarcode(em: EntityManager, businessId: string, variantId: string, code: string | null): Promise<void> {
  const db = tenantDb(em, businessId);
  await db.deleteFrom('barcodes').where('variant_id', '=', variantId).execute();
  if (code === null) return;
  const kind = /^\d{12}$/.test(code) ? 'upc' : /^\d{13}$/.test(code) ? 'ean' : 'custom';
  await db.insertInto('barcodes').values({ id: newId(), variant_id: variantId, code, kind }).execute();
}

/**
 * Publishing: the item goes live and its one unit enters stock through the ledger with its cost
 * lot. The caller holds the item's row lock inside the transaction and has checked it is a draft.
 */
async function publishLocked(
  em: EntityManager,
  context: { businessId: string; userId: string; productId: string; variantId: string },
  draft: Draft,
): Promise<void> {
  const db = tenantDb(em, context.businessId);
  const published = await db
    .updateTable('products')
    .set({ status: sql.lit('active'), updated_at: sql`now()` })
    .where('id', '=', context.productId)
    .where('status', '=', sql.lit('draft'))
    .returning('id')
    .executeTakeFirst();
  if (published === undefined) throw new Conflict('This item is already published', 'ALREADY_PUBLISHED');
  await db
    .updateTable('preowned_items')
    .set({ published_at: sql`now()`, published_by: context.userId, updated_at: sql`now()` })
    .where('product_id', '=', context.productId)
    .execute();
  await postMovements(
    em,
    {
      businessId: context.businessId,
      userId: context.userId,
      reference: { type: 'preowned', id: context.productId },
      note: 'Pre-owned item published',
    },
    [
      {
        variantId: context.variantId,
        locationId: draft.location_id ?? '',
        onHand: 1,
        reason: 'receipt',
        reasonCode: draft.acquired_via,
        lot: { unitCostCents: draft.unit_cost_cents ?? 0, source: draft.acquired_via },
      },
    ],
  );
}

/** Duplicate SKUs or barcodes that slipped past the check (a concurrent save) still get a field. */
function duplicateFrom(error: unknown): Conflict | null {
  const text = error instanceof Error ? error.message : '';
  if (text.includes('variants_sku_key'))
    return new Conflict('This SKU was just taken', 'DUPLICATE', [{ field: 'sku', message: 'This SKU is already used' }]);
  if (text.includes('barcodes_business_id_code_key'))
    return new Conflict('This barcode was just taken', 'DUPLICATE', [{ field: 'barcode', message: 'This barcode is already used' }]);
  return null;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw duplicateFrom(error) ?? error;
  }
}

/** A new item in one transaction: product, its one variant, an optional barcode, and when published its unit in stock. */
export async function createPreowned(em: EntityManager, businessId: string, userId: string, input: CreateInput): Promise<PreownedItem> {
  const productId = await guarded(() =>
    em.transactional(async (tx) => {
      const draft = await checkDraft(
        tx,
        businessId,
        {
          title: input.title,
          brand: input.brand ?? null,
          style_code: input.style_code ?? null,
          colorway: input.colorway ?? null,
          category: input.category ?? 'sneakers',
          size_format: input.size_format ?? 'us-men',
          size: input.size ?? null,
          grade: input.grade ?? null,
          condition_notes: input.condition_notes ?? null,
          images: [],
          price_cents: input.price_cents ?? null,
          unit_cost_cents: input.unit_cost_cents ?? null,
          location_id: input.location_id ?? null,
          acquired_via: input.acquired_via ?? 'in_store_purchase',
          sku: input.sku ?? null,
          barcode: input.barcode ?? null,
        },
        { variantId: null, images: input.images ?? [], locationChanged: true },
      );
      if (input.publish) assertPublishable(draft);

      const id = newId();
      const variantId = newId();
      const db = tenantDb(tx, businessId);
      await db
        .insertInto('products')
        .values({
          id,
          title: draft.title,
          brand: draft.brand,
          style_code: draft.style_code,
          colorway: draft.colorway,
          category: draft.category,
          size_format: draft.size_format,
          condition: sql.lit('pre_owned'),
          grade: draft.grade,
          condition_notes: draft.condition_notes,
          images: JSON.stringify(draft.images),
          status: sql.lit('draft'),
        })
        .execute();
      await insertDraftVariant(tx, businessId, id, variantId, draft);
      await writeBarcode(tx, businessId, variantId, draft.barcode);
      await db
        .insertInto('preowned_items')
        .values({
          product_id: id,
          unit_cost_cents: draft.unit_cost_cents,
          location_id: draft.location_id,
          acquired_via: draft.acquired_via,
        })
        .execute();
      if (input.publish) await publishLocked(tx, { businessId, userId, productId: id, variantId }, draft);
      await emit(tx, businessId, 'product.changed', { product_id: id });
      return id;
    }),
  );
  return getPreowned(em, businessId, productId);
}

const pick = <T>(next: T | undefined, current: T): T => (next === undefined ? current : next);

/** Changes an item. Once published, its cost, source and location are in the ledger and stay; the rest must stay complete. */
export async function updatePreowned(em: EntityManager, businessId: string, productId: string, input: UpdateInput): Promise<PreownedItem> {
  await guarded(() =>
    em.transactional(async (tx) => {
      const row = await lockRow(tx, businessId, productId);
      const current = present(row);
      const isDraft = row.status === 'draft';
      if (!isDraft) {
        const ledgerFields: FieldError[] = [];
        if (input.unit_cost_cents !== undefined && input.unit_cost_cents !== current.unit_cost_cents)
          ledgerFields.push({
            field: 'unit_cost_cents',
            message: 'The cost is in the stock ledger since publishing and cannot change here',
          });
        if (input.location_id !== undefined && input.location_id !== current.location_id)
          ledgerFields.push({ field: 'location_id', message: 'Move a published item with a transfer' });
        if (input.acquired_via !== undefined && input.acquired_via !== current.acquired_via)
          ledgerFields.push({
            field: 'acquired_via',
            message: 'The source is in the stock ledger since publishing and cannot change here',
          });
        if (ledgerFields.length) throw new Conflict(ledgerFields.map((e) => e.message).join('; '), 'PUBLISHED', ledgerFields);
      }
      const draft = await checkDraft(
        tx,
        businessId,
        {
          title: pick(input.title, current.title),
          brand: pick(input.brand, current.brand),
          style_code: pick(input.style_code, current.style_code),
          colorway: pick(input.colorway, current.colorway),
          category: pick(input.category, current.category),
          size_format: pick(input.size_format, current.size_format),
          size: pick(input.size, current.size),
          grade: pick(input.grade, current.grade),
          condition_notes: pick(input.condition_notes, current.condition_notes),
          images: (row.images ?? []).map(({ media_id, url }) => ({ media_id, url })),
          price_cents: pick(input.price_cents, current.price_cents),
          unit_cost_cents: pick(input.unit_cost_cents, current.unit_cost_cents),
          location_id: pick(input.location_id, current.location_id),
          acquired_via: pick(input.acquired_via, current.acquired_via),
          sku: pick(input.sku, current.sku),
          barcode: pick(input.barcode, current.barcode),
        },
        {
          variantId: row.variant_id,
          images: input.images,
          locationChanged: input.location_id !== undefined && input.location_id !== current.location_id,
        },
      );
      // A live item stays sellable: it keeps its size, grade and price.
      if (!isDraft) assertPublishable(draft);

      const db = tenantDb(tx, businessId);
      await db
        .updateTable('products')
        .set({
          title: draft.title,
          brand: draft.brand,
          style_code: draft.style_code,
          colorway: draft.colorway,
          category: draft.category,
          size_format: draft.size_format,
          grade: draft.grade,
          condition_notes: draft.condition_notes,
          images: JSON.stringify(draft.images),
          updated_at: sql`now()`,
        })
        .where('id', '=', productId)
        .execute();
      let variantId = row.variant_id;
      if (variantId === null) {
        variantId = newId();
        await insertDraftVariant(tx, businessId, productId, variantId, draft);
      } else {
        await db
          .updateTable('variants')
          .set({
            size: draft.size ?? '',
            sku: draft.sku ?? row.sku ?? (await freeSku(tx, businessId)),
            price_cents: draft.price_cents,
            updated_at: sql`now()`,
          })
          .where('id', '=', variantId)
          .execute();
      }
      if (input.barcode !== undefined) await writeBarcode(tx, businessId, variantId, draft.barcode);
      // A listed item's new price must reach its marketplaces, as a catalog product's does.
      if (draft.price_cents !== current.price_cents) await emit(tx, businessId, 'price.changed', { variant_ids: [variantId] });
      await emit(tx, businessId, 'product.changed', { product_id: productId });
      await db
        .insertInto('preowned_items')
        .values({
          product_id: productId,
          unit_cost_cents: draft.unit_cost_cents,
          location_id: draft.location_id,
          acquired_via: draft.acquired_via,
        })
        .onConflict((conflict) =>
          conflict.column('product_id').doUpdateSet((eb) => ({
            unit_cost_cents: eb.ref('excluded.unit_cost_cents'),
            location_id: eb.ref('excluded.location_id'),
            acquired_via: eb.ref('excluded.acquired_via'),
            updated_at: sql`now()`,
          })),
        )
        .execute();
    }),
  );
  return getPreowned(em, businessId, productId);
}

/** Checks everything a sale needs, then puts the one unit into stock at its cost. 409 when already published. */
export async function publishPreowned(em: EntityManager, businessId: string, userId: string, productId: string): Promise<PreownedItem> {
  await em.transactional(async (tx) => {
    const row = await lockRow(tx, businessId, productId);
    if (row.status !== 'draft') throw new Conflict('This item is already published', 'ALREADY_PUBLISHED');
    const current = present(row);
    const draft: Draft = {
      ...current,
      images: (row.images ?? []).map(({ media_id, url }) => ({ media_id, url })),
    };
    assertPublishable(draft);
    // The location may have been archived since the draft was saved.
    await checkDraft(tx, businessId, draft, { variantId: row.variant_id, images: undefined, locationChanged: true });
    if (row.variant_id === null)
      throw new Invalid('Enter the size before publishing', [{ field: 'size', message: 'Enter the size before publishing' }]);
    await publishLocked(tx, { businessId, userId, productId, variantId: row.variant_id }, draft);
    await emit(tx, businessId, 'product.changed', { product_id: productId });
  });
  return getPreowned(em, businessId, productId);
}

/** Only a draft can be deleted; a published item has ledger history and is archived instead. */
export async function deletePreowned(em: EntityManager, businessId: string, productId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await lockRow(tx, businessId, productId);
    if (row.status !== 'draft') throw new Conflict('A published item keeps its history: archive it instead of deleting it', 'PUBLISHED');
    await tenantDb(tx, businessId).deleteFrom('products').where('id', '=', productId).execute();
    await emit(tx, businessId, 'product.changed', { product_id: productId });
  });
}

/** Puts away a published item whose unit has left stock; one still in stock must be sold or adjusted out first. */
export async function archivePreowned(em: EntityManager, businessId: string, productId: string): Promise<PreownedItem> {
  await em.transactional(async (tx) => {
    const row = await lockRow(tx, businessId, productId);
    if (row.status === 'draft') throw new Conflict('A draft is deleted, not archived', 'DRAFT');
    if (row.status === 'archived') return;
    if (row.on_hand > 0) throw new Conflict('The unit is still in stock: sell it or adjust it out before archiving', 'IN_STOCK');
    await tenantDb(tx, businessId)
      .updateTable('products')
      .set({ status: sql.lit('archived'), archived_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', productId)
      .execute();
    await emit(tx, businessId, 'product.changed', { product_id: productId });
  });
  return getPreowned(em, businessId, productId);
}
