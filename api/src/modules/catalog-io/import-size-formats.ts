import type { EntityManager } from '@mikro-orm/postgresql';
import { SIZE_FORMATS } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { loadSizeFormat } from '../sizes/public.ts';
import type { ImportSizeFormat } from './import-plan.ts';

/**
 * Every size format a file or a matched product names, keyed by lower-case id and name: built-in
 * runs by id ('us-men') or name ('US Men'), the business's own by id ('custom:<uuid>') or name.
 */
export async function loadImportSizeFormats(
  em: EntityManager,
  businessId: string,
  wanted: Iterable<string>,
): Promise<Map<string, ImportSizeFormat>> {
  const formats = new Map<string, ImportSizeFormat>();
  const add = (format: ImportSizeFormat, ...keys: string[]) => {
    for (const key of keys) formats.set(key.toLowerCase(), format);
  };
  for (const format of SIZE_FORMATS) {
    const resolved = await loadSizeFormat(em, businessId, format.id);
    if (resolved) add(resolved, format.id, format.name);
  }
  const unknown = [...new Set([...wanted].map((value) => value.trim().toLowerCase()))].filter((key) => key !== '' && !formats.has(key));
  if (unknown.length === 0) return formats;

  for (const key of unknown) {
    const byId = await loadSizeFormat(em, businessId, key);
    if (byId) add(byId, key, byId.name);
  }
  const names = unknown.filter((key) => !formats.has(key));
  if (names.length > 0) {
    const rows = await tenantDb(em, businessId)
      .selectFrom('custom_size_formats')
      .where((eb) => eb(eb.fn('lower', ['name']), 'in', names))
      .select('id')
      .execute();
    for (const row of rows) {
      const resolved = await loadSizeFormat(em, businessId, `custom:${row.id}`);
      if (resolved) add(resolved, resolved.id, resolved.name);
    }
  }
  return formats;
}
