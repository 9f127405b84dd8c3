/**
 * Identical quote requests in quick succession (a wallet re-quoting every second, many users asking the same amount)
 * share one computed answer for `ttlMs`, within one market version. The answer is a pure function of the request,
 * the market and the prices, and the price layer itself only refreshes live figures every second, so within the TTL
 * a recomputation would return the same bytes.
 *
 * Keys are canonical digests of the validated request (routing/route-cache.ts `responseKey`), never the request
 * text: unknown fields, padding or field order cannot grow an entry or split one request into many. A BoundedCache:
 * bounded in bytes (the serialised answers) as well as in entries, expired entries dropped by a periodic sweep, not
 * only when looked up again.
 */
import { BoundedCache } from '../bounded-cache.js';

export interface CachedResponse<Extra> {
  json: string;
  extra: Extra;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  /** Bound on the cached answers' size; default 32 MiB. */
  maxBytes?: number;
  maxEntries?: number;
  /** Injected clock (tests); performance.now by default. */
  now?: () => number;
}

const DEFAULT_RESPONSE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export class ResponseCache<Extra> extends BoundedCache<CachedResponse<Extra>> {
  constructor(opts: ResponseCacheOptions) {
    super({
      ttlMs: opts.ttlMs,
      maxEntries: opts.maxEntries ?? 10_000,
      maxBytes: opts.maxBytes ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES,
      // JSON answers are ASCII: one byte per character, plus the key and the entry's own objects.
      sizeOf: (value, key) => value.json.length + key.length + 160,
      ...(opts.now ? { now: opts.now } : {}),
    });
  }
}
