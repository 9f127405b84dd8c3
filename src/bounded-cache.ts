/**
 * The one cache shape Junction's quote caches share (route shapes, whole /route answers): entries live `ttlMs`, the
 * least recently used go first beyond a count and an estimated byte size, expired ones are dropped by a sweep as well
 * as on lookup, hits and misses are counted for /metrics, and every entry belongs to the market version it was
 * computed from. A TTL of zero or less turns the cache off: nothing is kept, every lookup is a miss.
 */
import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** Estimated bytes an entry holds, its key included. */
  sizeOf: (value: V, key: string) => number;
  /** Injected clock (tests); performance.now by default. */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  version: number;
}

export class BoundedCache<V> {
  private readonly entries: LRUCache<string, Entry<V>> | undefined;
  hits = 0;
  misses = 0;

  constructor(opts: BoundedCacheOptions<V>) {
    if (opts.ttlMs <= 0) return;
    this.entries = new LRUCache<string, Entry<V>>({
      max: Math.max(1, opts.maxEntries),
      maxSize: opts.maxBytes,
      sizeCalculation: (e, key) => opts.sizeOf(e.value, key),
      ttl: opts.ttlMs,
      ...(opts.now ? { perf: { now: opts.now }, ttlResolution: 0 } : {}),
    });
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /**
   * The value under `key` for market `version`. An entry of an older version is handed to `carryOver`, which returns
   * the value as it stands in this version (then kept under it; it must not be larger) or undefined (then dropped).
   * An entry of a newer version is a miss that stays, for the requests that read that version.
   */
  get(key: string, version: number, carryOver?: (value: V) => V | undefined): V | undefined {
    const e = this.entries?.get(key);
    if (e && e.version < version) {
      const carried = carryOver?.(e.value);
      if (carried === undefined) this.entries!.delete(key);
      else Object.assign(e, { value: carried, version });
    }
    if (e?.version !== version) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return e.value;
  }

  set(key: string, version: number, value: V): void {
    this.entries?.set(key, { value, version });
  }

  /** Drops expired entries now (called periodically, so that memory does not wait for lookups). */
  purgeStale(): void {
    this.entries?.purgeStale();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
