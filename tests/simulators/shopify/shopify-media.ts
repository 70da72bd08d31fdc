import { createHmac } from 'node:crypto';
import type { SimRequest, SimResponse } from '../kit/http.ts';
import { multipartParts, sniffImage } from '../kit/multipart.ts';
import type { UserError } from './shopify-mutations.ts';
import { hasScope, requireScope, type ShopifyContext } from './shopify-nodes.ts';
import { gid, type MediaRec, type ProductRec, parseGid, type ShopifyState } from './shopify-state.ts';

// Product photos the way Shopify takes them (reference §5b): `stagedUploadsCreate` hands out a
// signed target on its storage, the client POSTs the file there with the target's parameters, and
// productSet `files` turns the target's `resourceUrl` (the `originalSource`) into a MediaImage,
// processed asynchronously: UPLOADED → PROCESSING → READY, or FAILED with mediaErrors. Here each
// read of a media moves it one step, so a client that reads the status sees every state.

/** Where the storage bucket's objects live (https like Shopify's; this server serves the POST and the files). */
const STORAGE_HOST = 'https://shopify-staged-uploads.storage.googleapis.com';
const CDN_PATH = '/s/files/1/0000/0001/files';
const STAGED_LIFETIME_MS = 3_600_000;
const SIGNING_SECRET = 'shopify-sim-staged-upload-secret';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

const sign = (key: string) => createHmac('sha256', SIGNING_SECRET).update(key).digest('hex');

type StagedInput = { filename: string; mimeType: string; resource: string; httpMethod?: string | null; fileSize?: string | null };

