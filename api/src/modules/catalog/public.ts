// The catalog area's public interface: what other areas may import (the boundary check enforces it).
export { barcodeKind, createProduct } from './catalog.service.ts';
export { archiveProducts, type BulkOutcome, repriceSizes } from './catalog-bulk.service.ts';
export { addBarcodeToSize, addVariant } from './product-lifecycle.service.ts';
