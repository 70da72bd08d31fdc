import { SESSION_ENDED_EVENT } from '@tradepost/shared/schemas/events.ts';
import { BATCH_STREAM_PATH, STREAM_TICKET_PATH, streamTicketSchema } from '@tradepost/shared/schemas/realtime.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unauthorized } from '../../errors.ts';
import { bearerAuth, errorResponses } from '../../http.ts';
import { requires } from '../../plugins/access.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { AUTH_CHANGED_CHANNEL } from '../../plugins/events.ts';
import { noStore } from '../auth/public.ts';
import { issueStreamTicket, redeemStreamTicket } from './stream-tickets.ts';

const KEEP_ALIVE_MS = 15_000;
/** Auth changes come in bursts (a logout touches one row, a password change several): check once per burst. */
const RECHECK_DELAY_MS = 100;

type OpenStream = { sessionId: string; end: (reason?: typeof SESSION_ENDED_EVENT) => void };

const streamQuerySchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, { error: 'token is required' })
    .describe('A stream ticket from POST /sse/tickets, good for one connection within a minute (not the session token)'),
});

const ticketRefused = () => new Unauthorized('This stream ticket is unknown, used or expired: ask for a new one.', 'STREAM_TICKET_INVALID');

/**
 * Server-sent events for batch operations (spec §7) and the business's domain events. EventSource cannot send headers, so the
 * credential comes in the query string (`token`, as spec §7 names it): a single-use ticket from `POST /sse/tickets`, never the
 * session token (stream-tickets.ts says why). The logger redacts it all the same.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The stream's `?token=`: a ticket, used up here; then its session is checked like any bearer token's. */
  const redeemTicket = async (token: string): Promise<AuthContext> => {
    const ticket = await redeemStreamTicket(app.orm.em.fork(), token);
    if (ticket === null) throw ticketRefused();
    const auth = await app.resolveSession({ sid: ticket.sessionId, sub: ticket.userId });
    // The stream serves the business the ticket was issued for, and only while its user belongs to it.
    if (auth.businessId !== ticket.businessId) throw ticketRefused();
    return auth;
  };

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

  app.post(
    STREAM_TICKET_PATH,
    {
      config: { ...requires('signed-in'), answerHoldsSecret: true },
      onSend: noStore,
      schema: {
        tags: ['realtime'],
        summary: 'A ticket that opens the real-time stream once, within a minute (its ?token=)',
        security: bearerAuth,
        response: { 201: streamTicketSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, businessId, session } = request.auth;
      const ticket = await issueStreamTicket(app.orm.em, { sessionId: session.id, userId, businessId });
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    BATCH_STREAM_PATH,
    {
      config: { ...requires('signed-in'), tokenInQuery: redeemTicket },
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
