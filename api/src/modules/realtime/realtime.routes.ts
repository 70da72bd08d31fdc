import { SESSION_ENDED_EVENT } from '@tradepost/shared/schemas/events.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import { AUTH_CHANGED_CHANNEL } from '../../plugins/events.ts';

const KEEP_ALIVE_MS = 15_000;
/** Auth changes come in bursts (a logout touches one row, a password change several): check once per burst. */
const RECHECK_DELAY_MS = 100;

type OpenStream = { sessionId: string; end: (reason?: typeof SESSION_ENDED_EVENT) => void };

const streamQuerySchema = z.object({ token: z.string({ error: 'token is required' }).min(1, { error: 'token is required' }) });

/**
 * Server-sent events for batch operations (spec §7) and the business's domain events. EventSource cannot send headers, so the
 * token comes in the query string; the logger redacts it.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams end on shutdown, so graceful close does not wait for clients to leave, and when
  // their session ends: at once after a logout or password change anywhere (the auth NOTIFY), and
  // otherwise (expiry, a missed notice) at the next keep-alive tick.
  const open = new Set<OpenStream>();
  app.addHook('onClose', async () => {
    for (const stream of open) stream.end();
  });
  const endStreamsWhoseSessionEnded = async () => {
    if (open.size === 0) return;
    const ids = [...new Set([...open].map((stream) => stream.sessionId))];
    const live = await app.orm.em
      .fork()
      .execute<{ id: string }[]>(
        'SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ANY(?::uuid[]) AND s.revoked_at IS NULL AND s.expires_at > now()',
        [`{${ids.join(',')}}`],
      );
    const alive = new Set(live.map((row) => row.id));
    for (const stream of open) if (!alive.has(stream.sessionId)) stream.end(SESSION_ENDED_EVENT);
  };
  let recheck: NodeJS.Timeout | null = null;
  const recheckSoon = () => {
    if (recheck || open.size === 0) return;
    recheck = setTimeout(() => {
      recheck = null;
      endStreamsWhoseSessionEnded().catch((error: unknown) => app.log.warn({ err: error }, 'could not re-check stream sessions'));
    }, RECHECK_DELAY_MS);
  };
  await app.events.watch(AUTH_CHANGED_CHANNEL, { notified: recheckSoon, listening: () => {} });
  const keepAliveTick = setInterval(recheckSoon, KEEP_ALIVE_MS);
  keepAliveTick.unref();
  app.addHook('onClose', async () => {
    clearInterval(keepAliveTick);
    if (recheck) clearTimeout(recheck);
  });

  app.get(
    '/sse/batch-operations/stream',
    {
      config: { ...requires('signed-in'), tokenInQuery: true },
      schema: {
        tags: ['realtime'],
        summary: 'Batch-operation events (text/event-stream)',
        querystring: streamQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { session, businessId } = request.auth;

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

      // Batch progress, and every domain event of the business as it commits (ids only: a tab
      // refreshes what it shows through the API, where the role decides what it may read).
      const unsubscribe = app.events.subscribe(businessId, (event) => send(event.type, event.data));
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const stream: OpenStream = {
        sessionId: session.id,
        end: (reason) => {
          stop();
          if (reason) send(reason, { at: new Date().toISOString() });
          raw.end();
        },
      };
      const stop = () => {
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(stream);
      };
      open.add(stream);
      request.raw.on('close', stop);
    },
  );
};
