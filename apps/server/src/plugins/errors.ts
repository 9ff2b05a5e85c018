import type { Socket } from 'node:net';
import { type IssueLike, readableIssue } from '@opsuite/shared';
import type { ConnectionError, FastifyError, FastifyReply, FastifyServerOptions } from 'fastify';
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
    // A route may have typed its answer (a CSV download) before it failed: an error is JSON.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(STATUS_BY_CODE[err.code])
        .send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        field: fieldPath(v.instancePath),
        message: readableIssue({
          ...(v.params as Omit<IssueLike, 'message'>),
          code: v.keyword,
          message: v.message ?? 'is invalid',
          path: v.instancePath.split('/').filter(Boolean),
        }),
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

const errorJson = (code: string, message: string) => JSON.stringify({ error: { code, message } });

/**
 * Errors Fastify answers before any route or hook runs (Fastify's `frameworkErrors` option): a
 * path with bad percent-encoding and a path parameter longer than the router takes. Same shape
 * as every other error.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  err,
  request,
  reply,
) => {
  const [status, code, message] =
    err.code === 'FST_ERR_BAD_URL'
      ? [400, 'BAD_REQUEST', 'The address is not valid (bad percent-encoding)']
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'BAD_REQUEST', 'A path parameter is too long']
        : [500, 'INTERNAL', 'Internal server error'];
  if (status >= 500) request.log.error({ err }, 'request failed before routing');
  (reply as FastifyReply)
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errorJson(code, message));
};

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};

/**
 * A request Node's HTTP parser refused (oversized headers, a malformed request line, a timeout)
 * never reaches Fastify: the answer is written to the socket here, in the same shape.
 */
export function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[err.code] ?? [
    400,
    'Bad Request',
    'The request is malformed',
  ];
  const body = errorJson('BAD_REQUEST', message);
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
