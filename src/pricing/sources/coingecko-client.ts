/**
 * Client of a CoinGecko-compatible `simple/price` endpoint:
 *   GET {baseUrl}/simple/price?ids=a,b&vs_currencies=usd&include_last_updated_at=true
 *   → {"a":{"usd":1.23,"last_updated_at":1721692800}, ...}
 * Works with CoinGecko's public, demo and pro hosts and with any proxy or self-hosted service speaking that shape.
 *
 * Everything that arrives is distrusted: bodies are size-capped, must be a JSON object, and each price must be a
 * finite positive number (or decimal string); anything else is dropped and reported, never thrown past the caller.
 */
import { Decimal } from '../decimal.js';
import { hostOf, observedFetch } from '../../upstream-calls.js';

export interface CoinGeckoClientOptions {
  /** API root including the version, e.g. https://api.coingecko.com/api/v3 (pro: https://pro-api.coingecko.com/api/v3). */
  baseUrl: string;
  /** Sent in `apiKeyHeader` when set. */
  apiKey?: string;
  /** CoinGecko demo keys use x-cg-demo-api-key, pro keys x-cg-pro-api-key. */
  apiKeyHeader?: string;
  /** Per-request timeout. */
  timeoutMs?: number;
  /** Ids per request: keeps URLs well under common 8 KB limits. */
  batchSize?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export const COINGECKO_DEFAULTS = {
  baseUrl: 'https://api.coingecko.com/api/v3',
  apiKeyHeader: 'x-cg-demo-api-key',
  timeoutMs: 5_000,
  batchSize: 100,
} as const;

/** Bodies larger than this are refused: 100 ids × ~60 bytes is about 6 KB. */
const MAX_BODY_BYTES = 1024 * 1024;

export type PriceApiErrorKind = 'http' | 'timeout' | 'network' | 'garbage';

export class PriceApiError extends Error {
  override name = 'PriceApiError';
  constructor(
    readonly kind: PriceApiErrorKind,
    message: string,
    /** HTTP status for kind "http". */
    readonly status?: number,
    /** Seconds the server asked us to wait (Retry-After on 429/503). */
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface FetchedPrice {
  price: Decimal;
  /** When the provider last updated the figure (last_updated_at), else when we received it. */
  asOf: Date;
}

export interface SimplePriceResult {
  prices: Map<string, FetchedPrice>;
  /** One entry per failed batch or rejected field; the other batches still count. */
  errors: PriceApiError[];
  /** Requests made and requests that failed as a whole (HTTP error, timeout, unreadable body). */
  batches: number;
  failedBatches: number;
}

/** Fetches USD prices for `ids`, batch by batch, sequentially (free tiers rate-limit by calls per minute). */
export async function fetchSimplePrices(
  ids: readonly string[],
  options: CoinGeckoClientOptions,
  receivedAt: () => number = Date.now,
): Promise<SimplePriceResult> {
  const batchSize = Math.max(1, options.batchSize ?? COINGECKO_DEFAULTS.batchSize);
  const unique = [...new Set(ids.filter((id) => id.length > 0))].sort();
  const prices = new Map<string, FetchedPrice>();
  const errors: PriceApiError[] = [];
  let batches = 0;
  let failedBatches = 0;
  for (let i = 0; i < unique.length; i += batchSize) {
    const batch = unique.slice(i, i + batchSize);
    batches++;
    try {
      const body = await getJson(simplePriceUrl(options.baseUrl, batch), options);
      parseSimplePrice(body, batch, receivedAt(), prices, errors);
    } catch (err) {
      const e =
        err instanceof PriceApiError
          ? err
          : new PriceApiError('network', String(err), undefined, undefined, { cause: err });
      errors.push(e);
      failedBatches++;
      // The server asked us to slow down: the remaining batches would be refused too.
      if (e.status === 429) break;
    }
  }
  return { prices, errors, batches, failedBatches };
}

export function simplePriceUrl(baseUrl: string, ids: readonly string[]): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/simple/price`);
  url.searchParams.set('ids', ids.join(','));
  url.searchParams.set('vs_currencies', 'usd');
  url.searchParams.set('include_last_updated_at', 'true');
  return url.toString();
}

/**
 * Reads `{"<id>": {"usd": n, "last_updated_at": s}}` into `out`, keeping only the ids asked for. A provider clock
 * ahead of ours is clamped to `receivedAt` so a price can never look fresher than its arrival. Throws PriceApiError
 * when the body as a whole is not of that shape; a bad entry is reported in `errors` and skipped.
 */
function parseSimplePrice(
  body: unknown,
  asked: readonly string[],
  receivedAt: number,
  out: Map<string, FetchedPrice>,
  errors: PriceApiError[],
): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PriceApiError('garbage', 'simple/price: body is not a JSON object');
  }
  const record = body as Record<string, unknown>;
  for (const id of asked) {
    if (!Object.hasOwn(record, id)) continue; // unknown ids are simply absent from CoinGecko's answer
    const entry = record[id];
    if (typeof entry !== 'object' || entry === null) {
      errors.push(new PriceApiError('garbage', `simple/price: entry for "${id}" is not an object`));
      continue;
    }
    const { usd, last_updated_at: updated } = entry as { usd?: unknown; last_updated_at?: unknown };
    if (usd === undefined) continue; // listed but without a USD quote
    const price =
      typeof usd === 'number'
        ? Decimal.fromJsonNumber(usd)
        : typeof usd === 'string'
          ? Decimal.tryParse(usd)
          : undefined;
    if (!price || price.sign() <= 0) {
      errors.push(new PriceApiError('garbage', `simple/price: usd price of "${id}" is not a positive number`));
      continue;
    }
    let asOf = receivedAt;
    if (typeof updated === 'number' && Number.isFinite(updated) && updated > 0)
      asOf = Math.min(receivedAt, updated * 1000);
    out.set(id, { price, asOf: new Date(asOf) });
  }
}

async function getJson(url: string, options: CoinGeckoClientOptions): Promise<unknown> {
  // Counted and timed per host on /metrics.
  const doFetch = observedFetch({ upstream: 'price_api', target: hostOf(url) }, options.fetch ?? fetch);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers[options.apiKeyHeader ?? COINGECKO_DEFAULTS.apiKeyHeader] = options.apiKey;
  const timeoutMs = options.timeoutMs ?? COINGECKO_DEFAULTS.timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await doFetch(url, { headers, signal, redirect: 'error' });
    text = await readCapped(res, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof PriceApiError) throw err;
    if (signal.aborted)
      throw new PriceApiError('timeout', `simple/price: no answer within ${timeoutMs} ms`, undefined, undefined, {
        cause: err,
      });
    throw new PriceApiError('network', `simple/price: ${(err as Error).message ?? String(err)}`, undefined, undefined, {
      cause: err,
    });
  }
  if (!res.ok) {
    const retry = Number(res.headers.get('retry-after'));
    throw new PriceApiError(
      'http',
      `simple/price: HTTP ${res.status}`,
      res.status,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new PriceApiError('garbage', 'simple/price: body is not JSON', undefined, undefined, { cause: err });
  }
}

/** The body as text, refusing (and cancelling) anything larger than `limit` bytes. */
async function readCapped(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PriceApiError('garbage', `simple/price: body larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
