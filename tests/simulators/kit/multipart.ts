import { header, type SimRequest } from './http.ts';

// multipart/form-data as the platforms' upload routes read it (reference §5b): each part's name,
// filename, Content-Type and bytes.

export type Part = { name: string; filename: string | null; contentType: string | null; data: Buffer };

/** The parts of a multipart body, or null when the request is not multipart or has no boundary. */
export function multipartParts(req: SimRequest): Part[] | null {
  const type = header(req, 'content-type') ?? '';
  const boundary = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return null;
  const body = req.rawBody;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // Each part: CRLF, headers, blank line, data, CRLF before the next delimiter.
    const chunk = body.subarray(start + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    if (split >= 0) {
      const headers = chunk.subarray(0, split).toString('utf8');
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      if (name !== undefined)
        parts.push({
          name,
          filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
          contentType: /content-type:\s*([^\r\n;]*)/i.exec(headers)?.[1]?.trim().toLowerCase() ?? null,
          data: Buffer.from(chunk.subarray(split + 4)),
        });
    }
    at = next;
  }
  return parts;
}

/** The image type the bytes themselves say (magic numbers), whatever the part claims. */
export function sniffImage(data: Buffer): string | null {
  if (data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (data.subarray(0, 2).toString('latin1') === 'BM') return 'image/bmp';
  if (data.subarray(4, 12).toString('latin1') === 'ftypavif') return 'image/avif';
  if (data.subarray(4, 12).toString('latin1') === 'ftypheic') return 'image/heic';
  if (
    data.subarray(0, 4).equals(Buffer.from([0x49, 0x49, 0x2a, 0x00])) ||
    data.subarray(0, 4).equals(Buffer.from([0x4d, 0x4d, 0x00, 0x2a]))
  )
    return 'image/tiff';
  return null;
}

export const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/tiff': 'tiff',
};

/** Photos a simulator was sent, kept with their bytes so tests (and the sandbox) can read them back. */
export type StoredPhoto = { id: string; contentType: string; data: Buffer; filename: string; url: string };

export class PhotoStore {
  readonly #byId = new Map<string, StoredPhoto>();

  put(photo: StoredPhoto): StoredPhoto {
    this.#byId.set(photo.id, photo);
    return photo;
  }

  get(id: string): StoredPhoto | undefined {
    return this.#byId.get(id);
  }

  /** By the https address the platform handed out. */
  byUrl(url: string): StoredPhoto | undefined {
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    return [...this.#byId.values()].find((p) => p.url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] === path);
  }

  list(): StoredPhoto[] {
    return [...this.#byId.values()];
  }

  clear(): void {
    this.#byId.clear();
  }
}
