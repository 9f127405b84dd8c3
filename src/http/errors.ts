/**
 * The one place where failures become HTTP responses: `{code, message, details}` with the gRPC-gateway status
 * mapping. Anything unexpected is logged with its stack and answered as code 2 with no internals in the body.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { ApiError, GrpcCode, unavailable, type ErrorInfo } from '../errors.js';
import { describeError, isDatabaseUnavailable } from '../store/describe.js';
import { describeValidationError } from './validation.js';

export interface WireError {
  code: number;
  message: string;
  details: ErrorInfo[];
}

export function sendError(reply: FastifyReply, err: ApiError): FastifyReply {
  const body: WireError = { code: err.code, message: err.message, details: err.details };
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply.code(err.httpStatus).type('application/json; charset=utf-8').send(body);
}

/** A body that is not JSON (or JSON nested too deep to read). */
export const malformedJson = (cause: Error) =>
  new ApiError(GrpcCode.INVALID_ARGUMENT, `malformed JSON body: ${cause.message}`, { reason: 'MALFORMED_JSON', cause });

/** Fastify's own client errors (bad JSON, wrong media type, body too large...) as code-3 errors. */
function fromFastifyClientError(err: FastifyError, request: FastifyRequest): ApiError | undefined {
  if (err.validation) {
    return new ApiError(
      GrpcCode.INVALID_ARGUMENT,
      describeValidationError(err.validation as ErrorObject[], err.validationContext) +
        camelCaseHint(err.validation as ErrorObject[], err.validationContext, request),
      { cause: err },
    );
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return malformedJson(err);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // HTTP 413 with the wire body (code 3: the request is what is wrong).
      return new ApiError(GrpcCode.INVALID_ARGUMENT, 'request body is too large', {
        reason: 'BODY_TOO_LARGE',
        status: 413,
        cause: err,
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(GrpcCode.INVALID_ARGUMENT, 'unsupported content-type: send application/json', {
        reason: 'UNSUPPORTED_MEDIA_TYPE',
        cause: err,
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(GrpcCode.INVALID_ARGUMENT, 'content-length does not match the body', {
        reason: 'CONTENT_LENGTH_MISMATCH',
        cause: err,
      });
  }
  if (err instanceof SyntaxError) return malformedJson(err);
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new ApiError(GrpcCode.INVALID_ARGUMENT, err.message, { cause: err });
  }
  return undefined;
}

/**
 * A required field missing while its camelCase spelling is there (`sourceAssetDenom`): the caller wrote the SDK's
 * TypeScript names into raw JSON. The wire is snake_case (the SDK converts), so say so.
 */
function camelCaseHint(errors: ErrorObject[], part: string | undefined, request: FastifyRequest): string {
  const e = errors[0];
  if (e?.keyword !== 'required') return '';
  const missing = (e.params as { missingProperty?: string }).missingProperty ?? '';
  const camel = missing.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  if (camel === missing) return '';
  const sent = part === 'querystring' ? request.query : part === 'body' ? request.body : undefined;
  let at: unknown = sent;
  for (const seg of e.instancePath.split('/').filter(Boolean)) at = (at as Record<string, unknown> | null)?.[seg];
  const given = at !== null && typeof at === 'object' && Object.prototype.hasOwnProperty.call(at, camel);
  return given ? ` (${camel} was given: the wire uses snake_case names)` : '';
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    const client = fromFastifyClientError(error, request);
    if (client) {
      request.log.debug({ err: error }, 'client error');
      return sendError(reply, client);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: describeError(error) }, 'database unreachable');
      return sendError(
        reply,
        unavailable('the database is unreachable; retry shortly', { reason: 'DATABASE_UNAVAILABLE', cause: error }),
      );
    }
    request.log.error({ err: error }, 'unexpected failure');
    return sendError(
      reply,
      new ApiError(GrpcCode.UNKNOWN, 'internal server error', { reason: 'INTERNAL', cause: error }),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A path that exists with other methods: 405 and the methods it takes (RFC 9110 15.5.6), in the wire body.
    // A route of this very method that answered "not found" (a file the static explorer route lacks) stays a 404.
    const served = app.findRoute({ method: request.method as (typeof METHODS)[number], url: path }) !== null;
    const allowed = served
      ? []
      : METHODS.filter((m) => m !== request.method && app.findRoute({ method: m, url: path }) !== null);
    if (allowed.length > 0)
      return sendError(
        reply,
        new ApiError(
          GrpcCode.UNIMPLEMENTED,
          `method ${request.method} is not allowed on ${path}; use ${allowed.join(' or ')}`,
          { reason: 'METHOD_NOT_ALLOWED', headers: { allow: allowed.join(', ') }, status: 405 },
        ),
      );
    return sendError(
      reply,
      new ApiError(GrpcCode.NOT_FOUND, `no endpoint ${request.method} ${path}`, { reason: 'NO_ENDPOINT' }),
    );
  });
}
