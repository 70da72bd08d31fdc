import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type ImageRef,
  MEDIA_MAX_EDGE_PX,
  MEDIA_THUMB_EDGE_PX,
  type Media,
  type MediaUploadContentType,
  mediaThumbUrl,
  mediaUploadContentTypes,
  mediaUrl,
} from '@tradepost/shared/schemas/media.ts';
import sharp from 'sharp';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';

/**
 * Where each running app keeps its files (MEDIA_DIR), by its ORM: the media routes note it when they
 * are mounted, so other areas (a listing uploading a photo to a marketplace, the demo seed) reach
 * the files with the EntityManager they already hold. Keyed by the ORM's configuration, which every
 * fork shares: two apps in one process (tests) keep their own folders.
 */
const mediaDirs = new WeakMap<object, string>();

export function registerMediaDir(em: EntityManager, mediaDir: string): void {
  mediaDirs.set(em.config, mediaDir);
}

function mediaDirOf(em: EntityManager): string {
  const dir = mediaDirs.get(em.config);
  if (!dir) throw new Error('The media folder is not known yet: the media routes register it when the app is built');
  return dir;
}

/** A 48 MP phone photo fits; a small file claiming gigapixels (a decompression bomb) does not. */
const MAX_INPUT_PIXELS = 100_000_000;

type StoredType = 'image/jpeg' | 'image/webp';
const extension: Record<StoredType, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const formatTypes: Record<string, MediaUploadContentType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

type MediaRow = {
  id: string;
  business_id: string;
  content_type: StoredType;
  width: number;
  height: number;
  bytes: number;
};

const present = (row: MediaRow): Media => ({
  id: row.id,
  url: mediaUrl(row.id),
  thumb_url: mediaThumbUrl(row.id),
  width: row.width,
  height: row.height,
  content_type: row.content_type,
  bytes: row.bytes,
});

const notAnImage = (message: string) => new Invalid(message, [{ field: 'body', message }]);

export const isUploadContentType = (value: string): value is MediaUploadContentType =>
  (mediaUploadContentTypes as readonly string[]).includes(value);

const filePath = (mediaDir: string, row: Pick<MediaRow, 'id' | 'business_id' | 'content_type'>, thumb: boolean) =>
  join(mediaDir, row.business_id, `${row.id}${thumb ? '-thumb' : ''}.${extension[row.content_type]}`);

/** Writes under a temporary name first, so a reader never sees half a file. */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

async function render(input: Buffer, edge: number, type: StoredType) {
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    // Phones store the camera's orientation as a tag; bake it in, since the tag is stripped.
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
  const encoded = type === 'image/jpeg' ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.webp({ quality: 82 });
  return encoded.toBuffer({ resolveWithObject: true });
}

/**
 * Stores an uploaded image: checks that the bytes really are a JPEG, PNG or WebP image, resizes it
 * to at most 1600 px on its long side plus a 400 px thumbnail (JPEG stays JPEG; PNG and WebP become
 * WebP, which keeps transparency), writes both files and then the row.
 */
export async function storeUpload(
  em: EntityManager,
  input: { businessId: string; userId: string; mediaDir: string; contentType: string; body: unknown },
): Promise<Media> {
  if (!isUploadContentType(input.contentType)) {
    throw notAnImage('Upload a JPEG, PNG or WebP image, sent with its image Content-Type');
  }
  if (!(input.body instanceof Buffer) || input.body.byteLength === 0) {
    throw notAnImage('Send the image file itself as the request body (JPEG, PNG or WebP)');
  }
  const original = input.body;
  let format: string | undefined;
  try {
    const metadata = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    throw notAnImage('This file is not an image we can read. Upload a JPEG, PNG or WebP photo.');
  }
  const originalType = format === undefined ? undefined : formatTypes[format];
  if (originalType === undefined)
    throw notAnImage(`${(format ?? 'This').toUpperCase()} images are not accepted. Upload a JPEG, PNG or WebP photo.`);

  const storedType: StoredType = originalType === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
  let full: Awaited<ReturnType<typeof render>>;
  let thumb: Awaited<ReturnType<typeof render>>;
  try {
    [full, thumb] = await Promise.all([render(original, MEDIA_MAX_EDGE_PX, storedType), render(original, MEDIA_THUMB_EDGE_PX, storedType)]);
  } catch {
    throw notAnImage('This image is damaged or too large to process. Try another photo.');
  }

  const row: MediaRow = {
    id: randomUUID(),
    business_id: input.businessId,
    content_type: storedType,
    width: full.info.width,
    height: full.info.height,
    bytes: full.info.size,
  };
  const paths = { full: filePath(input.mediaDir, row, false), thumb: filePath(input.mediaDir, row, true) };
  await mkdir(join(input.mediaDir, row.business_id), { recursive: true });
  try {
    await writeAtomically(paths.full, full.data);
    await writeAtomically(paths.thumb, thumb.data);
    await tenantDb(em, row.business_id)
      .insertInto('media')
      .values({
        id: row.id,
        content_type: row.content_type,
        original_content_type: originalType,
        width: row.width,
        height: row.height,
        bytes: row.bytes,
        thumb_width: thumb.info.width,
        thumb_height: thumb.info.height,
        thumb_bytes: thumb.info.size,
        original_bytes: original.byteLength,
        created_by: input.userId,
      })
      .execute();
  } catch (error) {
    // No row, no files: an upload either exists completely or not at all.
    await Promise.all([rm(paths.full, { force: true }), rm(paths.thumb, { force: true })]);
    throw error;
  }
  return present(row);
}

