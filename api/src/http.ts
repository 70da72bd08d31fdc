import { errorEnvelopeSchema } from '@tradepost/shared/schemas/common.ts';

/** Error answers every route documents; the body is always the one envelope. */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
} as const;

export const bearerAuth = [{ bearerAuth: [] }];
