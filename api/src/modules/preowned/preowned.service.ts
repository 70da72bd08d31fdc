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
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import { emit } from '../../platform/domain-events.ts';
import { postMovements } from '../inventory/public.ts';
import { resolveImages } from '../media/public.ts';

type CreateInput = z.output<typeof createPreownedBodySchema>;
type UpdateInput = z.output<typeof updatePreownedBodySchema>;
type ListQuery = z.output<typeof preownedListQuerySchema>;

type ItemRow = {
  id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  colorway: string | null;
  category: PreownedItem['category'];
  size_format: string;
  grade: PreownedItem['grade'];
  condition_notes: string | null;
  images: ImageRef[] | null;
  status: 'draft' | 'active' | 'archived';
  created_at: Date;
  updated_at: Date;
  variant_id: string | null;
  size: string | null;
  sku: string | null;
  price_cents: number | null;
  barcode: string | null;
  unit_cost_cents: number | null;
  location_id: string | null;
  location_name: string | null;
  acquired_via: PreownedSource | null;
  published_at: Date | null;
  on_hand: number;
  days_in_stock: number | null;
};

/** The business's pre-owned items with their one variant, side row, stock and location, in one query. */
const itemSelect = `
  SELECT p.id, p.title, p.brand, p.style_code, p.colorway, p.category, p.size_format, p.grade, p.condition_notes, p.images,
         p.status, p.created_at, p.updated_at,
         v.id AS variant_id, nullif(v.size, '') AS size, v.sku, v.price_cents,
         (SELECT b.code FROM barcodes b WHERE b.business_id = p.business_id AND b.variant_id = v.id ORDER BY b.created_at, b.code LIMIT 1) AS barcode,
         i.unit_cost_cents, i.location_id, l.name AS location_name, i.acquired_via, i.published_at,
         stock.on_hand,
         CASE WHEN i.published_at IS NULL THEN NULL
              ELSE floor(extract(epoch FROM (CASE WHEN stock.on_hand > 0 THEN now() ELSE coalesce(stock.left_at, now()) END) - i.published_at) / 86400)::int
         END AS days_in_stock
    FROM products p
    LEFT JOIN preowned_items i ON i.business_id = p.business_id AND i.product_id = p.id
    LEFT JOIN LATERAL (SELECT * FROM variants v WHERE v.business_id = p.business_id AND v.product_id = p.id ORDER BY v.created_at LIMIT 1) v ON true
    LEFT JOIN locations l ON l.business_id = p.business_id AND l.id = i.location_id
    LEFT JOIN LATERAL (
      SELECT coalesce((SELECT sum(s.on_hand) FROM stock_levels s WHERE s.business_id = p.business_id AND s.variant_id = v.id), 0)::int AS on_hand,
             (SELECT max(m.created_at) FROM stock_movements m
               WHERE m.business_id = p.business_id AND m.variant_id = v.id AND m.on_hand_delta < 0) AS left_at
    ) stock ON true
   WHERE p.business_id = ? AND p.condition = 'pre_owned'`;

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
  const [row] = await em.execute<ItemRow[]>(`${itemSelect} AND p.id = ?`, [businessId, productId]);
  if (!row) throw new NotFound('Pre-owned item not found');
  return row;
}

export async function getPreowned(em: EntityManager, businessId: string, productId: string): Promise<PreownedItem> {
  return present(await loadRow(em, businessId, productId));
}

