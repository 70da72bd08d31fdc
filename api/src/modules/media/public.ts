// The media area's public interface: what other areas may import (the boundary check enforces it).
export { resolveImages } from './media.service.ts';
