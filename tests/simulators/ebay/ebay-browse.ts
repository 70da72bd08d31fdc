import { json, type SimResponse } from '../kit/http.ts';
import type { Router } from '../kit/router.ts';
import { ebayError, ebayErrors, param } from './ebay-errors.ts';
import { protect } from './ebay-oauth.ts';
import { API_SCOPE, type BrowseListing, type EbayState, type Json } from './ebay-state.ts';

const BASE = '/buy/browse/v1';

/** Active fixed-price listings for price research: the seeded market plus the seller's own live offers. */
function catalogue(state: EbayState): BrowseListing[] {
  const own: BrowseListing[] = [];
  for (const offer of state.offers.values()) {
    if (offer.status !== 'PUBLISHED' || !offer.listing || offer.listing.listingStatus !== 'ACTIVE') continue;
    const item = state.items.get(offer.sku);
    const product = (item?.body.product ?? {}) as Json;
    const price = ((offer.body.pricingSummary as Json | undefined)?.price ?? {}) as Json;
    own.push({
      itemId: `v1|${offer.listing.listingId}|0`,
      title: String(product.title ?? offer.sku),
      price: Number(price.value ?? 0),
      currency: String(price.currency ?? 'USD'),
      condition: String(item?.body.condition ?? 'NEW'),
      conditionId: '1000',
      buyingOptions: [offer.format === 'AUCTION' ? 'AUCTION' : 'FIXED_PRICE'],
      listedAt: state.clock.iso(),
      categoryId: String(offer.body.categoryId ?? ''),
    });
  }
  return [...state.browseListings, ...own];
}

export function browseRoutes(router: Router, state: EbayState): void {
  const bad = (errorId: number, message: string, name: string): SimResponse =>
    ebayErrors(400, [ebayError(errorId, 'API_BROWSE', message, { parameters: [param('fieldName', name)] })]);

  router.get(
    `${BASE}/item_summary/search`,
    protect(state, { api: 'browse', kind: 'any', scopes: [API_SCOPE] }, (req) => {
      const q = req.query.get('q');
      const categoryIds = req.query.get('category_ids');
      if (!q && !categoryIds && !req.query.get('gtin') && !req.query.get('epid'))
        return bad(12001, 'Provide q, category_ids, gtin or epid.', 'q');
      const limit = Number(req.query.get('limit') ?? 50);
      const offset = Number(req.query.get('offset') ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) return bad(12002, 'Invalid limit; use 1 to 200.', 'limit');
      if (!Number.isInteger(offset) || offset < 0 || offset > 9_999 || offset % limit !== 0) {
        return bad(12003, 'Invalid offset; it must be 0 or a multiple of limit, at most 9,999.', 'offset');
      }
      let listings = catalogue(state);
      if (q) {
        const words = q.toLowerCase().split(/\s+/).filter(Boolean);
        listings = listings.filter((l) => words.every((w) => l.title.toLowerCase().includes(w)));
      }
      if (categoryIds) listings = listings.filter((l) => l.categoryId === categoryIds);
      const filter = req.query.get('filter') ?? '';
      const price = /price:\[([\d.]*)\.\.([\d.]*)\]/.exec(filter);
      if (price) {
        const min = price[1] ? Number(price[1]) : Number.NEGATIVE_INFINITY;
        const max = price[2] ? Number(price[2]) : Number.POSITIVE_INFINITY;
        listings = listings.filter((l) => l.price >= min && l.price <= max);
      }
      const options = /buyingOptions:\{([A-Z_|]+)\}/.exec(filter)?.[1]?.split('|') ?? ['FIXED_PRICE'];
      listings = listings.filter((l) => l.buyingOptions.some((o) => options.includes(o)));
      const sort = req.query.get('sort');
      if (sort === 'price') listings.sort((a, b) => a.price - b.price);
      else if (sort === '-price') listings.sort((a, b) => b.price - a.price);
      else if (sort === 'newlyListed') listings.sort((a, b) => b.listedAt.localeCompare(a.listedAt));
      const total = Math.min(listings.length, 10_000);
      const slice = listings.slice(offset, offset + limit);
      const href = (o: number) => {
        const query = new URLSearchParams(req.url.search);
        query.set('limit', String(limit));
        query.set('offset', String(o));
        return `${BASE}/item_summary/search?${query}`;
      };
      return json(200, {
        href: href(offset),
        total,
        limit,
        offset,
        ...(offset + limit < total ? { next: href(offset + limit) } : {}),
        ...(offset > 0 ? { prev: href(offset - limit) } : {}),
        itemSummaries: slice.map((l) => ({
          itemId: l.itemId,
          legacyItemId: l.itemId.split('|')[1] ?? l.itemId,
          title: l.title,
          price: { value: l.price.toFixed(2), currency: l.currency },
          condition: l.condition,
          conditionId: l.conditionId,
          buyingOptions: l.buyingOptions,
          itemWebUrl: `https://www.ebay.com/itm/${l.itemId.split('|')[1] ?? l.itemId}`,
          image: { imageUrl: 'https://i.ebayimg.com/images/g/sim/s-l500.jpg' },
          categories: [{ categoryId: l.categoryId }],
          itemLocation: { country: 'US' },
          seller: { username: 'sim_market_seller', feedbackPercentage: '99.8', feedbackScore: 1200 },
        })),
      });
    }),
  );
}
