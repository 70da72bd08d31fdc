import { useMutation, useQuery } from '@tanstack/react-query';
import { sendMessage } from '../lib/messages.ts';
import type { CapturedListing } from '../lib/readers/captured-listing.ts';
import { extensionQueryKey } from './use-session.ts';

/** Queries and actions of the panels; each is one message to the background worker, which holds the session. */
export const tradepostKeys = {
  lookup: (listing: CapturedListing) =>
    [...extensionQueryKey, 'lookup', listing.site, listing.listing_id, listing.sku, listing.style_code, listing.title] as const,
  search: (q: string) => [...extensionQueryKey, 'search', q] as const,
  stock: (productId: string) => [...extensionQueryKey, 'stock', productId] as const,
};

export function useListingLookup(listing: CapturedListing | null) {
  return useQuery({
    queryKey: listing === null ? [...extensionQueryKey, 'lookup', 'none'] : tradepostKeys.lookup(listing),
    queryFn: () => sendMessage({ type: 'lookup-listing', listing: listing as CapturedListing }),
    enabled: listing !== null,
    staleTime: 30_000,
  });
}

export function useCaptureListing() {
  return useMutation({ mutationFn: (listing: CapturedListing) => sendMessage({ type: 'capture-listing', listing }) });
}

export function useProductSearch(q: string) {
  return useQuery({
    queryKey: tradepostKeys.search(q),
    queryFn: () => sendMessage({ type: 'search-products', q }),
    placeholderData: (previous) => previous,
    staleTime: 15_000,
  });
}

export function useProductStock(productId: string | null) {
  return useQuery({
    queryKey: productId === null ? [...extensionQueryKey, 'stock', 'none'] : tradepostKeys.stock(productId),
    queryFn: () => sendMessage({ type: 'product-stock', product_id: productId as string }),
    enabled: productId !== null,
    staleTime: 15_000,
  });
}

/** Opens a Tradepost screen in a new tab. */
export function openInTradepost(path: string): void {
  void sendMessage({ type: 'open-in-tradepost', path });
}
