import { asRecord, json, parseJson, type SimResponse } from '../kit/http.ts';
import { extensionOf, multipartParts, type PhotoStore, sniffImage } from '../kit/multipart.ts';
import type { Router } from '../kit/router.ts';
import { catalogView } from './square-catalog.ts';
import { guard, idempotent, invalid, type SquareRateLimit, sqErrors } from './square-http.ts';
import { type Json, nextCatalogVersion, type SquareState, squareId } from './square-state.ts';

// CreateCatalogImage (reference §5b): `POST /v2/catalog/images`, multipart with part `request`
// (JSON: idempotency_key, optional object_id, image {type: IMAGE, id: "#…", image_data}, is_primary)
// and part `image_file` (JPEG, PJPEG, PNG or GIF, at most 15 MB). Answers `{ image: CatalogObject }`
// with `image_data.url`, an https address whose path this server serves.

const MAX_BYTES = 15 * 1024 * 1024;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif'];
const IMAGE_HOST = 'https://items-images-sandbox.s3.us-west-2.amazonaws.com';

export function imageRoutes(router: Router, state: SquareState, photos: PhotoStore, rateLimit: () => SquareRateLimit): void {
  router.post(
    '/v2/catalog/images',
    guard(state, ['ITEMS_WRITE'], rateLimit, (req): SimResponse | Promise<SimResponse> => {
      const parts = multipartParts(req);
      if (!parts) return sqErrors(400, [invalid('BAD_REQUEST', 'Send multipart/form-data with the parts request and image_file.')]);
      const requestText = parts.find((p) => p.name === 'request')?.data.toString('utf8') ?? '';
      const parsed = parseJson(requestText === '' ? '{}' : requestText);
      const request = parsed.ok ? asRecord(parsed.value) : null;
      if (!request) return sqErrors(400, [invalid('BAD_REQUEST', 'The request part is not valid JSON.', 'request')]);
      const file = parts.find((p) => p.name === 'image_file');
      // The key covers the request and the file, so a retry with another file under the same key is refused.
      const fingerprint: Json = { ...request, image_file_bytes: file?.data.length ?? 0 };
      return idempotent(state, req, fingerprint, () => {
        const image = asRecord(request.image);
        if (image?.type !== 'IMAGE') return sqErrors(400, [invalid('INVALID_VALUE', 'image.type must be IMAGE.', 'image.type')]);
        if (!file || file.data.length === 0)
          return sqErrors(400, [invalid('MISSING_REQUIRED_PARAMETER', 'Field must be set', 'image_file')]);
        if (file.data.length > MAX_BYTES)
          return sqErrors(400, [invalid('INVALID_CONTENT_TYPE', 'The image file must be at most 15 MB.', 'image_file')]);
        const type = sniffImage(file.data);
        if (!type || !ACCEPTED.includes(type))
          return sqErrors(400, [invalid('INVALID_CONTENT_TYPE', 'The image must be a JPEG, PJPEG, PNG or GIF file.', 'image_file')]);
        const objectId = typeof request.object_id === 'string' && request.object_id !== '' ? request.object_id : null;
        const target = objectId ? state.catalog.get(objectId) : undefined;
        if (objectId && (!target || target.is_deleted))
          return sqErrors(404, [invalid('NOT_FOUND', `Object \`${objectId}\` not found.`, 'object_id')]);

        const id = squareId(state);
        const url = `${IMAGE_HOST}/files/${id}/original.${extensionOf[type] === 'jpg' ? 'jpeg' : extensionOf[type]}`;
        photos.put({ id, contentType: type, data: file.data, filename: file.filename ?? `${id}.${extensionOf[type]}`, url });
        const data = asRecord(image.image_data) ?? {};
        const object = {
          id,
          type: 'IMAGE',
          version: nextCatalogVersion(state),
          updated_at: state.clock.iso(),
          is_deleted: false,
          present_at_all_locations: true,
          image_data: { ...(typeof data.name === 'string' ? { name: data.name } : {}), caption: data.caption ?? null, url },
        };
        state.catalog.set(id, object);
        // Attached to the object named: first when primary, else last.
        if (target) {
          const key = target.type === 'ITEM' ? 'item_data' : target.type === 'ITEM_VARIATION' ? 'item_variation_data' : null;
          const owner = key ? (asRecord(target[key]) ?? {}) : null;
          if (key && owner) {
            const ids = (Array.isArray(owner.image_ids) ? owner.image_ids : []) as string[];
            owner.image_ids = request.is_primary === true ? [id, ...ids] : [...ids, id];
            target[key] = owner;
            target.version = nextCatalogVersion(state);
            target.updated_at = state.clock.iso();
          }
        }
        return json(200, { image: catalogView(state, object) });
      });
    }),
  );
  // The image address, served from here (its host is Square's storage; the path is the same).
  router.get('/files/:id/:file', (req) => {
    const photo = photos.get(req.params.id ?? '');
    return photo ? { status: 200, bytes: photo.data, headers: { 'content-type': photo.contentType } } : { status: 404, text: 'Not Found' };
  });
}
