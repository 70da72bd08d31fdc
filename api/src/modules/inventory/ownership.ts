import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { tenantDb } from '../../db/tenant-db.ts';
import { tenantStatement } from '../../db/tenant-statement.ts';
import { AppError, Invalid, NotFound } from '../../errors.ts';

/** Foreign or unknown variant and location ids answer 404, naming which: one look-up for both kinds. */
export async function assertOwned(em: EntityManager, businessId: string, variantIds: string[], locationIds: string[]): Promise<void> {
  const variants = [...new Set(variantIds)];
  const locations = [...new Set(locationIds)];
  if (variants.length === 0 && locations.length === 0) return;
  const rows = await ownedAmong(em, businessId, { variants, locations });
  const found = new Set(rows.map((row) => `${row.kind}:${row.id}`));
  const missingVariant = variants.find((id) => !found.has(`variant:${id}`));
  if (missingVariant) throw new NotFound(`Variant ${missingVariant} not found`);
  const missingLocation = locations.find((id) => !found.has(`location:${id}`));
  if (missingLocation) throw new NotFound(`Location ${missingLocation} not found`);
}

/**
 * Which of these ids are the business's variants and locations. Each row says which table found it:
 * a location's id sent as a variant's is not a variant. Built once (`tenantStatement`): every stock
 * movement a request asks for checks its ids here.
 */
const ownedAmong = tenantStatement(['variants', 'locations'], (db, v: { variants: string[]; locations: string[] }) =>
  db
    .selectFrom('variants')
    .select(['id', sql<string>`'variant'`.as('kind')])
    .where('id', '=', sql<string>`any(${v.variants}::uuid[])`)
    .unionAll(
      db
        .selectFrom('locations')
        .select(['id', sql<string>`'location'`.as('kind')])
        .where('id', '=', sql<string>`any(${v.locations}::uuid[])`),
    ),
);

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
