// The inventory area's public interface: what other areas may import (the boundary check enforces it).
export { inventorySummary, postAdjustment } from './inventory.service.ts';
export type { MovementLine } from './ledger.ts';
export { postMovements } from './ledger.ts';
export { Location } from './location.entity.ts';
export { assertActiveLocation, assertOwned } from './ownership.ts';
