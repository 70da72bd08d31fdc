import type { ApiClient } from '@tradepost/shared/client/types.ts';
import { type Product, productListSchema, productSchema } from '@tradepost/shared/schemas/catalog.ts';
import { locationSchema, variantLedgerSchema, variantSummarySchema } from '@tradepost/shared/schemas/inventory.ts';
import { priceRuleSchema } from '@tradepost/shared/schemas/sales.ts';
import { z } from 'zod';
import type { AuthService } from './auth-service.ts';
import { type MatchBasis, matchBySku, matchByStyleCode, matchByTitle, type ProductMatch, titleQueries } from './product-match.ts';
import type { CapturedListing, MarketplaceSite } from './readers/captured-listing.ts';
import { type ChannelPriceRule, channelPriceRule } from './repricing.ts';
import { buildProductStock, type CostLot, type ProductStock, type ProductSummary, productSummary } from './stock-view.ts';
import type { StoredSession } from './storage.ts';

/** The panel's answer for a listing: our product (if any) with its stock, and the channel's price rule. */
export type ListingLookup = {
  match: { basis: MatchBasis; variant_id: string | null; stock: ProductStock } | null;
  price_rule: ChannelPriceRule | null;
  currency: string;
};

/** Cost comes from each size's ledger; a product with more sizes in stock than this shows cost for these. */
const MAX_COSTED_VARIANTS = 40;
const LEDGER_CONCURRENCY = 6;

type Scope = { client: ApiClient; session: StoredSession; base: string };

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

/** The background worker's reads of the catalog and inventory, with the signed-in session's client. */
export function createCatalogLookup(auth: AuthService) {
  async function scope(): Promise<Scope> {
    const { client, session } = await auth.signedInClient();
    return { client, session, base: `/businesses/${encodeURIComponent(session.user.business.id)}` };
  }

  async function search({ client, base }: Scope, q: string, status: 'active' | 'all'): Promise<Product[]> {
    // The panel looks up once per page, and stock changes all day: always ask the server (`fresh`).
    const list = await client.get(`${base}/products`, { query: { q, limit: 20, status }, schema: productListSchema, fresh: true });
    return list.items;
  }

  /** SKU, then style code, then title; each rule searches only when the one before found nothing. */
  async function findMatch(current: Scope, listing: CapturedListing): Promise<ProductMatch | null> {
    if (listing.sku !== null) {
      const match = matchBySku(await search(current, listing.sku, 'all'), listing.sku);
      if (match !== null) return match;
    }
    if (listing.style_code !== null) {
      const match = matchByStyleCode(await search(current, listing.style_code, 'all'), listing.style_code, listing.size);
      if (match !== null) return match;
    }
    if (listing.title !== null) {
      const candidates = new Map<string, Product>();
      for (const query of titleQueries(listing.title)) {
        for (const product of await search(current, query, 'all')) candidates.set(product.id, product);
        const match = matchByTitle([...candidates.values()], listing.title, listing.size);
        if (match !== null) return match;
      }
    }
    return null;
  }

  async function stockFor({ client, session, base }: Scope, product: Product): Promise<ProductStock> {
    const ids = product.variants.map((variant) => variant.id);
    const costed = product.variants.filter((variant) => variant.on_hand > 0).slice(0, MAX_COSTED_VARIANTS);
    const [locations, summaries, ledgers] = await Promise.all([
      client.get(`${base}/locations`, { schema: z.array(locationSchema) }),
      ids.length === 0
        ? Promise.resolve([])
        : client.get(`${base}/inventory/variants`, {
            query: { ids: ids.slice(0, 200).join(',') },
            schema: z.array(variantSummarySchema),
            fresh: true,
          }),
      inBatches(costed, LEDGER_CONCURRENCY, (variant) =>
        client.get(`${base}/inventory/variants/${encodeURIComponent(variant.id)}/ledger`, { schema: variantLedgerSchema, fresh: true }),
      ),
    ]);
    const lots = new Map<string, CostLot[]>(ledgers.map((ledger) => [ledger.variant_id, ledger.lots]));
    return buildProductStock({ product, server: session.server, currency: session.user.business.currency, locations, summaries, lots });
  }

  async function priceRuleFor({ client, base }: Scope, site: MarketplaceSite): Promise<ChannelPriceRule | null> {
    const rules = await client.get(`${base}/price-rules`, { schema: z.array(priceRuleSchema) });
    const rule = rules.find((item) => item.enabled && item.channel.kind === site);
    return rule === undefined ? null : channelPriceRule(rule);
  }

  return {
    async lookupListing(listing: CapturedListing): Promise<ListingLookup> {
      const current = await scope();
      const [match, priceRule] = await Promise.all([findMatch(current, listing), priceRuleFor(current, listing.site)]);
      return {
        match:
          match === null
            ? null
            : { basis: match.basis, variant_id: match.variant?.id ?? null, stock: await stockFor(current, match.product) },
        price_rule: priceRule,
        currency: current.session.user.business.currency,
      };
    },

    async findMatch(listing: CapturedListing): Promise<ProductMatch | null> {
      return findMatch(await scope(), listing);
    },

    /** Search as you type; with nothing typed, the most recently changed products. */
    async searchProducts(q: string): Promise<ProductSummary[]> {
      const current = await scope();
      const list = await current.client.get(`${current.base}/products`, {
        query: { q: q === '' ? undefined : q, limit: 20, sort: 'updated_at' },
        schema: productListSchema,
      });
      return list.items.map((product) => productSummary(product, current.session.server));
    },

    async productStock(productId: string): Promise<ProductStock> {
      const current = await scope();
      const product = await current.client.get(`${current.base}/products/${encodeURIComponent(productId)}`, {
        schema: productSchema,
        fresh: true,
      });
      return stockFor(current, product);
    },
  };
}

export type CatalogLookup = ReturnType<typeof createCatalogLookup>;
