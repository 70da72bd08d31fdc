import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this an answer fits in a packet or two: compressing it costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers compressed with brotli or gzip, as the client's Accept-Encoding allows, above a kilobyte:
 * JSON, CSV exports, the API docs, and web files without a precompressed copy (the build's own
 * copies are sent as they are: web-app.ts). Never a live event stream: text/event-stream is not on
 * the plugin's list, and a compressor would hold events back until its buffer fills
 * (api/test/web-delivery.test.ts checks the realtime area's stream and a plain one).
 *
 * Register it before the routes: it hooks into each route as it is added, and that per-route hook
 * runs after the app-wide ones, so the idempotency plugin keeps (and replays) the answer itself and
 * each repeat is compressed as its own request asks.
 *
 * Request bodies are not decompressed: no client of ours sends them compressed, and a small
 * compressed body could unpack past the body limit before body-limit.ts has a say.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
