// The sizes area's public interface: what other areas may import (the boundary check enforces it).

export type { ResolvedSizeFormat } from './size-format-lookup.ts';
export { loadSizeFormat } from './size-format-lookup.ts';
export { normaliseSizeString } from './size-matching.service.ts';