/**
 * The bytes of an image or its thumbnail, found by the id alone: the public read path (img tags send
 * no token), so it reads across businesses on purpose, by a random id (an allowed exception).
 */
export async function readMedia(
  em: EntityManager,
  mediaDir: string,
  mediaId: string,
  thumb: boolean,
): Promise<{ data: Buffer; contentType: StoredType }> {
  const [row] = await em.execute<MediaRow[]>('SELECT id, business_id, content_type FROM media WHERE id = ?', [mediaId]);
  if (!row) throw new NotFound('Image not found');
  try {
    return { data: await readFile(filePath(mediaDir, row, thumb)), contentType: row.content_type };
  } catch {
    throw new NotFound('Image not found');
  }
}

/**
 * Turns the photos chosen in a form into what a product stores, cover first. Every id must be an
 * upload of this business: another business's image answers 404 like any foreign id.
 */
export async function resolveImages(em: EntityManager, businessId: string, inputs: readonly { media_id: string }[]): Promise<ImageRef[]> {
  const seen = new Set<string>();
  inputs.forEach((image, i) => {
    if (seen.has(image.media_id)) {
      throw new Invalid('A photo is listed twice', [{ field: `images.${i}.media_id`, message: 'This photo is already on the item' }]);
    }
    seen.add(image.media_id);
  });
  if (inputs.length === 0) return [];
  const rows = await tenantDb(em, businessId)
    .selectFrom('media')
    .select('id')
    .where(
      'id',
      'in',
      inputs.map((image) => image.media_id),
    )
    .execute();
  const found = new Set(rows.map((row) => row.id));
  const missing = inputs.find((image) => !found.has(image.media_id));
  if (missing) throw new NotFound(`Image ${missing.media_id} not found`);
  return inputs.map((image) => ({ media_id: image.media_id, url: mediaUrl(image.media_id) }));
}

export type PhotoBytes = { bytes: Buffer; contentType: string; filename: string };

/**
 * The stored photo's bytes for a marketplace upload (the resized image, at most 1600 px), as one of
 * `accept` when given: a WebP photo becomes PNG where it has transparency, else JPEG. Only this
 * business's photos: another id answers 404.
 */
export async function readPhoto(em: EntityManager, businessId: string, mediaId: string, accept?: readonly string[]): Promise<PhotoBytes> {
  const row = await tenantDb(em, businessId)
    .selectFrom('media')
    .where('id', '=', mediaId)
    .select(['id', 'content_type'])
    .executeTakeFirst();
  if (!row) throw new NotFound('Image not found');
  const stored = { id: row.id, business_id: businessId, content_type: row.content_type as StoredType };
  let data: Buffer;
  try {
    data = await readFile(filePath(mediaDirOf(em), stored, false));
  } catch {
    throw new NotFound('The photo file is missing from the media folder');
  }
  if (!accept || accept.includes(stored.content_type))
    return { bytes: data, contentType: stored.content_type, filename: `${row.id}.${extension[stored.content_type]}` };
  const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS });
  const png = (await image.metadata()).hasAlpha && accept.includes('image/png');
  const converted = png ? await image.png().toBuffer() : await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  return { bytes: converted, contentType: png ? 'image/png' : 'image/jpeg', filename: `${row.id}.${png ? 'png' : 'jpg'}` };
}

/** Stores an image made by the server itself (the demo business's photos) through the same checks as an upload. */
export function storeGeneratedImage(
  em: EntityManager,
  input: { businessId: string; userId: string; contentType: string; body: Buffer },
): Promise<Media> {
  return storeUpload(em, { ...input, mediaDir: mediaDirOf(em) });
}
