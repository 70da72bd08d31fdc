import { createHash } from 'node:crypto';
import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { tenantDb } from '../db/tenant-db.ts';
import { AppError, Invalid } from '../errors.ts';

// Writes are safe to retry (Stripe's `Idempotency-Key`): the shared client sends one key per user
// action and reuses it for its retries. The first answer to a key is kept for a day per business and
// replayed to every retry, so a slow answer or a dropped connection never records a sale twice.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a replayed answer, so a client (and a test) can tell. */
export const REPLAYED_HEADER = 'idempotent-replayed';
const MAX_KEY_LENGTH = 255;
/** Answers bigger than this are not kept (no write of ours answers with that much); a retry then runs again. */
const MAX_KEPT_BODY = 1_000_000;
/** A first request still marked running after this long died with its process: its key may run again. */
const ABANDONED_AFTER = '5 minutes';
/** Headers a replay must repeat: what the body is, and which facts the write published (the web refreshes by them). */
const KEPT_HEADERS = ['content-type', 'x-domain-events', 'location'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer carries a secret (a stream ticket): it is never kept for replay, so it is not at rest
     * for a day; a retry with the same key runs again and gets a fresh one.
     */
    answerHoldsSecret?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs; its answer is kept when it is sent. */
    idempotency: { businessId: string; key: string } | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class IdempotencyKeyReused extends AppError {
  constructor() {
    super(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request', [
      { field: 'Idempotency-Key', message: 'Send a new key for a new action' },
    ]);
  }
}

export class IdempotencyKeyInUse extends AppError {
  constructor() {
    super(409, 'IDEMPOTENCY_KEY_IN_USE', 'The first request with this Idempotency-Key is still running; try again in a moment');
  }
}

/** What makes two requests "the same": method, path and body (an uploaded file's bytes as they are, not as JSON). */
const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body ?? null))
    .digest('hex');

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new Invalid('Idempotency-Key must be 1 to 255 visible ASCII characters', [
      { field: 'Idempotency-Key', message: 'Use 1 to 255 visible ASCII characters, e.g. a UUID' },
    ]);
  }
  return key;
}

const em = (app: FastifyInstance) => (RequestContext.getEntityManager() as EntityManager | undefined) ?? app.orm.em.fork();

export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('idempotency', null);

    // After sign-in, membership, permission and validation: a refused or invalid request holds no key.
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!WRITES.has(request.method) || !request.auth) return;
      const key = keyOf(request);
      if (key === null) return;
      const businessId = request.auth.businessId;
      const hash = requestHash(request);
      const db = tenantDb(em(app), businessId);
      // Take the key, or take it over when its day is over or its first request died running.
      const taken = await db
        .insertInto('idempotency_keys')
        .values({ key, request_hash: hash })
        .onConflict((conflict) =>
          conflict
            .columns(['business_id', 'key'])
            .doUpdateSet({
              request_hash: hash,
              status: 'running',
              response_status: null,
              response_headers: null,
              response_body: null,
              created_at: sql`now()`,
            })
            .where((eb) =>
              eb.or([
                eb('idempotency_keys.created_at', '<', sql<string>`now() - interval '1 day'`),
                eb.and([
                  eb('idempotency_keys.status', '=', 'running'),
                  eb('idempotency_keys.created_at', '<', sql<string>`now() - interval '${sql.raw(ABANDONED_AFTER)}'`),
                ]),
              ]),
            ),
        )
        .returning('key')
        .executeTakeFirst();
      if (taken) {
        request.idempotency = { businessId, key };
        return;
      }
      const first = await db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status', 'response_status', 'response_headers', 'response_body'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (first.request_hash !== hash) throw new IdempotencyKeyReused();
      if (first.status !== 'done' || first.response_status === null) throw new IdempotencyKeyInUse();
      const headers = (first.response_headers ?? {}) as Record<string, string>;
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      return reply
        .header(REPLAYED_HEADER, 'true')
        .code(first.response_status)
        .send(first.response_body ?? '');
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const held = request.idempotency;
      if (!held) return payload;
      request.idempotency = null;
      const db = tenantDb(app.orm.em.fork(), held.businessId);
      // Text answers (JSON, CSV) are kept; a file (a label PDF) or a stream is not: a retry makes it again.
      const textual = /^(application\/json|text\/)/.test(String(reply.getHeader('content-type') ?? ''));
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) && textual ? payload.toString('utf8') : null;
      const body = text !== null && !text.includes('\u0000') ? text : null;
      // A server error may not have written anything, a file or stream cannot be replayed, and a secret
      // is not kept: let a retry run again.
      if (reply.statusCode >= 500 || body === null || body.length > MAX_KEPT_BODY || request.routeOptions.config.answerHoldsSecret) {
        await db.deleteFrom('idempotency_keys').where('key', '=', held.key).execute();
        return payload;
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      await db
        .updateTable('idempotency_keys')
        .set({ status: 'done', response_status: reply.statusCode, response_headers: JSON.stringify(headers), response_body: body })
        .where('key', '=', held.key)
        .execute();
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['db'] },
);
