import type { onSendAsyncHookHandler } from 'fastify';

/**
 * Keeps an answer out of every cache, the browser's and any proxy's: for answers that carry a
 * session token, a one-time code or a person's own details. Set on send, so errors carry it too.
 */
export const noStore: onSendAsyncHookHandler<unknown> = async (_request, reply, payload) => {
  reply.header('cache-control', 'no-store');
  return payload;
};
