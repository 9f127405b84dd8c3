/**
 * Every failure the service reports is an ApiError carrying its gRPC status code. The HTTP layer maps the code to a
 * status and the wire body `{code, message, details}` in one place (http/errors.ts); the engine never thinks in HTTP.
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

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: GrpcCode,
    message: string,
    readonly details: ErrorInfo[] = [],
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
    /** An HTTP status other than the code's usual one (405, 413: HTTP says more precisely what went wrong). */
    private readonly status?: number,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.status ?? HTTP_STATUS_OF[this.code];
  }
}

export const invalidArgument = (message: string, details: ErrorInfo[] = []) =>
  new ApiError(GrpcCode.INVALID_ARGUMENT, message, details);
export const notFound = (message: string) => new ApiError(GrpcCode.NOT_FOUND, message);
export const unavailable = (message: string) => new ApiError(GrpcCode.UNAVAILABLE, message);
export const unauthenticated = (message: string) => new ApiError(GrpcCode.UNAUTHENTICATED, message);
export const resourceExhausted = (message: string, retryAfterSeconds: number) =>
  new ApiError(GrpcCode.RESOURCE_EXHAUSTED, message, [], { 'retry-after': String(retryAfterSeconds) });
