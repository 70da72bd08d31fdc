// Written with zod/mini (./zod-mini.ts): the first screen reads these. common.ts re-exports them.
import { z } from './zod-mini.ts';

/** ISO-8601 timestamp as sent over the wire, for the answers written with zod/mini (common.ts's `timestampSchema` is the classic one). */
export const answerTimestampSchema = z.string();

/** One bad field in a 400 answer: the field's dotted path and what is wrong with it. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The single error envelope every non-2xx answer of the API uses. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(fieldErrorSchema)),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
