import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFound } from '../../errors.ts';

/** Foreign or unknown variant and location ids answer 404, naming which. */
export async function assertOwned(em: EntityManager, businessId: string, variantIds: string[], locationIds: string[]): Promise<void> {
  const check = async (table: 'variants' | 'locations', ids: string[], label: string) => {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    const rows = await em.execute<{ id: string }[]>(
      `SELECT id FROM ${table} WHERE business_id = ? AND id IN (${unique.map(() => '?').join(',')})`,
      [businessId, ...unique],
    );
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw new NotFound(`${label} ${missing} not found`);
  };
  await check('variants', variantIds, 'Variant');
  await check('locations', locationIds, 'Location');
}
