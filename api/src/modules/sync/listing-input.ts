import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import { Invalid } from '../../errors.ts';
import type { ConnectionSettings } from '../connections/public.ts';
import type { Condition, ListingInput, ListingPhoto, ListingVariantInput, Platform } from '../marketplaces/public.ts';

export type ProductForListing = {
  id: string;
  title: string;
  brand: string | null;
  style_code: string | null;
  colorway: string | null;
  description: string | null;
  category: string;
  condition: 'new' | 'new_with_defects' | 'pre_owned';
  grade: 'like_new' | 'excellent' | 'good' | 'fair' | null;
  condition_notes: string | null;
  images: { media_id: string; url: string }[] | null;
};

export type VariantForListing = { id: string; size: string; sku: string; barcode: string | null };

const conditions: Record<string, Condition> = {
  new: 'new',
  new_with_defects: 'new_other',
  like_new: 'used_excellent',
  excellent: 'used_very_good',
  good: 'used_good',
  fair: 'used_acceptable',
};

export const conditionOf = (product: Pick<ProductForListing, 'condition' | 'grade'>): Condition =>
  product.condition === 'pre_owned' ? (conditions[product.grade ?? 'good'] ?? 'used_good') : (conditions[product.condition] ?? 'new');

/** eBay's leaf category when the connection names none: athletic shoes for sneakers. */
const defaultEbayCategory: Record<string, string> = { sneakers: '15709' };

/** The eBay category a product goes under when it names none of its own: the connection's, else its category's. */
export const ebayCategoryOf = (settings: ConnectionSettings, category: string): string | null =>
  settings.ebay?.category_id ?? defaultEbayCategory[category] ?? null;

/** eBay cuts titles at 80 characters. */
export const listingTitle = (platform: Platform, title: string): string => (platform === 'ebay' ? title.slice(0, 80) : title);

/**
 * What the seller set for this product on this channel (product-channel-settings.ts); null or
 * empty: the default from the product and the connection.
 */
export type ListingOverrides = {
  title: string | null;
  ebayCategoryId: string | null;
  condition: Condition | null;
  aspects: { name: string; values: string[] }[];
};

export const noOverrides: ListingOverrides = { title: null, ebayCategoryId: null, condition: null, aspects: [] };

/** The product's own key on every platform: eBay group key (≤ 50), Shopify handle, Square reference. */
export const groupKeyOf = (productId: string) => `tp-${productId}`;

function describe(product: ProductForListing): string {
  if (product.description?.trim()) return product.description.trim();
  const parts = [
    product.title,
    product.colorway ? `Colorway: ${product.colorway}.` : '',
    product.style_code ? `Style ${product.style_code}.` : '',
  ];
  if (product.condition === 'pre_owned' && product.condition_notes) parts.push(product.condition_notes);
  return parts.filter(Boolean).join(' ');
}

/**
 * The adapter's listing from our product, with what each platform insists on checked first so
 * the answer names the field to fix, in the seller's words, instead of relaying the platform's
 * refusal. The detail's `field` says where the fix is: `images` the product's photos, `settings.*`
 * the channel's settings (the web app links there). Photos need no public address: each adapter
 * uploads their bytes (reference §5b), so PUBLIC_URL and MEDIA_BASE_URL play no part here.
 */
export function buildListingInput(input: {
  platform: Platform;
  product: ProductForListing;
  variants: (VariantForListing & { quantity: number; priceCents: number | null })[];
  settings: ConnectionSettings;
  photos: ListingPhoto[];
  currency: string;
  overrides?: ListingOverrides;
}): ListingInput {
  const { platform, product, settings } = input;
  const overrides = input.overrides ?? noOverrides;
  const errors: FieldError[] = [];
  input.variants.forEach((variant, i) => {
    if (variant.priceCents === null || variant.priceCents <= 0)
      errors.push({
        field: `variants.${i}.price_cents`,
        message: `Size ${variant.size} (${variant.sku}) has no price: set one on the product`,
      });
  });
  const placement: ListingInput['placement'] = {};
  let ebayCategoryId: string | undefined;
  if (platform === 'ebay') {
    if (input.photos.length === 0)
      errors.push({ field: 'images', message: "eBay needs at least one photo of the product: add one under Photos on the product's page" });
    const ebay = settings.ebay ?? {};
    const required = [
      ['merchant_location_key', 'the inventory location'],
      ['fulfillment_policy_id', 'a shipping (fulfillment) policy'],
      ['payment_policy_id', 'a payment policy'],
      ['return_policy_id', 'a return policy'],
    ] as const;
    for (const [key, what] of required)
      if (!ebay[key])
        errors.push({ field: `settings.ebay.${key}`, message: `Choose ${what} for eBay in its settings under Sales channels → Manage` });
    ebayCategoryId = overrides.ebayCategoryId ?? ebayCategoryOf(settings, product.category) ?? undefined;
    if (!ebayCategoryId)
      errors.push({
        field: 'settings.ebay.category_id',
        message: `Set the eBay category for ${product.category} in eBay's settings under Sales channels → Manage, or on the product's page`,
      });
    placement.ebay = {
      marketplaceId: ebay.marketplace_id ?? 'EBAY_US',
      merchantLocationKey: ebay.merchant_location_key ?? '',
      fulfillmentPolicyId: ebay.fulfillment_policy_id ?? '',
      paymentPolicyId: ebay.payment_policy_id ?? '',
      returnPolicyId: ebay.return_policy_id ?? '',
    };
  } else {
    if (!settings.external_location_id)
      errors.push({
        field: 'settings.external_location_id',
        message: 'Choose the location your stock is set at in the connection’s settings',
      });
    placement.locationId = settings.external_location_id ?? '';
  }
  if (errors.length) throw new Invalid(errors.map((e) => e.message).join('; '), errors);

  const variants: ListingVariantInput[] = input.variants.map((variant) => ({
    sku: variant.sku,
    size: variant.size,
    quantity: variant.quantity,
    priceCents: variant.priceCents ?? 0,
    ...(variant.barcode ? { barcode: variant.barcode } : {}),
  }));
  return {
    groupKey: groupKeyOf(product.id),
    title: listingTitle(platform, overrides.title ?? product.title),
    description: describe(product),
    brand: product.brand?.trim() || 'Unbranded',
    photos: input.photos,
    condition: overrides.condition ?? conditionOf(product),
    category: {
      ...(ebayCategoryId ? { ebayCategoryId } : {}),
      productType: product.category.charAt(0).toUpperCase() + product.category.slice(1),
    },
    variants,
    sizeLabel: platform === 'ebay' && product.category === 'sneakers' ? 'US Shoe Size' : 'Size',
    placement,
    currency: input.currency,
    ...(overrides.aspects.length > 0 ? { aspects: Object.fromEntries(overrides.aspects.map((a) => [a.name, a.values])) } : {}),
  };
}