export function stagedUploadsCreate(ctx: ShopifyContext, args: { input: StagedInput[] }) {
  requireScope(ctx, 'stagedUploadsCreate', 'write_products', 'write_files');
  const { state } = ctx;
  const userErrors: UserError[] = [];
  const stagedTargets = args.input.map((input, i) => {
    if (!['IMAGE', 'PRODUCT_IMAGE', 'FILE'].includes(input.resource) || !IMAGE_TYPES.includes(input.mimeType)) {
      userErrors.push({ field: ['input', String(i), 'mimeType'], message: `${input.mimeType} is not a supported image type.` });
      return null;
    }
    const key = `tmp/1/products/${state.seq.media.next()}/${input.filename.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    const resourceUrl = `${STORAGE_HOST}/${key}`;
    state.staged.set(key, {
      key,
      filename: input.filename,
      mimeType: input.mimeType,
      resourceUrl,
      data: null,
      expiresAt: state.clock.now() + STAGED_LIFETIME_MS,
    });
    const post = input.httpMethod === 'POST';
    return {
      url: post ? `${ctx.baseUrl ?? ''}/staged-uploads/` : `${ctx.baseUrl ?? ''}/staged-uploads/${key}`,
      resourceUrl,
      parameters: [
        { name: 'Content-Type', value: input.mimeType },
        { name: 'success_action_status', value: '201' },
        { name: 'acl', value: 'private' },
        { name: 'key', value: key },
        { name: 'x-goog-signature', value: sign(key) },
      ],
    };
  });
  return { stagedTargets: userErrors.length > 0 ? null : stagedTargets, userErrors };
}

const xml = (status: number, body: string): SimResponse => ({ status, text: body, headers: { 'content-type': 'application/xml' } });
const xmlError = (status: number, code: string, message: string) =>
  xml(status, `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);

/** The storage bucket's POST: the signed fields, then the file (part `file`); answers 201 with XML. */
export function receiveStagedUpload(state: ShopifyState, req: SimRequest): SimResponse {
  const parts = multipartParts(req);
  const field = (name: string) => parts?.find((p) => p.name === name)?.data.toString('utf8');
  const key = field('key') ?? '';
  const staged = state.staged.get(key);
  if (!parts || !staged || field('x-goog-signature') !== sign(key))
    return xmlError(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed.');
  if (staged.expiresAt <= state.clock.now()) return xmlError(400, 'ExpiredToken', 'The provided token has expired.');
  const file = parts.find((p) => p.name === 'file');
  if (!file || file.data.length === 0) return xmlError(400, 'InvalidArgument', 'The file part is missing.');
  staged.data = file.data;
  return xml(
    201,
    `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>${staged.resourceUrl}</Location><Key>${key}</Key></PostResponse>`,
  );
}

export type FileSetInput = { id?: string | null; originalSource?: string | null; alt?: string | null; filename?: string | null };

/** Checks productSet `files` before anything is written. */
export function fileSetErrors(state: ShopifyState, files: FileSetInput[] | null | undefined): UserError[] {
  const errors: UserError[] = [];
  for (const [i, file] of (files ?? []).entries()) {
    const field = ['input', 'files', String(i)];
    if (file.id) {
      if (!state.media.has(parseGid(file.id, 'MediaImage') ?? -1)) errors.push({ field, message: 'File does not exist.', code: 'INVALID' });
    } else if (!file.originalSource) errors.push({ field, message: 'Either id or originalSource is required.', code: 'INVALID' });
  }
  return errors;
}

/** productSet `files`: list-replace of the product's media; a new source becomes a MediaImage being processed. */
export function applyFiles(state: ShopifyState, product: ProductRec, files: FileSetInput[]): void {
  product.mediaIds = files.map((file) => {
    const existing = file.id ? parseGid(file.id, 'MediaImage') : null;
    if (existing !== null) return existing;
    const source = file.originalSource ?? '';
    const staged = [...state.staged.values()].find((s) => s.resourceUrl === source);
    const id = state.seq.media.next();
    const filename = file.filename ?? staged?.filename ?? source.split('/').pop() ?? `${id}.jpg`;
    const type = staged?.data ? sniffImage(staged.data) : null;
    // A staged target never sent, or not an image, fails processing like Shopify's download does.
    const failure =
      state.mediaFailures.shift() ??
      (!staged?.data ? 'Image could not be downloaded.' : type && IMAGE_TYPES.includes(type) ? null : 'Image file type is not supported.');
    const media: MediaRec = {
      id,
      alt: file.alt ?? '',
      filename,
      contentType: type ?? staged?.mimeType ?? 'image/jpeg',
      data: staged?.data ?? null,
      url: `https://cdn.shopify.com${CDN_PATH}/${filename}?v=${id}`,
      status: 'UPLOADED',
      failure,
      createdAt: state.clock.iso(),
    };
    state.media.set(id, media);
    return id;
  });
}

/** A MediaImage as read now; reading it moves its processing one step on. */
export function mediaNode(state: ShopifyState, media: MediaRec) {
  const status = media.status;
  if (status === 'UPLOADED') media.status = 'PROCESSING';
  else if (status === 'PROCESSING') media.status = media.failure ? 'FAILED' : 'READY';
  const errors =
    status === 'FAILED' ? [{ code: 'IMAGE_PROCESSING_FAILURE', details: null, message: media.failure ?? 'Processing failed.' }] : [];
  return {
    __typename: 'MediaImage',
    id: gid('MediaImage', media.id),
    alt: media.alt,
    createdAt: media.createdAt,
    updatedAt: state.clock.iso(),
    status,
    fileStatus: status,
    mediaContentType: 'IMAGE',
    mediaErrors: errors,
    fileErrors: errors,
    mimeType: media.contentType,
    image: status === 'READY' ? { id: gid('ImageSource', media.id), url: media.url, altText: media.alt, width: null, height: null } : null,
  };
}

export function productMedia(ctx: ShopifyContext, product: ProductRec) {
  return (product.mediaIds ?? []).map((id) => ctx.state.media.get(id)).filter((m): m is MediaRec => m !== undefined);
}

export function mediaById(ctx: ShopifyContext, id: string) {
  if (!hasScope(ctx, 'read_products') && !hasScope(ctx, 'read_files')) return null;
  const media = ctx.state.media.get(parseGid(id, 'MediaImage') ?? -1);
  return media ? mediaNode(ctx.state, media) : null;
}

/** The CDN address, served from here: the bytes of a processed image. */
export function serveMediaFile(state: ShopifyState, req: SimRequest): SimResponse {
  const id = Number(req.query.get('v'));
  const media = state.media.get(id);
  if (!media?.data || media.status !== 'READY') return { status: 404, text: 'Not Found' };
  return { status: 200, bytes: media.data, headers: { 'content-type': media.contentType } };
}

export const SHOPIFY_CDN_ROUTE = `${CDN_PATH}/:file`;
