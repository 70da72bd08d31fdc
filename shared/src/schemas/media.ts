import { z } from 'zod';
import { uuidSchema } from './common.ts';

/** What an upload may be: the raw image is the request body, with one of these Content-Types. */
export const mediaUploadContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type MediaUploadContentType = (typeof mediaUploadContentTypes)[number];

/** The app's body limit (5 MB): larger photos are scaled down in the browser before they are sent. */
export const MEDIA_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Stored images are at most this many pixels on their long side; thumbnails at most THUMB. */
export const MEDIA_MAX_EDGE_PX = 1600;
export const MEDIA_THUMB_EDGE_PX = 400;
/** Photos on one item; a listing rarely wants more. */
export const MAX_IMAGES_PER_ITEM = 12;

/**
 * The upload body: the image bytes themselves (a Buffer on the server). Anything else, such as a
 * JSON object, is refused naming the field `body`.
 */
export const mediaUploadBodySchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array && value.byteLength > 0, {
  error: 'Send the image file itself as the request body (JPEG, PNG or WebP)',
});

/** The image file as a response body. */
export const mediaFileSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

export const mediaSchema = z.object({
  id: uuidSchema,
  /** Public address of the resized image; the random id is what grants access. */
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  bytes: z.number().int(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaParamsSchema = z.object({ mediaId: uuidSchema });

/** How a product keeps its photos (products.images): the media id and its public address, cover first. */
export const imageRefSchema = z.object({ media_id: uuidSchema, url: z.string() });
export type ImageRef = z.infer<typeof imageRefSchema>;

/** Photos chosen in a form: only the ids matter; the server fills in each address. */
export const imageInputSchema = z.object({ media_id: uuidSchema });

export const mediaUrl = (mediaId: string): string => `/api/v1/media/${mediaId}`;
export const mediaThumbUrl = (mediaId: string): string => `/api/v1/media/${mediaId}/thumb`;
