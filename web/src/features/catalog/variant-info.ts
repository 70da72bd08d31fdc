import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';

/** One size of one product, as a screen shows it: whose it is, how to recognise it, what it sells for. */
export type VariantInfo = {
  variantId: string;
  productId: string;
  title: string;
  /** As the size run writes it ('US M 9'). */
  size: string;
  sku: string;
  barcodes: string[];
  /** The size's own price, else the product's retail price. */
  priceCents: number | null;
  onHand: number;
  available: number;
};

export function variantInfos(product: Product): VariantInfo[] {
  const label = (size: string) => (isSizeFormatId(product.size_format) ? sizeLabel(product.size_format, size) : size);
  return product.variants.map((variant) => ({
    variantId: variant.id,
    productId: product.id,
    title: product.title,
    size: label(variant.size),
    sku: variant.sku,
    barcodes: variant.barcodes.map((barcode) => barcode.code),
    priceCents: variant.price_cents ?? product.retail_price_cents,
    onHand: variant.on_hand,
    available: variant.available,
  }));
}

/** The size whose barcode or SKU is exactly this code (scanners and keyboards may differ in case). */
export function variantWithCode(products: readonly Product[], code: string): VariantInfo | null {
  const wanted = code.trim().toLowerCase();
  if (wanted === '') return null;
  for (const product of products) {
    const found = variantInfos(product).find(
      (info) => info.sku.toLowerCase() === wanted || info.barcodes.some((barcode) => barcode.toLowerCase() === wanted),
    );
    if (found !== undefined) return found;
  }
  return null;
}
