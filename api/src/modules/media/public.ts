// The media area's public interface: what other areas may import (the boundary check enforces it).
export { type PhotoBytes, readPhoto, resolveImages, storeGeneratedImage } from './media.service.ts';
