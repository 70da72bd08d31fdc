import type { FieldError } from '@tradepost/shared/schemas/common.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { ownershipRefusal } from '../platform/owned-ids.ts';
import { failedStep } from '../platform/workflow.ts';

type ValidationIssue = { instancePath: string; message?: string; params?: Record<string, unknown> };

function fieldName(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  const keys = issue.params?.keys;
  if (Array.isArray(keys) && keys.length > 0) return keys.join(', ');
  return context === 'querystring' ? 'query' : (context ?? 'body');
}

function validationDetails(error: FastifyError): FieldError[] {
  const issues = (error.validation ?? []) as ValidationIssue[];
  return issues.map((issue) => {
    const field = fieldName(issue, error.validationContext);
    const unknownKeys = issue.params?.keys;
    const message = Array.isArray(unknownKeys)
      ? `Unknown field${unknownKeys.length > 1 ? 's' : ''}: ${unknownKeys.join(', ')}`
      : /received undefined$/.test(issue.message ?? '')
        ? 'Required'
        : (issue.message ?? 'Invalid value');
    return { field, message };
  });
}

/** The one error handler: typed errors keep their code, validation names each field, bugs become a plain 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    // Another business's id in a read's path is a 404, whatever else the request got wrong.
    const error = ((await ownershipRefusal(request)) as FastifyError | undefined) ?? thrown;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error);
      return reply.code(400).send({
        error: { code: 'VALIDATION_FAILED', message: details.map((d) => `${d.field}: ${d.message}`).join('; '), details },
      });
    }
    if (error instanceof AppError) {
      // A typed 500 (an outside effect a workflow could not take back) still needs someone to look.
      if (error.statusCode >= 500) request.log.error({ err: error, workflow: failedStep(error) }, error.message);
      return reply.code(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      });
    }
    if (error.name === 'NotFoundError') {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    const status = error.statusCode ?? 500;
    if (status === 400 && error.code?.startsWith('FST_ERR_CTP_')) {
      return reply
        .code(400)
        .send({ error: { code: 'INVALID_BODY', message: error.message, details: [{ field: 'body', message: error.message }] } });
    }
    if (status < 500 && !isResponseSerializationError(error as never)) {
      const code = status === 429 ? 'RATE_LIMITED' : (error.code ?? 'BAD_REQUEST');
      return reply.code(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error, workflow: failedStep(error) }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });
}
