import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';

/**
 * Locks a connection's listing sizes of these variants, in id order, at the start of a transaction
 * that changes several of them. Every such writer (a push recording its results, reconciliation, a
 * batch settling its items, a listing's size prices) takes them in the same order, so two writers
 * wait for each other instead of deadlocking — a deadlock rolls a batch's answers back and makes it
 * send a chunk again.
 */
export async function lockListingSizes(db: Kysely<DB>, connectionId: string, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  await db
    .selectFrom('channel_listing_variants')
    .select('id')
    .where('connection_id', '=', connectionId)
    .where('variant_id', 'in', [...new Set(variantIds)])
    .orderBy('id')
    .forUpdate()
    .execute();
}
