import type { EntityManager } from '@mikro-orm/postgresql';
import {
  customSizeFormatUuid,
  type ResolvedSizeFormat,
  resolveBuiltInSizeFormat,
  resolveCustomSizeFormat,
} from '@tradepost/shared/domain/sizes/resolved-size-format.ts';
import { tenantDb } from '../../db/tenant-db.ts';

export type { ResolvedSizeFormat } from '@tradepost/shared/domain/sizes/resolved-size-format.ts';

/**
 * A product's size format, built-in ('us-men') or the business's own ('custom:<uuid>'). Another
 * business's custom id, a deleted one and any unknown id answer null, so callers answer 400/404
 * without learning whether the format exists elsewhere.
 */
export async function loadSizeFormat(
  em: EntityManager,
  businessId: string,
  formatId: string,
  options: { forShare?: boolean } = {},
): Promise<ResolvedSizeFormat | null> {
  const builtIn = resolveBuiltInSizeFormat(formatId);
  if (builtIn) return builtIn;
  const uuid = customSizeFormatUuid(formatId);
  if (uuid === null) return null;
  // Through tenantDb: callers pass any EntityManager (tenant filter set or not); the builder scopes it to the business.
  // forShare (inside the caller's transaction) holds the run steady until commit: an edit removing a
  // size waits, then sees the new variants and refuses.
  const row = await tenantDb(em, businessId)
    .selectFrom('custom_size_formats')
    .where('id', '=', uuid)
    .select(['name', 'sizes'])
    .$if(options.forShare === true, (query) => query.forShare())
    .executeTakeFirst();
  return row ? resolveCustomSizeFormat({ id: formatId, name: row.name, sizes: row.sizes }) : null;
}
