import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MessageOf, sendMessage } from '../lib/messages.ts';
import type { CapturedListing } from '../lib/readers/captured-listing.ts';
import { extensionQueryKey } from './use-session.ts';

/** How often an open panel re-reads stock and channel quantities. */
const LIVE_REFRESH_MS = 15_000;

/** Queries and actions of the panels; each is one message to the background worker, which holds the session. */
export const tradepostKeys = {
  lookup: (listing: CapturedListing) =>
    [...extensionQueryKey, 'lookup', listing.site, listing.listing_id, listing.sku, listing.style_code, listing.title] as const,
  search: (q: string) => [...extensionQueryKey, 'search', q] as const,
  stock: (productId: string) => [...extensionQueryKey, 'stock', productId] as const,
  channels: (productId: string) => [...extensionQueryKey, 'channels', productId] as const,
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
    // A sale elsewhere shows while the page is in view (TanStack pauses the interval in background tabs).
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** Opens a Tradepost screen in a new tab. */
export function openInTradepost(path: string): void {
  void sendMessage({ type: 'open-in-tradepost', path });
}

/** The product's listings on every connected marketplace (null product: nothing to ask). */
export function useChannelState(product: { id: string; search: string } | null) {
  return useQuery({
    queryKey: product === null ? [...extensionQueryKey, 'channels', 'none'] : tradepostKeys.channels(product.id),
    queryFn: () =>
      sendMessage({ type: 'channel-state', product_id: (product as { id: string }).id, search: (product as { search: string }).search }),
    enabled: product !== null,
    staleTime: 15_000,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

type Payload<K extends Parameters<typeof sendMessage>[0]['type']> = Omit<MessageOf<K>, 'type'>;

/**
 * A panel action: one message to the worker; once it lands, everything the panel shows (stock,
 * listings) is read again so the panel shows the new state.
 */
function usePanelAction<K extends 'list-product' | 'end-listing' | 'adjust-stock' | 'apply-price' | 'record-sale'>(type: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Payload<K>) => sendMessage({ type, ...payload } as MessageOf<K>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extensionQueryKey }),
  });
}

export const useListProduct = () => usePanelAction('list-product');
export const useEndListing = () => usePanelAction('end-listing');
export const useAdjustStock = () => usePanelAction('adjust-stock');
export const useApplyPrice = () => usePanelAction('apply-price');
export const useRecordSale = () => usePanelAction('record-sale');
