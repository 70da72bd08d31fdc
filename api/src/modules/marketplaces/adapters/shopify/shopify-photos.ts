import { asObject, call, PlatformError, type Runtime, str } from '../http.ts';
import { copyServes, filePart, uploading } from '../photos.ts';
import type { ListingPhoto, PhotoFile, PlatformPhoto } from '../types.ts';
import type { Gql } from './shopify-catalog.ts';

// Shopify photos (reference §5b): stagedUploadsCreate → POST the file with the target's parameters
// → the target's resourceUrl as `originalSource` of the product's media (productSet `files`) →
// read each MediaImage's status (UPLOADED → PROCESSING → READY, or FAILED) before relying on it.

const STAGE = `mutation($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) { stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } }
}`;
const MEDIA = `query($id: ID!) {
  product(id: $id) { media(first: 50) { nodes { id status ... on MediaImage { image { url } } mediaErrors { message } } } }
}`;

/** Status reads before a photo still processing is left to finish on its own (waits 0.5 s, 1 s, 2 s, …). */
const STATUS_READS = 6;

type StagedTarget = { url: string; resourceUrl: string; parameters: { name: string; value: string }[] };
type MediaNode = { id: string; status: string; image?: { url: string } | null; mediaErrors: { message: string }[] };

/** What productSet's `files` gets per photo: the file Shopify already holds, or the staged upload to make one of. */
export type FileInput = { id: string } | { originalSource: string; contentType: 'IMAGE'; alt: string };

/** Stages and sends the bytes of each photo Shopify does not hold yet; nothing is attached to a product here. */
export async function stagePhotos(gql: Gql, rt: Runtime, photos: ListingPhoto[], alt: string): Promise<FileInput[]> {
  const files: FileInput[] = [];
  for (const photo of photos) {
    if (copyServes(photo.copy, rt.now())) {
      files.push({ id: photo.copy.platformId });
      continue;
    }
    const file = await photo.read();
    const target = await uploading(async () => {
      const staged = await stage(gql, file);
      await send(rt, staged, file);
      return staged;
    });
    files.push({ originalSource: target.resourceUrl, contentType: 'IMAGE', alt });
  }
  return files;
}

async function stage(gql: Gql, file: PhotoFile): Promise<StagedTarget> {
  const data = await gql<{
    stagedUploadsCreate: { stagedTargets: StagedTarget[] | null; userErrors: { message: string }[] };
  }>(STAGE, {
    input: [
      {
        filename: file.filename,
        mimeType: file.contentType,
        resource: 'IMAGE',
        httpMethod: 'POST',
        fileSize: String(file.bytes.byteLength),
      },
    ],
  });
  const target = data.stagedUploadsCreate.stagedTargets?.[0];
  const refused = data.stagedUploadsCreate.userErrors[0];
  if (refused || !target?.url || !target.resourceUrl)
    throw new PlatformError(200, 'STAGED_UPLOAD_REFUSED', `Shopify refused the photo upload: ${refused?.message ?? 'no target'}`, false);
  return target;
}

/** The staged target is a storage bucket: the signed parameters first, the file last; it answers XML or nothing. */
async function send(rt: Runtime, target: StagedTarget, file: PhotoFile): Promise<void> {
  await call(rt, {
    // Writing the same object again replaces it: safe to repeat.
    idempotent: true,
    raw: true,
    classify: (raw) => {
      if (raw.status >= 200 && raw.status < 300) return { kind: 'ok' };
      const error = new PlatformError(
        raw.status,
        'UPLOAD_FAILED',
        `Shopify's file storage answered ${raw.status} to the photo upload`,
        raw.status >= 500,
      );
      return error.retryable ? { kind: 'retry', error } : { kind: 'fail', error };
    },
    build: () => {
      const form = new FormData();
      for (const { name, value } of target.parameters) form.append(name, value);
      form.append('file', filePart(file), file.filename);
      return { url: target.url, init: { method: 'POST', body: form } };
    },
  });
}

export type MediaOutcome = { ready: true } | { ready: false; failed: string | null };

/**
 * Reads the product's media until every photo is READY (or one FAILED), remembering each photo's
 * MediaImage as it is known. The product's media are its `files` in the order they were sent.
 */
export async function settleMedia(gql: Gql, rt: Runtime, productId: string, photos: ListingPhoto[]): Promise<MediaOutcome> {
  let nodes: MediaNode[] = [];
  for (let read = 0; read < STATUS_READS; read++) {
    if (read > 0) await rt.sleep(500 * 2 ** (read - 1));
    const data = await gql<{ product: { media: { nodes: MediaNode[] } } | null }>(MEDIA, { id: productId });
    nodes = data.product?.media.nodes ?? [];
    const failed = photos.map((_, i) => nodes[i]).find((node) => node?.status === 'FAILED');
    if (failed) return { ready: false, failed: failed.mediaErrors[0]?.message ?? 'the image could not be processed' };
    if (photos.every((_, i) => nodes[i]?.status === 'READY')) break;
  }
  let ready = true;
  for (const [i, photo] of photos.entries()) {
    const node = nodes[i];
    if (!node) return { ready: false, failed: 'the photo is missing from the product' };
    const url = node.status === 'READY' ? str(asObject(node.image).url) || null : null;
    if (!url) ready = false;
    // Attached to the product either way: a photo still processing is sent by its id next time too.
    const copy: PlatformPhoto = { platformId: node.id, url, expiresAt: null };
    if (photo.copy?.platformId !== copy.platformId || photo.copy.url !== copy.url) await photo.remember(copy);
  }
  return ready ? { ready } : { ready, failed: null };
}
