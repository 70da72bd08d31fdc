import { describe, expect, it } from 'vitest';
import { listingFix } from './listing-fix.ts';

// The API's refusals, word for word (api/src/modules/sync/listing-input.ts and the Shopify adapter).
const NO_PHOTO = "eBay needs at least one photo of the product: add one under Photos on the product's page";
const NO_POLICY = 'Choose a payment policy for eBay in its settings under Sales channels → Manage';
const NO_LOCATION = 'Choose the location your stock is set at in the connection’s settings';
const BAD_PHOTO =
  "Shopify refused: Shopify could not process a photo of this product (Image is corrupt): replace it in the product's photos";

describe('listingFix: where the seller fixes what stops a listing', () => {
  const product = 'f3b8c6a2-0000-4000-8000-000000000001';
  const photos = `/products/${product}/configure#configure-photos`;

  it('sends a missing or unusable photo to the product’s photos, a missing choice to the channel’s settings', () => {
    expect(listingFix({ platform: 'ebay', productId: product, hasPhoto: false, error: NO_PHOTO })).toEqual({
      to: photos,
      label: 'Add a photo',
    });
    // Before any attempt: eBay will not list a product without a photo, so the way to add one shows at once.
    expect(listingFix({ platform: 'ebay', productId: product, hasPhoto: false, error: null })?.to).toBe(photos);
    expect(listingFix({ platform: 'shopify', productId: product, hasPhoto: true, error: BAD_PHOTO })?.to).toBe(photos);
    expect(listingFix({ platform: 'ebay', productId: product, hasPhoto: true, error: NO_POLICY })).toEqual({
      to: '/sales-channels-management#ebay',
      label: 'Open eBay settings',
    });
    expect(listingFix({ platform: 'square', productId: product, hasPhoto: true, error: NO_LOCATION })?.to).toBe(
      '/sales-channels-management#square',
    );
  });

  it('offers nothing where there is nothing to fix in Tradepost (an outage, or Shopify without a photo)', () => {
    const outage = 'eBay did not answer properly: a photo could not be uploaded, so nothing was listed (eBay answered 503)';
    expect(listingFix({ platform: 'ebay', productId: product, hasPhoto: true, error: outage })).toBeNull();
    expect(listingFix({ platform: 'shopify', productId: product, hasPhoto: false, error: null })).toBeNull();
  });
});
