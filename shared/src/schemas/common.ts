import { z } from 'zod';

export { type ErrorEnvelope, errorEnvelopeSchema, type FieldError, fieldErrorSchema } from './common-answers.ts';

export const messageSchema = z.object({ message: z.string() });

export const uuidSchema = z.uuid();
export const businessParamsSchema = z.object({ businessId: uuidSchema });

/** ISO-8601 timestamp as sent over the wire. */
export const timestampSchema = z.string();

/** The most any one amount may be: $1,000,000.00 in cents. */
export const MAX_CENTS = 100_000_000;

/**
 * An amount of money in whole cents of the business currency: the one schema every price, cost,
 * fee and refund uses, so each refusal names the field the same way. `min: 1` where zero makes no
 * sense (a listing price).
 */
export const centsSchema = (label: string, { min = 0 }: { min?: 0 | 1 } = {}) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int({ error: `${label} must be whole cents` })
    .min(min, { error: min === 0 ? `${label} must not be negative` : `${label} must be at least 1 cent` })
    .max(MAX_CENTS, { error: `${label} is too large` });

/**
 * A yes/no filter in a query string: 'true' or 'false' (a browser's URL), or a boolean from code
 * (the API client writes it as text). Not `z.coerce.boolean()`, which reads the text "false" as true.
 */
export const queryFlagSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Use true or false' })
  .transform((value) => value === true || value === 'true');
