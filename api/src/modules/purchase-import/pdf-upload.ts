import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { PDF_IMPORT_MAX_BYTES } from '@tradepost/shared/schemas/purchase-import.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Invalid } from '../../errors.ts';
import { DRAIN_LIMIT_BYTES } from '../../plugins/body-limit.ts';

// The upload route reads the PDF as the raw body. Its refusals name the field `file` in the user's
// words (the platform's body limit names `body`), so this route sets a body limit the platform
// never reaches and enforces PDF_IMPORT_MAX_BYTES itself, the same way: an oversized body is read
// and dropped before the 413 (up to DRAIN_LIMIT_BYTES), so the browser, still sending, gets it.

/**
 * The uploaded bytes, kept out of sight of the plugins that walk every body: the input guard walks
 * an object's own properties (a Buffer's are its bytes: 20 million entries), and the idempotency
 * plugin hashes the body as JSON (a 20 MB Buffer is 60 MB of JSON and seconds of work). So the bytes
 * are a private field, and the JSON is the digest.
 */
export class PdfUpload {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
  toJSON(): { sha256: string; size: number } {
    return { sha256: createHash('sha256').update(this.bytes).digest('hex'), size: this.bytes.length };
  }
}

/** The route's own limit, above any body the platform would refuse first (this route's hook refuses at 20 MB). */
export const UPLOAD_ROUTE_BODY_LIMIT = Number.MAX_SAFE_INTEGER;

export const fileTooLarge = () => {
  const message = `The file is larger than ${PDF_IMPORT_MAX_BYTES / 1024 / 1024} MB`;
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, [{ field: 'file', message }]);
};
export const fileEmpty = () => new Invalid('The file is empty', [{ field: 'file', message: 'The file is empty' }]);
export const notAPdf = () => new Invalid('This file is not a PDF', [{ field: 'file', message: 'This file is not a PDF' }]);

/** Reads a stream to its end and drops it; false when it goes past `cap` or breaks off. */
function discard(stream: Readable, cap: number): Promise<boolean> {
  return new Promise((resolve) => {
    let seen = 0;
    const settle = (drained: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onBroken);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > cap) {
        stream.pause();
        settle(false);
      }
    };
    const onEnd = () => settle(true);
    const onBroken = () => settle(false);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onBroken);
    stream.resume();
  });
}

/** A body without a length: passes at most the limit on, drops the rest and fails with the 413 at its end. */
function capped(): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) return callback(fileTooLarge());
      callback(null, seen > PDF_IMPORT_MAX_BYTES ? undefined : chunk);
    },
    flush(callback) {
      callback(seen > PDF_IMPORT_MAX_BYTES ? fileTooLarge() : null);
    },
  });
}

/** The upload route's preParsing hook: refuses a PDF over 20 MB with the `file` field. */
export async function limitPdfUpload(request: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> {
  const header = request.headers['content-length'];
  // No length (chunked): counted as it comes. The route's own limit is out of reach, so this is the only one.
  if (header === undefined) return pipeline(payload, capped(), () => undefined);
  const declared = Number(header);
  if (!(declared > PDF_IMPORT_MAX_BYTES)) return payload;
  if (declared > DRAIN_LIMIT_BYTES || !(await discard(payload, DRAIN_LIMIT_BYTES))) reply.header('connection', 'close');
  throw fileTooLarge();
}
