import type { MarketplacePlatform } from '@tradepost/shared/schemas/connections.ts';
import { platformLabels } from '../../../features/connections/connection-labels.ts';

/** Where a listing error is fixed: a link in the app, or null when the message already says it all. */
export type ListingFix = { to: string; label: string };

/**
 * The place to fix what stops a listing, in the seller's words: eBay lists nothing without a photo
 * (the product's photos); a photo a platform could not use is replaced there too; a missing policy,
 * location or category is chosen in the channel's settings. The API names these in its messages
 * (and in each detail's `field`: `images`, `settings.*`).
 */
export function listingFix(input: {
  platform: MarketplacePlatform;
  productId: string;
  hasPhoto: boolean;
  error: string | null;
}): ListingFix | null {
  const photos = { to: `/products/${input.productId}/configure#configure-photos`, label: 'Add a photo' };
  if (input.platform === 'ebay' && !input.hasPhoto) return photos;
  if (input.error === null) return null;
  // The API's own words for a photo to add or replace, and for a choice in the channel's settings.
  if (/needs at least one photo|replace it in the product's photos/i.test(input.error))
    return { ...photos, label: 'Open the product’s photos' };
  if (/settings under Sales channels|in eBay's settings|connection’s settings/i.test(input.error))
    return { to: `/sales-channels-management#${input.platform}`, label: `Open ${platformLabels[input.platform]} settings` };
  return null;
}
