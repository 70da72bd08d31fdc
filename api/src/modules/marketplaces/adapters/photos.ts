import { PlatformError, ReconnectNeeded } from './http.ts';
import type { ListingPhoto, PhotoFile, PlatformPhoto } from './types.ts';

// Photos without a public address (reference §5b): every platform takes the bytes. These helpers are
// what the three adapters share: which photos need an upload, and the multipart part for the file.

/** An eBay image is used this long before its `expirationDate` at the latest (publishing takes a moment). */
export const EXPIRY_MARGIN_MS = 10 * 60_000;

/** The copy the platform already has still serves: it exists and, when it expires, not before a listing can use it. */
export function copyServes(copy: PlatformPhoto | null, now: Date): copy is PlatformPhoto {
  return copy !== null && (copy.expiresAt === null || copy.expiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime());
}

/** Each photo's platform copy: the stored one when it still serves, else `upload`'s (remembered at once). */
export async function ensureCopies(
  photos: ListingPhoto[],
  now: () => Date,
  upload: (file: PhotoFile, photo: ListingPhoto) => Promise<PlatformPhoto>,
  accept?: readonly string[],
): Promise<PlatformPhoto[]> {
  const copies: PlatformPhoto[] = [];
  for (const photo of photos) {
    if (copyServes(photo.copy, now())) {
      copies.push(photo.copy);
      continue;
    }
    const file = await photo.read(accept);
    const copy = await uploading(() => upload(file, photo));
    await photo.remember(copy);
    copies.push(copy);
  }
  return copies;
}

/** The file as a multipart part (a fresh Blob per attempt: a retried request sends it again). */
export function filePart(file: PhotoFile): Blob {
  return new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType });
}

/** A failed upload said as such (the listing was not touched), keeping whether trying again may help. */
export async function uploading<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ReconnectNeeded || !(error instanceof PlatformError)) throw error;
    throw new PlatformError(
      error.status,
      error.code,
      `a photo could not be uploaded, so nothing was listed (${error.message})`,
      error.retryable,
      error.body,
    );
  }
}
