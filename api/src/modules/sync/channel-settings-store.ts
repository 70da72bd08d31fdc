import type { EntityManager } from '@mikro-orm/postgresql';
import type { EbayCondition, ItemSpecific } from '@tradepost/shared/schemas/channel-settings.ts';
import type { JsonValue } from '../../db/schema.generated.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import type { ListingOverrides } from './listing-input.ts';

// The stored half of a product's settings on one connection (table product_channel_settings,
// migration 0027), read by the settings screen and by listing (listings.service.ts).

/** A size's own setting on the channel: kept off it, or its price there until it is on the listing. */
export type StoredSize = { listed: boolean; price_cents: number | null };

export type StoredChannelSettings = {
  overrides: ListingOverrides;
  /** Sizes with a setting of their own, by variant id; a size not here is listed at the default price. */
  sizes: Map<string, StoredSize>;
};

export const emptySettings = (): StoredChannelSettings => ({
  overrides: { title: null, ebayCategoryId: null, condition: null, aspects: [] },
  sizes: new Map(),
});

const isObject = (value: JsonValue | undefined): value is { [key: string]: JsonValue | undefined } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sizesFrom(value: JsonValue): Map<string, StoredSize> {
  const sizes = new Map<string, StoredSize>();
  if (!isObject(value)) return sizes;
  for (const [variantId, entry] of Object.entries(value)) {
    if (!isObject(entry)) continue;
    sizes.set(variantId, {
      listed: entry.listed !== false,
      price_cents: typeof entry.price_cents === 'number' ? entry.price_cents : null,
    });
  }
  return sizes;
}

function aspectsFrom(value: JsonValue): ItemSpecific[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isObject(entry) && typeof entry.name === 'string' && Array.isArray(entry.values)
      ? [{ name: entry.name, values: entry.values.filter((v): v is string => typeof v === 'string') }]
      : [],
  );
}

/** The product's settings on each connection that has any, by connection id. */
export async function storedChannelSettings(
  em: EntityManager,
  businessId: string,
  productId: string,
  connectionId?: string,
): Promise<Map<string, StoredChannelSettings>> {
  const rows = await tenantDb(em, businessId)
    .selectFrom('product_channel_settings')
    .where('product_id', '=', productId)
    .$if(connectionId !== undefined, (query) => query.where('connection_id', '=', connectionId ?? ''))
    .select(['connection_id', 'title', 'sizes', 'ebay_category_id', 'ebay_condition', 'ebay_aspects'])
    // A CHECK constraint holds the condition to eBay's values.
    .$narrowType<{ ebay_condition: EbayCondition | null }>()
    .execute();
  return new Map(
    rows.map((row) => [
      row.connection_id,
      {
        overrides: {
          title: row.title,
          ebayCategoryId: row.ebay_category_id,
          condition: row.ebay_condition,
          aspects: aspectsFrom(row.ebay_aspects),
        },
        sizes: sizesFrom(row.sizes),
      },
    ]),
  );
}

/** One connection's settings of the product (the defaults when none were saved). */
export async function channelSettingsFor(
  em: EntityManager,
  businessId: string,
  productId: string,
  connectionId: string,
): Promise<StoredChannelSettings> {
  return (await storedChannelSettings(em, businessId, productId, connectionId)).get(connectionId) ?? emptySettings();
}
