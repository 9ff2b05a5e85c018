import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_CODE } from '../lib/errors.ts';
import type { App } from './types.ts';

function fieldPath(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/** One error shape for every failure: `{ error: { code, message, details? } }`. */
export const errorsPlugin = fp(async (app: App) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(STATUS_BY_CODE[err.code])
        .send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: fieldPath(v.instancePath),
        message: v.message ?? 'is invalid',
      }));
      const first = issues[0];
      const where = err.validationContext ?? 'body';
      const message = first?.field
        ? `${first.field}: ${first.message}`
        : `Invalid ${where}: ${first?.message}`;
      return reply.status(400).send({ error: { code: 'VALIDATION', message, details: issues } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    }
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
    return reply.status(status).send({ error: { code, message: err.message } });
  });
});
