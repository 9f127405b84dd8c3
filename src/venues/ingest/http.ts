/**
 * GET with a deadline and a size cap for ingest. The body is read as a stream (the event loop stays free while it
 * arrives); a non-2xx status, a timeout, an oversized body or a body that is not JSON is an IngestError, and the
 * poller keeps serving the last good snapshot.
 */
export class IngestError extends Error {
  override name = 'IngestError';
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface FetchOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export async function fetchText(url: string, opts: FetchOptions = {}): Promise<string> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: 'application/json', ...opts.headers } });
  } catch (err) {
    throw new IngestError(`request failed: ${(err as Error).message}`, url, undefined, { cause: err });
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new IngestError(`HTTP ${res.status}`, url, res.status);
  }
  const max = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > max) throw new IngestError(`body larger than ${max} bytes`, url, res.status);
      parts.push(decoder.decode(chunk, { stream: true }));
    }
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError(`reading body failed: ${(err as Error).message}`, url, res.status, { cause: err });
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** GET and JSON.parse a small response (tick models, balances, contract queries). */
export async function fetchJson(url: string, opts: FetchOptions = {}): Promise<unknown> {
  const text = await fetchText(url, opts);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new IngestError(`not JSON: ${(err as Error).message}`, url, undefined, { cause: err });
  }
}

/** Runs `tasks` with at most `limit` in flight; results keep their order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
