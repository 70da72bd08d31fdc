import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import { mediaUrl } from '@tradepost/shared/schemas/media.ts';
import { Invalid } from '../../errors.ts';
import type { ConnectionSettings } from '../connections/public.ts';
import type { Condition, ListingInput, ListingVariantInput, Platform } from '../marketplaces/public.ts';

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

export const conditionOf = (product: ProductForListing): Condition =>
  product.condition === 'pre_owned' ? (conditions[product.grade ?? 'good'] ?? 'used_good') : (conditions[product.condition] ?? 'new');

/** eBay's leaf category when the connection names none: athletic shoes for sneakers. */
const defaultEbayCategory: Record<string, string> = { sneakers: '15709' };

/** The product's own key on every platform: eBay group key (≤ 50), Shopify handle, Square reference. */
export const groupKeyOf = (productId: string) => `tp-${productId}`;

/** Our media as absolute addresses the platform can fetch. */
export function imageUrls(product: ProductForListing, publicUrl: string | null | undefined): string[] {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  return (product.images ?? []).map((image) => {
    const path = image.url || mediaUrl(image.media_id);
    return /^https?:\/\//.test(path) ? path : `${base}${path}`;
  });
}

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
 * the answer names the field to fix instead of relaying the platform's refusal.
 */
export function buildListingInput(input: {
  platform: Platform;
  product: ProductForListing;
  variants: (VariantForListing & { quantity: number; priceCents: number | null })[];
  settings: ConnectionSettings;
  publicUrl: string | null | undefined;
  currency: string;
}): ListingInput {
  const { platform, product, settings } = input;
  const errors: FieldError[] = [];
  input.variants.forEach((variant, i) => {
    if (variant.priceCents === null || variant.priceCents <= 0)
      errors.push({
        field: `variants.${i}.price_cents`,
        message: `Size ${variant.size} (${variant.sku}) has no price: set one on the product`,
      });
  });
  const images = imageUrls(product, input.publicUrl);
  const placement: ListingInput['placement'] = {};
  let ebayCategoryId: string | undefined;
  if (platform === 'ebay') {
    if (images.length === 0) errors.push({ field: 'images', message: 'eBay needs at least one photo of the product' });
    else if (images.some((url) => !url.startsWith('https://')))
      errors.push({
        field: 'images',
        message: 'eBay only accepts https photo addresses: set PUBLIC_URL (or MEDIA_BASE_URL) to an https address',
      });
    const ebay = settings.ebay ?? {};
    const required = [
      ['merchant_location_key', 'the inventory location'],
      ['fulfillment_policy_id', 'a shipping (fulfillment) policy'],
      ['payment_policy_id', 'a payment policy'],
      ['return_policy_id', 'a return policy'],
    ] as const;
    for (const [key, what] of required)
      if (!ebay[key]) errors.push({ field: `settings.ebay.${key}`, message: `Choose ${what} for eBay in the connection's settings` });
    ebayCategoryId = ebay.category_id ?? defaultEbayCategory[product.category];
    if (!ebayCategoryId)
      errors.push({
        field: 'settings.ebay.category_id',
        message: `Set the eBay category for ${product.category} in the connection's settings`,
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
    // eBay titles stop at 80 characters.
    title: platform === 'ebay' ? product.title.slice(0, 80) : product.title,
    description: describe(product),
    brand: product.brand?.trim() || 'Unbranded',
    images,
    condition: conditionOf(product),
    category: {
      ...(ebayCategoryId ? { ebayCategoryId } : {}),
      productType: product.category.charAt(0).toUpperCase() + product.category.slice(1),
    },
    variants,
    sizeLabel: platform === 'ebay' && product.category === 'sneakers' ? 'US Shoe Size' : 'Size',
    placement,
    currency: input.currency,
  };
}
