import { json, type SimResponse } from '../kit/http.ts';
import { extensionOf, multipartParts, type PhotoStore, type StoredPhoto, sniffImage } from '../kit/multipart.ts';
import type { Router } from '../kit/router.ts';
import { ebayError, ebayErrors } from './ebay-errors.ts';
import { protect } from './ebay-oauth.ts';
import { type EbayState, SCOPES } from './ebay-state.ts';

// Commerce Media API (reference §5b): `create_image_from_file` takes the bytes in part `image` and
// answers 201 with a `Location` and the Picture Services address plus its `expirationDate`. The
// address is https like eBay's; this server serves the same path, so tests and the sandbox read it back.

const BASE = '/commerce/media/v1_beta';
/** An image not used by a listing expires (eBay gives the date; this simulator: 30 days). */
export const EBAY_IMAGE_LIFETIME_MS = 30 * 86_400_000;
const ACCEPTED = ['image/jpeg', 'image/gif', 'image/png', 'image/bmp', 'image/tiff', 'image/avif', 'image/heic', 'image/webp'];

export type EbayImage = StoredPhoto & { expiresAt: number };

const media = (errorId: number, message: string) => ebayError(errorId, 'API_MEDIA', message);

export function mediaRoutes(router: Router, state: EbayState, photos: PhotoStore, baseUrl: () => string): void {
  let next = 1;
  const view = (image: EbayImage) => ({ imageUrl: image.url, expirationDate: new Date(image.expiresAt).toISOString() });
  const guard = { api: null, kind: 'user' as const, scopes: [SCOPES.inventory] };

  router.post(
    `${BASE}/image/create_image_from_file`,
    protect(state, guard, (req): SimResponse => {
      const part = multipartParts(req)?.find((p) => p.name === 'image');
      if (!part || part.data.length === 0)
        return ebayErrors(400, [media(190002, 'The image file is missing. Send it as multipart/form-data in the part named image.')]);
      const type = sniffImage(part.data);
      if (!type || !ACCEPTED.includes(type))
        return ebayErrors(400, [media(190003, 'The image format is not supported. Use JPG, GIF, PNG, BMP, TIFF, AVIF, HEIC or WEBP.')]);
      const id = `sim${String(next++).padStart(6, '0')}`;
      const image: EbayImage = {
        id,
        contentType: type,
        data: part.data,
        filename: part.filename ?? `${id}.${extensionOf[type]}`,
        url: `https://i.ebayimg.com/images/g/${id}/s-l1600.${extensionOf[type]}`,
        expiresAt: state.clock.now() + EBAY_IMAGE_LIFETIME_MS,
      };
      photos.put(image);
      return json(201, view(image), { location: `${baseUrl()}${BASE}/image/${id}` });
    }),
  );
  router.get(
    `${BASE}/image/:image_id`,
    protect(state, guard, (req) => {
      const image = photos.get(req.params.image_id ?? '') as EbayImage | undefined;
      return image ? json(200, view(image)) : ebayErrors(404, [media(190001, 'The image was not found.')]);
    }),
  );
  // The Picture Services address, served from here (its host is eBay's; the path is the same).
  router.get('/images/g/:image_id/:file', (req) => {
    const image = photos.get(req.params.image_id ?? '');
    return image
      ? { status: 200, bytes: image.data, headers: { 'content-type': image.contentType } }
      : ebayErrors(404, [media(190001, 'The image was not found.')]);
  });
}
