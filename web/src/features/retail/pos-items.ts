import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { variantInfos } from '../catalog/variant-info.ts';
import type { CartItem } from './cart-model.ts';

/** Every size of the products as the cart takes it, with its label and default price. */
export function cartItems(product: Product): CartItem[] {
  return variantInfos(product).map((info, i) => ({
    variantId: info.variantId,
    productId: info.productId,
    title: info.title,
    size: info.size,
    shortSize: product.variants[i]?.size ?? info.size,
    sku: info.sku,
    onHand: info.onHand,
    priceCents: info.priceCents,
  }));
}

/** The size a scanned or typed code names exactly: one of its barcodes, or its SKU (case does not matter). */
export function itemForCode(products: readonly Product[], code: string): CartItem | null {
  const wanted = code.trim().toLowerCase();
  if (wanted === '') return null;
  for (const product of products) {
    const variant = product.variants.find(
      (v) => v.sku.toLowerCase() === wanted || v.barcodes.some((barcode) => barcode.code.toLowerCase() === wanted),
    );
    if (variant !== undefined) return cartItems(product).find((item) => item.variantId === variant.id) ?? null;
  }
  return null;
}
