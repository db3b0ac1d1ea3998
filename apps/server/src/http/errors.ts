import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './databaseUnavailable.ts';
import { CHANGED_MEANWHILE, isUniqueViolation } from './uniqueViolation.ts';

/** An error a person can read, with a stable machine code: replies are {detail, code} (README, "API"). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    detail: string,
    /** Sent as Retry-After: how many seconds until trying again can work. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code = 'bad_request') => new HttpError(400, code, detail);
export const unauthorized = (detail: string, code = 'unauthorized') => new HttpError(401, code, detail);
export const forbidden = (detail: string, code = 'forbidden') => new HttpError(403, code, detail);
export const notFound = (detail: string, code = 'not_found') => new HttpError(404, code, detail);
export const conflict = (detail: string, code = 'conflict') => new HttpError(409, code, detail);
export const gone = (detail: string, code = 'expired') => new HttpError(410, code, detail);
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';
export const tooManyRequests = (retryAfterSeconds?: number) =>
  new HttpError(429, 'rate_limited', TOO_MANY_REQUESTS, retryAfterSeconds);

const FASTIFY_CODES: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body_too_large',
    detail: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    detail: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'empty_body', detail: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    detail: 'The request body is not valid JSON.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'uri_too_long',
    detail: 'A part of the address is too long.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', detail: 'The address is not valid.' },
};

/**
 * Fastify's `frameworkErrors` option: the router refuses some URLs before any route or error handler runs
 * (a path parameter over the length limit, bad percent-encoding); they get the same readable JSON.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  return reply
    .status(known?.status ?? 400)
    .send({ detail: known?.detail ?? 'The address is not valid.', code: known?.code ?? 'bad_request' });
}

/**
 * Fastify's `clientErrorHandler`: Node refused the connection's request before any route saw it (it took
 * longer than the request timeout to arrive, or could not be parsed); the reply is the same readable JSON.
 */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const [status, body] = timedOut
    ? [
        '408 Request Timeout',
        { detail: 'The request took too long to arrive. Please try again.', code: 'request_timeout' },
      ]
    : ['400 Bad Request', { detail: 'The request could not be read.', code: 'bad_request' }];
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}

function validationDetail(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const where =
      error.validationContext === 'body' ? field : `${error.validationContext}${field ? `.${field}` : ''}`;
    return where ? `${where}: ${first?.message}` : (first?.message ?? 'Invalid request');
  }
  return error.message;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ detail: error.message, code: error.code });
    }
    if (error.validation) {
      return reply.status(400).send({ detail: validationDetail(error), code: 'invalid_input' });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: known.detail, code: known.code });
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode < 500)) {
      const status = error.statusCode ?? 400;
      return reply.status(status).send({ detail: error.message, code: 'bad_request' });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage or a restart of the database, not a bug: the client may simply try again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ detail: DATABASE_UNAVAILABLE, code: 'database_unavailable' });
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send({ detail: CHANGED_MEANWHILE, code: 'changed_meanwhile' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ detail: 'Something went wrong on our side. Please try again.', code: 'server_error' });
  });
}
