import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { variantInfos, variantWithCode } from '../catalog/variant-info.ts';
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
  const info = variantWithCode(products, code);
  const product = info === null ? undefined : products.find((p) => p.id === info.productId);
  return product === undefined ? null : (cartItems(product).find((item) => item.variantId === info?.variantId) ?? null);
}
