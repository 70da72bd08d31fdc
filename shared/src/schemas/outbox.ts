import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

/** A mail the server could not send (no SMTP server configured), as its business's owner reads it. */
export const outboxMessageSchema = z.object({
  id: uuidSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: timestampSchema,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /businesses/{id}/outbox: whether mail is sent at all, and the newest unsent mail first. */
export const outboxSchema = z.object({
  smtp_configured: z.boolean(),
  items: z.array(outboxMessageSchema),
});
export type Outbox = z.infer<typeof outboxSchema>;
