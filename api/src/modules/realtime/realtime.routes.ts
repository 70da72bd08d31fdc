import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http.ts';

const KEEP_ALIVE_MS = 15_000;

const streamQuerySchema = z.object({ token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }) });

/**
 * Server-sent events for batch operations (spec §7). EventSource cannot send headers, so the
 * token comes in the query string; the logger redacts it.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams are ended on shutdown so graceful close does not wait for clients to leave.
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/sse/batch-operations/stream',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Batch-operation events (text/event-stream)',
        querystring: streamQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = await app.resolveToken(request.query.token);
      const businessId = user.business.id;

      reply.hijack();
      const raw = reply.raw;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = String(value);
      }
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });

      const send = (event: string, data: unknown) => {
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      send('connected', { business_id: businessId, at: new Date().toISOString() });

      const unsubscribe = app.events.subscribe(businessId, (event) => {
        if (event.stream === 'batch-operations') send(event.type, event.data);
      });
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const stop = () => {
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(end);
      };
      const end = () => {
        stop();
        raw.end();
      };
      open.add(end);
      request.raw.on('close', stop);
    },
  );
};
