import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantDb } from '../../db/tenant-db.ts';
import { AppError, Invalid, NotFound } from '../../errors.ts';

/** Foreign or unknown variant and location ids answer 404, naming which. */
export async function assertOwned(em: EntityManager, businessId: string, variantIds: string[], locationIds: string[]): Promise<void> {
  const db = tenantDb(em, businessId);
  const check = async (table: 'variants' | 'locations', ids: string[], label: string) => {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    const rows = await db.selectFrom(table).select('id').where('id', 'in', unique).execute();
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw new NotFound(`${label} ${missing} not found`);
  };
  await check('variants', variantIds, 'Variant');
  await check('locations', locationIds, 'Location');
}

/**
 * A location stock is to arrive at: another business's or an unknown id is 404 naming the field (as
 * transfers answer), an archived location 400. Purchasing's orders and receipts check theirs here.
 */
export async function assertActiveLocation(
  em: EntityManager,
  businessId: string,
  locationId: string,
  field = 'location_id',
): Promise<void> {
  const location = await tenantDb(em, businessId)
    .selectFrom('locations')
    .select(['id', 'archived_at'])
    .where('id', '=', locationId)
    .executeTakeFirst();
  if (!location) throw new AppError(404, 'NOT_FOUND', 'Location not found', [{ field, message: 'This location is not in your business' }]);
  if (location.archived_at !== null)
    throw new Invalid('This location is archived', [{ field, message: 'This location is archived: choose another' }]);
}
