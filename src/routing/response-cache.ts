/**
 * Identical quote requests in quick succession (a wallet re-quoting every second, many users asking the same amount)
 * share one computed answer for `ttlMs`, within one market version. The answer is a pure function of the request,
 * the market and the prices, and the price layer itself only refreshes live figures every second, so within the TTL
 * a recomputation would return the same bytes.
 *
 * Keys are canonical digests of the validated request (routing/route-cache.ts `responseKey`), never the request
 * text: unknown fields, padding or field order cannot grow an entry or split one request into many. The cache is
 * bounded in bytes (the serialised answers) as well as in entries, and expired entries are dropped by a periodic
 * sweep, not only when looked up again.
 */
import { LRUCache } from 'lru-cache';

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

interface Entry<Extra> {
  value: CachedResponse<Extra>;
  version: number;
}

export class ResponseCache<Extra> {
  private readonly entries: LRUCache<string, Entry<Extra>> | undefined;
  hits = 0;
  misses = 0;

  constructor(opts: ResponseCacheOptions) {
    if (opts.ttlMs <= 0) return;
    this.entries = new LRUCache<string, Entry<Extra>>({
      max: opts.maxEntries ?? 10_000,
      maxSize: opts.maxBytes ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES,
      // JSON answers are ASCII: one byte per character, plus the key and the entry's own objects.
      sizeCalculation: (e, key) => e.value.json.length + key.length + 160,
      ttl: opts.ttlMs,
      ...(opts.now ? { perf: { now: opts.now }, ttlResolution: 0 } : {}),
    });
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  get(key: string, version: number): CachedResponse<Extra> | undefined {
    const e = this.entries?.get(key);
    if (e && e.version === version) {
      this.hits++;
      return e.value;
    }
    if (e) this.entries!.delete(key);
    this.misses++;
    return undefined;
  }

  set(key: string, version: number, value: CachedResponse<Extra>): void {
    this.entries?.set(key, { value, version });
  }

  /** Drops expired entries now. */
  purgeStale(): void {
    this.entries?.purgeStale();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** Bytes held (the answers, their keys and a fixed overhead each). */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