/** Takes the item's row lock first, so a publish, an edit and a delete of one item run one at a time. */
async function lockRow(em: EntityManager, businessId: string, productId: string): Promise<ItemRow> {
  const locked = await em.execute("SELECT id FROM products WHERE business_id = ? AND id = ? AND condition = 'pre_owned' FOR UPDATE", [
    businessId,
    productId,
  ]);
  if (!locked.length) throw new NotFound('Pre-owned item not found');
  return loadRow(em, businessId, productId);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const statusFilter: Record<ListQuery['status'], string> = {
  draft: " AND p.status = 'draft'",
  active: " AND p.status = 'active' AND stock.on_hand > 0",
  sold: " AND p.status = 'active' AND stock.on_hand = 0",
  archived: " AND p.status = 'archived'",
  all: '',
};

/** Search as you type over title, brand, style code, colorway and SKU, newest first. */
export async function listPreowned(em: EntityManager, businessId: string, query: ListQuery): Promise<PreownedList> {
  const q = query.q ?? '';
  const searchSql = q === '' ? '' : ' AND (p.search_text LIKE ? OR lower(v.sku) LIKE ?)';
  const like = `%${escapeLike(q.toLowerCase())}%`;
  const searchParams = q === '' ? [] : [like, like];
  const filtered = `${itemSelect}${statusFilter[query.status]}${searchSql}`;
  const order = query.status === 'draft' ? 'updated_at DESC, id DESC' : 'published_at DESC NULLS FIRST, created_at DESC, id DESC';
  const [rows, totals, states] = await Promise.all([
    em.execute<ItemRow[]>(`SELECT * FROM (${filtered}) items ORDER BY ${order} LIMIT ? OFFSET ?`, [
      businessId,
      ...searchParams,
      query.limit,
      query.offset,
    ]),
    em.execute<{ total: number }[]>(`SELECT count(*)::int AS total FROM (${filtered}) items`, [businessId, ...searchParams]),
    em.execute<{ status: ItemRow['status']; in_stock: boolean }[]>(
      `SELECT p.status, (coalesce(sum(s.on_hand), 0) > 0) AS in_stock
         FROM products p
         LEFT JOIN variants v ON v.business_id = p.business_id AND v.product_id = p.id
         LEFT JOIN stock_levels s ON s.business_id = p.business_id AND s.variant_id = v.id
        WHERE p.business_id = ? AND p.condition = 'pre_owned'
        GROUP BY p.id, p.status`,
      [businessId],
    ),
  ]);
  const counts = { draft: 0, in_stock: 0, sold: 0, archived: 0 };
  for (const row of states) counts[stateOf({ status: row.status, on_hand: row.in_stock ? 1 : 0 })] += 1;
  return { items: rows.map(present), total: totals[0]?.total ?? 0, counts };
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

  if (draft.location_id !== null && options.locationChanged) {
    const [location] = await em.execute<{ archived: boolean }[]>(
      'SELECT archived_at IS NOT NULL AS archived FROM locations WHERE business_id = ? AND id = ?',
      [businessId, draft.location_id],
    );
    if (!location) throw new NotFound(`Location ${draft.location_id} not found`);
    if (location.archived)
      throw new Invalid('This location is archived', [{ field: 'location_id', message: 'This location is archived; choose another' }]);
  }

  const taken: FieldError[] = [];
  if (draft.sku !== null) {
    const rows = await em.execute('SELECT 1 FROM variants WHERE business_id = ? AND lower(sku) = lower(?) AND id IS DISTINCT FROM ?', [
      businessId,
      draft.sku,
      options.variantId,
    ]);
    if (rows.length) taken.push({ field: 'sku', message: `SKU ${draft.sku} is already used` });
  }
  if (draft.barcode !== null) {
    const rows = await em.execute('SELECT 1 FROM barcodes WHERE business_id = ? AND code = ? AND variant_id IS DISTINCT FROM ?', [
      businessId,
      draft.barcode,
      options.variantId,
    ]);
    if (rows.length) taken.push({ field: 'barcode', message: `Barcode ${draft.barcode} is already used` });
  }
  if (taken.length) throw new Conflict(taken.map((e) => e.message).join('; '), 'DUPLICATE', taken);
  return { ...draft, size, images };
}

function assertPublishable(draft: Draft): void {
  const missing = new Set(missingForPublish(draft));
  const details = publishRequirements.filter(({ field }) => missing.has(field)).map(({ field, message }) => ({ field, message }));
  if (details.length) throw new Invalid(`Not ready to publish: ${details.map((d) => d.message).join('; ')}`, details);
}

async function freeSku(em: EntityManager, businessId: string): Promise<string> {
  for (;;) {
    const candidate = randomSku();
    const rows = await em.execute('SELECT 1 FROM variants WHERE business_id = ? AND lower(sku) = lower(?)', [businessId, candidate]);
    if (!rows.length) return candidate;
  }
}

async function writeBarcode(em: EntityManager, businessId: string, variantId: string, code: string | null): Promise<void> {
  await em.execute('DELETE FROM barcodes WHERE business_id = ? AND variant_id = ?', [businessId, variantId]);
  if (code === null) return;
  const kind = /^\d{12}$/.test(code) ? 'upc' : /^\d{13}$/.test(code) ? 'ean' : 'custom';
  await em.execute('INSERT INTO barcodes (id, business_id, variant_id, code, kind) VALUES (?, ?, ?, ?, ?)', [
    newId(),
    businessId,
    variantId,
    code,
    kind,
  ]);
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
  const published = await em.execute(
    "UPDATE products SET status = 'active', updated_at = now() WHERE business_id = ? AND id = ? AND status = 'draft' RETURNING id",
    [context.businessId, context.productId],
  );
  if (!published.length) throw new Conflict('This item is already published', 'ALREADY_PUBLISHED');
  await em.execute(
    'UPDATE preowned_items SET published_at = now(), published_by = ?, updated_at = now() WHERE business_id = ? AND product_id = ?',
    [context.userId, context.businessId, context.productId],
  );
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
      await tx.execute(
        `INSERT INTO products (id, business_id, title, brand, style_code, colorway, category, size_format, condition, grade,
                               condition_notes, images, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pre_owned', ?, ?, ?::jsonb, 'draft')`,
        [
          id,
          businessId,
          draft.title,
          draft.brand,
          draft.style_code,
          draft.colorway,
          draft.category,
          draft.size_format,
          draft.grade,
          draft.condition_notes,
          JSON.stringify(draft.images),
        ],
      );
      // A draft may not know its size yet: the variant waits with an empty one, refused at publishing.
      await tx.execute('INSERT INTO variants (id, business_id, product_id, size, sku, price_cents) VALUES (?, ?, ?, ?, ?, ?)', [
        variantId,
        businessId,
        id,
        draft.size ?? '',
        draft.sku ?? (await freeSku(tx, businessId)),
        draft.price_cents,
      ]);
      await writeBarcode(tx, businessId, variantId, draft.barcode);
      await tx.execute(
        'INSERT INTO preowned_items (product_id, business_id, unit_cost_cents, location_id, acquired_via) VALUES (?, ?, ?, ?, ?)',
        [id, businessId, draft.unit_cost_cents, draft.location_id, draft.acquired_via],
      );
      if (input.publish) await publishLocked(tx, { businessId, userId, productId: id, variantId }, draft);
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

      await tx.execute(
        `UPDATE products SET title = ?, brand = ?, style_code = ?, colorway = ?, category = ?, size_format = ?, grade = ?,
                             condition_notes = ?, images = ?::jsonb, updated_at = now()
          WHERE business_id = ? AND id = ?`,
        [
          draft.title,
          draft.brand,
          draft.style_code,
          draft.colorway,
          draft.category,
          draft.size_format,
          draft.grade,
          draft.condition_notes,
          JSON.stringify(draft.images),
          businessId,
          productId,
        ],
      );
      let variantId = row.variant_id;
      if (variantId === null) {
        variantId = newId();
        await tx.execute('INSERT INTO variants (id, business_id, product_id, size, sku, price_cents) VALUES (?, ?, ?, ?, ?, ?)', [
          variantId,
          businessId,
          productId,
          draft.size ?? '',
          draft.sku ?? (await freeSku(tx, businessId)),
          draft.price_cents,
        ]);
      } else {
        await tx.execute('UPDATE variants SET size = ?, sku = ?, price_cents = ?, updated_at = now() WHERE business_id = ? AND id = ?', [
          draft.size ?? '',
          draft.sku ?? row.sku ?? (await freeSku(tx, businessId)),
          draft.price_cents,
          businessId,
          variantId,
        ]);
      }
      if (input.barcode !== undefined) await writeBarcode(tx, businessId, variantId, draft.barcode);
      // A listed item's new price must reach its marketplaces, as a catalog product's does.
      if (draft.price_cents !== current.price_cents) await emit(tx, businessId, 'price.changed', { variant_ids: [variantId] });
      await emit(tx, businessId, 'product.changed', { product_id: productId });
      await tx.execute(
        `INSERT INTO preowned_items (product_id, business_id, unit_cost_cents, location_id, acquired_via) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (product_id) DO UPDATE
           SET unit_cost_cents = EXCLUDED.unit_cost_cents, location_id = EXCLUDED.location_id, acquired_via = EXCLUDED.acquired_via,
               updated_at = now()`,
        [productId, businessId, draft.unit_cost_cents, draft.location_id, draft.acquired_via],
      );
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
  });
  return getPreowned(em, businessId, productId);
}

/** Only a draft can be deleted; a published item has ledger history and is archived instead. */
export async function deletePreowned(em: EntityManager, businessId: string, productId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await lockRow(tx, businessId, productId);
    if (row.status !== 'draft') throw new Conflict('A published item keeps its history: archive it instead of deleting it', 'PUBLISHED');
    await tx.execute('DELETE FROM products WHERE business_id = ? AND id = ?', [businessId, productId]);
  });
}

/** Puts away a published item whose unit has left stock; one still in stock must be sold or adjusted out first. */
export async function archivePreowned(em: EntityManager, businessId: string, productId: string): Promise<PreownedItem> {
  await em.transactional(async (tx) => {
    const row = await lockRow(tx, businessId, productId);
    if (row.status === 'draft') throw new Conflict('A draft is deleted, not archived', 'DRAFT');
    if (row.status === 'archived') return;
    if (row.on_hand > 0) throw new Conflict('The unit is still in stock: sell it or adjust it out before archiving', 'IN_STOCK');
    await tx.execute("UPDATE products SET status = 'archived', archived_at = now(), updated_at = now() WHERE business_id = ? AND id = ?", [
      businessId,
      productId,
    ]);
  });
  return getPreowned(em, businessId, productId);
}
