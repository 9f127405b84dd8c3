/**
 * GET with a deadline and a size cap for ingest. The body is read as a stream (the event loop stays free while it
 * arrives); a non-2xx status, a timeout, an oversized body or a body that is not JSON is an IngestError, and the
 * poller keeps serving the last good snapshot. Redirects are followed (up to five), compressed bodies decoded.
 */
import pLimit from 'p-limit';
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { hostOf, observeUpstream } from '../../upstream-calls.js';

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

/**
 * Kept-alive connections per protocol: a poll sends hundreds of small requests (tick models) to one host. Node's
 * http client costs a fraction of what fetch does per request (no WHATWG streams), which matters at that count.
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
} as const;
const MAX_REDIRECTS = 5;

export function fetchText(url: string, opts: FetchOptions = {}): Promise<string> {
  // Every ingest request goes to a pool indexer (SQS, a node's REST API): counted and timed per host on /metrics.
  return observeUpstream({ upstream: 'pool_indexer', target: hostOf(url) }, () => fetchFollowing(url, opts));
}

async function fetchFollowing(url: string, opts: FetchOptions): Promise<string> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let target = url;
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(target, url, opts, signal);
    if (answer.kind === 'body') return answer.text;
    if (redirects >= MAX_REDIRECTS) throw new IngestError(`more than ${MAX_REDIRECTS} redirects`, url, answer.status);
    target = new URL(answer.location, target).toString();
  }
}

type Answer = { kind: 'body'; text: string } | { kind: 'redirect'; location: string; status: number };

/** One GET: the decoded body of a 2xx answer (gzip, deflate and br undone), or where a 3xx points. */
function getOnce(target: string, url: string, opts: FetchOptions, signal: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const fail = (err: IngestError): void => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    let u: URL;
    try {
      u = new URL(target);
    } catch (err) {
      return fail(new IngestError(`request failed: ${(err as Error).message}`, url, undefined, { cause: err }));
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      return fail(new IngestError(`request failed: unsupported protocol ${u.protocol}`, url));
    const client = u.protocol === 'https:' ? https : http;
    const headers = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', ...opts.headers };
    const req = client.get(u, { agent: AGENTS[u.protocol], headers, signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        settled = true;
        return resolve({ kind: 'redirect', location: res.headers.location, status });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return fail(new IngestError(`HTTP ${status}`, url, status));
      }
      const readFailed = (err: Error) =>
        fail(new IngestError(`reading body failed: ${err.message}`, url, status, { cause: err }));
      const body = decoded(res, readFailed);
      const max = opts.maxBytes ?? DEFAULT_MAX_BYTES;
      const decoder = new TextDecoder();
      const parts: string[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > max) {
          req.destroy();
          return fail(new IngestError(`body larger than ${max} bytes`, url, status));
        }
        parts.push(decoder.decode(chunk, { stream: true }));
      });
      body.on('end', () => {
        if (settled) return;
        parts.push(decoder.decode());
        settled = true;
        resolve({ kind: 'body', text: parts.join('') });
      });
      res.on('error', readFailed);
      res.on('close', () => {
        if (!res.complete) readFailed(new Error('connection closed before the end of the body'));
      });
    });
    req.on('error', (err) => fail(new IngestError(`request failed: ${err.message}`, url, undefined, { cause: err })));
  });
}

/** The response body with its content-encoding undone. */
function decoded(res: http.IncomingMessage, onError: (err: Error) => void): NodeJS.ReadableStream {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const inflater =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!inflater) return res;
  inflater.on('error', onError);
  return res.pipe(inflater);
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

/** Runs `f` over `items` with at most `limit` in flight (p-limit); results keep their order. */
export function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  return pLimit(Math.max(1, limit)).map(items, (item) => f(item));
}
