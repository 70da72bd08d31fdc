import type { MarketplaceSite } from './readers/captured-listing.ts';

/** eBay's sites whose item and Seller Hub pages the panel joins (the readers know the same hosts). */
const ebayHosts = ['www.ebay.com', 'www.ebay.co.uk', 'www.ebay.ca', 'www.ebay.com.au', 'www.ebay.de'];

/**
 * Where each content script runs. Shopify admin and Whatnot are single-page apps that change
 * pages without loading, so their scripts run on the whole app and show the panel only on pages
 * a reader knows; eBay's item pages load one by one.
 */
export const siteMatches: Record<MarketplaceSite, string[]> = {
  ebay: ebayHosts.flatMap((host) => [`https://${host}/itm/*`, `https://${host}/lstng*`, `https://${host}/sl/*`, `https://${host}/sh/*`]),
  shopify: ['https://admin.shopify.com/store/*'],
  whatnot: ['https://www.whatnot.com/*'],
};

export const allSiteMatches = Object.values(siteMatches).flat();

/** Where the marketplaces keep listing photos: the worker fetches them to copy into a capture's draft. */
export const photoHostMatches = ['https://i.ebayimg.com/*', 'https://cdn.shopify.com/*', 'https://images.whatnot.com/*'];

export const siteLabels: Record<MarketplaceSite, string> = { ebay: 'eBay', shopify: 'Shopify admin', whatnot: 'Whatnot' };
