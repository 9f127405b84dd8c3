/**
 * Every failure the service reports is an ApiError carrying its gRPC status code. The HTTP layer maps the code to a
 * status and the wire body `{code, message, details}` in one place (http/errors.ts); the engine never thinks in HTTP.
 * Besides the wire's code and message, an ApiError has what programs and tests match on (as viem's and Fastify's
 * errors do): a stable `reason` (the message's wording may change; the reason does not), for a request refused for
 * one field the `field` it names, and the `cause` it reports (kept for logs and debugging, never sent).
 */

/** gRPC status codes used by the wire format (google.rpc.Code). */
export const GrpcCode = {
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  UNIMPLEMENTED: 12,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;
export type GrpcCode = (typeof GrpcCode)[keyof typeof GrpcCode];

/** The usual gRPC-gateway mapping of status code to HTTP status. */
export const HTTP_STATUS_OF: Record<GrpcCode, number> = {
  2: 500,
  3: 400,
  5: 404,
  8: 429,
  9: 400,
  12: 501,
  14: 503,
  16: 401,
};

const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';
const ERROR_DOMAIN = 'skip.build';

/** google.rpc.ErrorInfo, the only detail kind the wire format uses. */
export interface ErrorInfo {
  '@type': typeof ERROR_INFO_TYPE;
  reason: string;
  domain: string;
  metadata: Record<string, string>;
}

export function errorInfo(reason: string, metadata: Record<string, string> = {}): ErrorInfo {
  return { '@type': ERROR_INFO_TYPE, reason, domain: ERROR_DOMAIN, metadata };
}

const CODE_NAME = Object.fromEntries(Object.entries(GrpcCode).map(([name, code]) => [code, name])) as Record<
  GrpcCode,
  string
>;

export interface ApiErrorOptions {
  /**
   * A stable name for what went wrong, in upper snake case (MALFORMED_JSON, METHOD_NOT_ALLOWED...). Default: the
   * reason of the first ErrorInfo detail (the wire's own, e.g. NO_ROUTE), else the code's name (INVALID_ARGUMENT).
   */
  reason?: string;
  details?: ErrorInfo[];
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** An HTTP status other than the code's usual one (405, 413: HTTP says more precisely what went wrong). */
  status?: number;
  /** The error this one reports. */
  cause?: unknown;
}

/** The field a code-3 message names by the project's wording ("invalid X: ...", "missing required field X"). */
const FIELD_IN_MESSAGE = [
  /^invalid (?:field |query parameter )?([^\s:]+):/,
  /^(?:missing required|unknown) (?:field|query parameter) (\S+)/,
];

export class ApiError extends Error {
  override name = 'ApiError';
  readonly reason: string;
  readonly details: ErrorInfo[];
  readonly headers: Record<string, string>;
  private readonly status: number | undefined;

  /** `options` may be the details alone, or (older form) details, headers and status in that order. */
  constructor(
    readonly code: GrpcCode,
    message: string,
    options: ApiErrorOptions | ErrorInfo[] = {},
    headers?: Record<string, string>,
    status?: number,
  ) {
    const opts: ApiErrorOptions = Array.isArray(options) ? { details: options, headers, status } : options;
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.details = opts.details ?? [];
    this.headers = opts.headers ?? {};
    this.status = opts.status;
    this.reason = opts.reason ?? this.details[0]?.reason ?? CODE_NAME[code];
  }

  get httpStatus(): number {
    return this.status ?? HTTP_STATUS_OF[this.code];
  }

  /** The request field a code-3 error refuses, as its message names it; undefined when it names none. */
  get field(): string | undefined {
    if (this.code !== GrpcCode.INVALID_ARGUMENT) return undefined;
    for (const re of FIELD_IN_MESSAGE) {
      const m = re.exec(this.message);
      if (m) return m[1];
    }
    return undefined;
  }
}

export const invalidArgument = (message: string, options: ApiErrorOptions | ErrorInfo[] = {}) =>
  new ApiError(GrpcCode.INVALID_ARGUMENT, message, options);
export const notFound = (message: string, options: ApiErrorOptions = {}) =>
  new ApiError(GrpcCode.NOT_FOUND, message, options);
export const unavailable = (message: string, options: ApiErrorOptions = {}) =>
  new ApiError(GrpcCode.UNAVAILABLE, message, options);
export const unauthenticated = (message: string, options: ApiErrorOptions = {}) =>
  new ApiError(GrpcCode.UNAUTHENTICATED, message, options);
export const resourceExhausted = (message: string, retryAfterSeconds: number, options: ApiErrorOptions = {}) =>
  new ApiError(GrpcCode.RESOURCE_EXHAUSTED, message, {
    reason: 'RATE_LIMITED',
    ...options,
    headers: { 'retry-after': String(retryAfterSeconds), ...options.headers },
  });
