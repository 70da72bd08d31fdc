import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantDb } from '../../db/tenant-db.ts';
import { NotFound } from '../../errors.ts';

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
