// Written with zod/mini (./zod-mini.ts): the signed-in frame opens the stream at start.
import { z } from './zod-mini.ts';

/** The real-time stream of spec §7 (`GET /sse/batch-operations/stream`, its credential in `?token=`). */
export const BATCH_STREAM_PATH = '/sse/batch-operations/stream';

/**
 * Where a signed-in client gets the credential for the stream's `?token=`: EventSource cannot send
 * headers, and a URL is kept by browsers, proxies and logs, so the stream takes a ticket good for one
 * connection within a minute instead of the session token. Every (re)connect asks for a new one.
 */
export const STREAM_TICKET_PATH = '/sse/tickets';

/** How long a ticket opens the stream. */
export const STREAM_TICKET_LIFETIME_MS = 60_000;

export const streamTicketSchema = z.object({
  ticket: z.string().check(z.minLength(1)),
  expires_at: z.iso.datetime(),
});
export type StreamTicket = z.infer<typeof streamTicketSchema>;
