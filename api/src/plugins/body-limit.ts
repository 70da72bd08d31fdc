import { pipeline, type Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the body is called in the 413's message, e.g. "File"; "Request body" when unset. */
    bodyName?: string;
    /** The field the 413 names, e.g. "file" where the form calls the upload so; "body" when unset. */
    bodyField?: string;
  }
}

/**
 * An oversized body is read to its end (and thrown away) up to this many bytes, so the client,
 * which sends it anyway, is reading when the 413 comes. Beyond it the answer comes at once and
 * the connection closes: nobody streams into the server for ever.
 */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

const megabytes = (bytes: number): string => {
  const mb = bytes / 1024 / 1024;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
};

function tooLarge(request: FastifyRequest, limit: number): AppError {
  const { bodyName = 'Request body', bodyField = 'body' } = request.routeOptions.config;
  const message = `${bodyName} is larger than ${megabytes(limit)} MB`;
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message, [{ field: bodyField, message }]);
}

/** Reads a stream to its end and drops it; false when it goes past `cap` (it is left unread) or breaks off. */
function discard(stream: Readable, cap: number): Promise<boolean> {
  return new Promise((resolve) => {
    let seen = 0;
    const settle = (drained: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onBroken);
      stream.off('close', onBroken);
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
    stream.once('close', onBroken);
    stream.resume();
  });
}

/**
 * A body without a length (chunked): passes on at most `limit` bytes; past them it keeps reading
 * and dropping, and fails with the 413 at the end (at once past DRAIN_LIMIT_BYTES).
 */
function capped(limit: number, refusal: () => AppError): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) return callback(refusal());
      callback(null, seen > limit ? undefined : chunk);
    },
    flush(callback) {
      callback(seen > limit ? refusal() : null);
    },
  });
}

/**
 * Fastify answers a body over the limit with 413 and `Connection: close` before reading it: the
 * client is still sending, the closed socket resets, and a browser shows a network error instead
 * of the message. Here the body is read and dropped first (up to DRAIN_LIMIT_BYTES), then the 413
 * names the limit, and the connection stays usable.
 */
export const bodyLimitPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preParsing', async (request, reply, payload) => {
      const limit = request.routeOptions.bodyLimit;
      const header = request.headers['content-length'];
      if (header === undefined) {
        if (request.headers['transfer-encoding'] === undefined) return payload;
        // pipeline: a client that breaks off fails the parser's stream too, instead of leaving it waiting.
        return pipeline(
          payload,
          capped(limit, () => tooLarge(request, limit)),
          () => undefined,
        );
      }
      const declared = Number(header);
      if (!(declared > limit)) return payload;
      if (declared > DRAIN_LIMIT_BYTES || !(await discard(payload, DRAIN_LIMIT_BYTES))) reply.header('connection', 'close');
      throw tooLarge(request, limit);
    });
  },
  { name: 'body-limit' },
);
