import { z } from 'zod';

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
    details: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const messageSchema = z.object({ message: z.string() });

export const uuidSchema = z.uuid();
export const businessParamsSchema = z.object({ businessId: uuidSchema });

/** ISO-8601 timestamp as sent over the wire. */
export const timestampSchema = z.string();
