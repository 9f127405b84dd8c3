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
