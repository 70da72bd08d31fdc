import type { EntityManager } from '@mikro-orm/postgresql';
import { type AliasableExpression, type Kysely, type QueryCreator, sql } from 'kysely';
import type { DB } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { JOBS_CHANNEL } from '../../jobs/queue.ts';
import { pushPriceJob, pushQuantityJob } from './sync.jobs.ts';

// Pushes are coalesced per variant (a burst of changes on one size becomes one push that reads the
// current value) and enqueued inside the caller's transaction. The sync engine's subscribers call
// these when other areas publish stock, price and channel events; sync's own code calls them directly.
// However many sizes a change covers, it costs one statement: the pushes are inserted set-based.

export type PushKind = 'quantity' | 'price';

/** Each kind's job and coalesce key prefix (`qty:<variant>`, `price:<variant>`), payload `{ variantId }`. */
const PUSHES = {
  quantity: { kind: pushQuantityJob.kind, prefix: 'qty:' },
  price: { kind: pushPriceJob.kind, prefix: 'price:' },
} as const;

/** A time-ordered UUID (version 7: milliseconds, then random bits), like `newId()`, for rows an INSERT … SELECT makes. */
const uuidv7 = sql<string>`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/**
 * The INSERT of one push job per distinct variant of `variants` (a query with a `variant_id`
 * column), coalescing like `enqueue` (jobs/queue.ts): where that variant's push already waits, only
 * its run time is pulled forward. Returns the ids queued or pulled forward. For a CTE of a larger
 * statement (reconciliation writes a page's results and its pushes in one) or `enqueuePushesOf`.
 */
export function pushJobsInsert<Q extends DB>(qc: QueryCreator<Q>, kind: PushKind, variants: AliasableExpression<{ variant_id: string }>) {
  const { kind: jobKind, prefix } = PUSHES[kind];
  return (qc as QueryCreator<DB>)
    .insertInto('jobs')
    .columns(['id', 'kind', 'coalesce_key', 'payload'])
    .expression((eb) =>
      eb
        .selectFrom(eb.selectFrom(variants.as('wanted')).select('wanted.variant_id').distinct().as('w'))
        .select([
          uuidv7.as('id'),
          sql<string>`${jobKind}::text`.as('kind'),
          sql<string>`${prefix}::text || w.variant_id::text`.as('coalesce_key'),
          sql<string>`jsonb_build_object('variantId', w.variant_id)`.as('payload'),
        ]),
    )
    .onConflict((conflict) =>
      conflict
        .column('coalesce_key')
        .where('status', '=', 'queued')
        .doUpdateSet((eb) => ({
          run_at: sql<Date>`least(${eb.ref('jobs.run_at')}, ${eb.ref('excluded.run_at')})`,
          updated_at: sql<Date>`now()`,
        })),
    )
    .returning('jobs.id');
}

/** Wakes idle runners (delivered at commit) when the CTE `queued` holds a row: append as the statement's main query. */
export const notifyRunners = sql<string>`pg_notify(${JOBS_CHANNEL}, '')`;

/**
 * One coalesced push per distinct variant of `variants` (a query with a `variant_id` column), in one
 * statement inside the caller's transaction, with the runners woken when anything was queued.
 */
export async function enqueuePushesOf(
  em: EntityManager,
  businessId: string,
  kind: PushKind,
  variants: (db: QueryCreator<DB>) => AliasableExpression<{ variant_id: string }>,
): Promise<void> {
  await tenantDb(em, businessId)
    .with('queued', (qc) => pushJobsInsert(qc, kind, variants(qc)))
    .selectFrom('queued')
    .select(notifyRunners.as('notified'))
    .limit(1)
    .execute();
}

/** One coalesced push per given variant (listed or not: the push finds where it is listed), in one statement. */
export async function enqueuePushes(em: EntityManager, businessId: string, kind: PushKind, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  const ids = [...new Set(variantIds)];
  await enqueuePushesOf(em, businessId, kind, (db) =>
    db.selectFrom(sql<{ variant_id: string }>`unnest(${ids}::uuid[])`.as<'v'>(sql`v(variant_id)`)).select('v.variant_id'),
  );
}

/** The live listings of any of these variants: a domain event's relevance look-up (`Subscriber.relevant`). */
export const listingsOfAny = (db: Kysely<DB>, variantIds: readonly string[]) =>
  db
    .selectFrom('channel_listing_variants as v')
    .innerJoin('channel_listings as l', 'l.id', 'v.listing_id')
    .where('l.status', 'in', ['active', 'pending'])
    .where('v.variant_id', 'in', [...new Set(variantIds)])
    .select('v.variant_id');

/** The variants on live (active or pending) listings, to narrow with a where (duplicates are removed by the insert). */
const listedVariants = (db: QueryCreator<DB>) =>
  db
    .selectFrom('channel_listing_variants as v')
    .innerJoin('channel_listings as l', (join) => join.onRef('l.id', '=', 'v.listing_id').on('l.status', 'in', ['active', 'pending']))
    .innerJoin('channel_connections as c', 'c.id', 'v.connection_id')
    .select('v.variant_id');

/**
 * After stock moved: one coalesced push per variant that is listed on any channel, in one
 * statement. Variants listed nowhere enqueue nothing.
 */
export async function enqueueQuantityPushes(em: EntityManager, businessId: string, variantIds: readonly string[]): Promise<void> {
  if (variantIds.length === 0) return;
  const ids = [...new Set(variantIds)];
  await enqueuePushesOf(em, businessId, 'quantity', (db) => listedVariants(db).where('v.variant_id', 'in', ids));
}

/**
 * After a price input changed (a variant's or product's price, a listing's override, a channel's
 * price rule): one coalesced price push per listed variant, in one statement (each push reads the
 * price current when it runs, so the newest price is the one sent). Pass variant ids, or a product
 * or channel to cover all of theirs.
 */
export async function enqueuePricePushes(
  em: EntityManager,
  businessId: string,
  scope: readonly string[] | { productId: string } | { channelId: string },
): Promise<void> {
  if (Array.isArray(scope) && scope.length === 0) return;
  await enqueuePushesOf(em, businessId, 'price', (db) => {
    const listed = listedVariants(db);
    return Array.isArray(scope)
      ? listed.where('v.variant_id', 'in', [...new Set(scope)])
      : 'productId' in scope
        ? listed.where('l.product_id', '=', scope.productId)
        : listed.where('c.channel_id', '=', (scope as { channelId: string }).channelId);
  });
}

/**
 * After a channel's buffer, sync switch or selling locations changed: a quantity push for every
 * variant listed on that channel (the push reads the new buffer; with sync off it sends nothing).
 */
export async function enqueueChannelQuantityPushes(em: EntityManager, businessId: string, channelId: string): Promise<void> {
  await enqueuePushesOf(em, businessId, 'quantity', (db) => listedVariants(db).where('c.channel_id', '=', channelId));
}
