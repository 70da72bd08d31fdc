import { chunk, decimalToCents } from '../http.ts';
import type { ExternalListing, ListingPage, ListListingsInput, QuantityReading, ShopifyRef } from '../types.ts';

// Reading the shop's products back: existing variants (so a listing is updated in place), products
// page by page with the quantity at one location, and the available quantity of given refs.

export type Gql = <T>(query: string, variables: Record<string, unknown>, idempotent?: boolean) => Promise<T>;

/** Query cost grows with page × variants (reference §2.3: 1,000 points a query at most). */
export const SHOPIFY_LIST_PAGE_MAX = 3;
const VARIANTS_PER_PRODUCT = 50;
const QUANTITY_READS_PER_QUERY = 100;

const EXISTING = `query($query: String!) {
  products(first: 1, query: $query) { nodes { id handle status variants(first: 250) { nodes { id sku } } } }
}`;

/** The product already listed under `handle` and its variant ids by SKU, or null. */
export async function existingProduct(
  gql: Gql,
  handle: string,
): Promise<{ id: string; status: string; variantIds: Map<string, string> } | null> {
  const data = await gql<{
    products: { nodes: { id: string; handle: string; status: string; variants: { nodes: { id: string; sku: string | null }[] } }[] };
  }>(EXISTING, { query: `handle:"${handle.replace(/"/g, '')}"` });
  const product = data.products.nodes.find((p) => p.handle === handle);
  if (!product) return null;
  return {
    id: product.id,
    status: product.status,
    variantIds: new Map(product.variants.nodes.filter((v) => v.sku).map((v) => [v.sku as string, v.id])),
  };
}

type ProductNode = {
  id: string;
  title: string;
  handle: string;
  vendor: string;
  descriptionHtml: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT';
  variants: {
    nodes: {
      id: string;
      sku: string | null;
      price: string;
      barcode: string | null;
      selectedOptions: { name: string; value: string }[];
      inventoryItem: { id: string; inventoryLevel: { quantities: { name: string; quantity: number }[] } | null };
    }[];
  };
};

const PRODUCTS = `query($first: Int!, $after: String, $location: ID!) {
  products(first: $first, after: $after, sortKey: ID) {
    nodes {
      id title handle vendor descriptionHtml status
      variants(first: ${VARIANTS_PER_PRODUCT}) {
        nodes {
          id sku price barcode selectedOptions { name value }
          inventoryItem { id inventoryLevel(locationId: $location) { quantities(names: ["available"]) { name quantity } } }
        }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

const available = (level: { quantities: { name: string; quantity: number }[] } | null): number =>
  level?.quantities.find((q) => q.name === 'available')?.quantity ?? 0;

export async function listShopifyListings(
  gql: Gql,
  input: ListListingsInput,
  locationId: string,
  shopDomain: string | undefined,
): Promise<ListingPage<ShopifyRef>> {
  const data = await gql<{ products: { nodes: ProductNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(PRODUCTS, {
    first: Math.min(Math.max(input.pageSize ?? SHOPIFY_LIST_PAGE_MAX, 1), SHOPIFY_LIST_PAGE_MAX),
    after: input.cursor ?? null,
    location: locationId,
  });
  const listings = data.products.nodes.map(
    (p): ExternalListing<ShopifyRef> => ({
      externalId: p.id,
      title: p.title,
      brand: p.vendor || null,
      styleCode: null,
      description: p.descriptionHtml || null,
      images: [],
      url: shopDomain ? `https://${shopDomain}/products/${p.handle}` : null,
      status: p.status === 'ACTIVE' ? 'active' : p.status === 'ARCHIVED' ? 'ended' : 'draft',
      variants: p.variants.nodes.map((v) => {
        const size = v.selectedOptions.find((o) => o.name !== 'Title')?.value ?? null;
        return {
          sku: v.sku ?? '',
          size,
          priceCents: decimalToCents(v.price),
          quantity: available(v.inventoryItem.inventoryLevel),
          barcode: v.barcode || null,
          ref: {
            platform: 'shopify',
            sku: v.sku ?? '',
            productId: p.id,
            variantId: v.id,
            inventoryItemId: v.inventoryItem.id,
            locationId,
          },
        };
      }),
    }),
  );
  return { listings, nextCursor: data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null };
}

/** `available` at each ref's location, many refs per query (aliases); null when the item is gone. */
export async function fetchShopifyQuantities(gql: Gql, refs: ShopifyRef[]): Promise<QuantityReading[]> {
  const readings: QuantityReading[] = [];
  for (const part of chunk(refs, QUANTITY_READS_PER_QUERY)) {
    const params = part.map((_, i) => `$i${i}: ID!, $l${i}: ID!`).join(', ');
    const fields = part
      .map(
        (_, i) =>
          `q${i}: inventoryItem(id: $i${i}) { inventoryLevel(locationId: $l${i}) { quantities(names: ["available"]) { name quantity } } }`,
      )
      .join('\n');
    const variables: Record<string, string> = {};
    for (const [i, ref] of part.entries()) {
      variables[`i${i}`] = ref.inventoryItemId;
      variables[`l${i}`] = ref.locationId;
    }
    const data = await gql<Record<string, { inventoryLevel: { quantities: { name: string; quantity: number }[] } | null } | null>>(
      `query(${params}) {\n${fields}\n}`,
      variables,
    );
    for (const [i, ref] of part.entries()) {
      const item = data[`q${i}`];
      // Not stocked at the location: nothing on sale there.
      readings.push({ sku: ref.sku, quantity: item ? available(item.inventoryLevel) : null });
    }
  }
  return readings;
}
