import { type ChannelKind, marketplaceChannelKinds } from '@tradepost/shared/schemas/sales-answers.ts';

export const channelKindLabels: Record<ChannelKind, string> = {
  ebay: 'eBay',
  shopify: 'Shopify',
  square: 'Square',
  whatnot: 'Whatnot',
  in_store: 'In store',
  wholesale: 'Wholesale',
  network: 'Network',
  manual: 'Manual orders',
};

/** What each kind of channel is, in one line for its card. */
export const channelKindDescriptions: Record<ChannelKind, string> = {
  ebay: 'Listings and orders on eBay.',
  shopify: 'Your Shopify store’s products and orders.',
  square: 'Square point of sale and online orders.',
  whatnot: 'Live shows and auctions on Whatnot.',
  in_store: 'Sales rung up at your counter with Retail → Sales.',
  wholesale: 'Bulk orders for other businesses.',
  network: 'Sales to businesses in your Tradepost network.',
  manual: 'Orders you type in yourself, from a phone call or a message.',
};

// Channels Tradepost runs itself first (they work today), then the marketplaces.
const displayOrder: readonly ChannelKind[] = ['in_store', 'manual', 'wholesale', 'network', 'ebay', 'shopify', 'square', 'whatnot'];

/** Channels in the order the channel screens show them. */
export function inDisplayOrder<T extends { kind: ChannelKind }>(channels: readonly T[]): T[] {
  return [...channels].sort((a, b) => displayOrder.indexOf(a.kind) - displayOrder.indexOf(b.kind));
}

export const isMarketplace = (kind: ChannelKind): boolean => (marketplaceChannelKinds as readonly ChannelKind[]).includes(kind);
