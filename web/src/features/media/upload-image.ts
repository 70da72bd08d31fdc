import { abortedError, apiErrorFromResponse, invalidResponseError, networkError } from '@tradepost/shared/client/api-error.ts';
import { API_BASE_PATH } from '@tradepost/shared/client/constants.ts';
import { MEDIA_MAX_UPLOAD_BYTES, type Media, mediaSchema, mediaUploadContentTypes } from '@tradepost/shared/schemas/media.ts';
import { appStore } from '../../app/store.ts';
import { sessionAtom } from '../session/session-atom.ts';
import { activeToken } from '../session/session-model.ts';

/** A 5 MB photo over a weak shop connection can take a while; past this the upload is reported as failed. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Phone photos are scaled to this long side when they are over the upload limit; the server keeps 1600 px anyway. */
const SCALED_EDGE_PX = 3200;

const sendable = (type: string) => (mediaUploadContentTypes as readonly string[]).includes(type);

async function encodeJpeg(bitmap: ImageBitmap, edge: number, quality: number): Promise<Blob> {
  const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('This browser cannot prepare the photo for upload.');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (blob === null) throw new Error('This browser cannot prepare the photo for upload.');
  return blob;
}

/**
 * What is sent for a chosen file: the file itself when it is a JPEG, PNG or WebP under 5 MB;
 * otherwise the browser decodes it (a 12 MB phone photo, an iPhone HEIC where Safari reads it) and
 * sends a JPEG small enough. A file the browser cannot read as an image is refused here, in words.
 */
export async function prepareImage(file: File): Promise<Blob> {
  if (sendable(file.type) && file.size <= MEDIA_MAX_UPLOAD_BYTES) return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (bitmap === null) throw new Error(`${file.name} is not a photo this browser can read. Use a JPEG, PNG or WebP image.`);
  try {
    for (const [edge, quality] of [
      [SCALED_EDGE_PX, 0.9],
      [2400, 0.85],
      [1600, 0.8],
    ] as const) {
      const blob = await encodeJpeg(bitmap, edge, quality);
      if (blob.size <= MEDIA_MAX_UPLOAD_BYTES) return blob;
    }
  } finally {
    bitmap.close();
  }
  throw new Error(`${file.name} is too large to upload, even scaled down.`);
}

export type UploadHandle = { promise: Promise<Media>; abort: () => void };

/**
 * POST /businesses/{id}/media with the image as the body. XMLHttpRequest rather than the API client
 * because only it reports upload progress, which a phone on a slow connection needs to see.
 */
export function uploadImage(basePath: string, image: Blob, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Media>((resolve, reject) => {
    xhr.open('POST', `${API_BASE_PATH}${basePath}/media`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    const token = activeToken(appStore.get(sessionAtom), Date.now());
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', image.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFromResponse(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        resolve(mediaSchema.parse(JSON.parse(xhr.responseText)));
      } catch (cause) {
        reject(invalidResponseError(xhr.status, 'Unexpected answer to the upload', [], cause));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(networkError());
    xhr.onabort = () => reject(abortedError());
    xhr.send(image);
  });
  return { promise, abort: () => xhr.abort() };
}
