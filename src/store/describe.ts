/** Error and URL text that is safe and useful in an operator's log. */

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`. */
export function maskUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
}

/** Node reports a refused connection to a name with several addresses as an AggregateError with no message. */
export function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return describeError(err.errors[0]);
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    if (err.message) return err.message;
    if (typeof code === 'string') return code;
    return err.name;
  }
  return String(err);
}

/** Connection-level error codes of PostgreSQL (class 08, 57P0x shutdowns, 53300 too many clients) and the network. */
const UNREACHABLE_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ENOTFOUND|08\d{3}|57P0\d|53300|SQLITE_BUSY|SQLITE_LOCKED|SQLITE_IOERR\w*|SQLITE_CANTOPEN|SQLITE_FULL)$/;
const UNREACHABLE_TEXT =
  /Connection terminated|connection error|timeout exceeded when trying to connect|database is locked|driver has already been destroyed/i;

/**
 * Whether a failure means the database cannot be reached (down, restarting, cut off, locked), as opposed to a bug:
 * callers then get 503 code 14 ("retry shortly"), not 500 (src/http/errors.ts).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.test(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_TEXT.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
