/**
 * Ranked route shapes, cached per (source, destination, order of magnitude of the amount, options) with a short TTL,
 * as Osmosis SQS keys its route cache. A hit skips enumeration and path search; the cached shapes are re-simulated
 * with the exact amount, so a quote is never stale with respect to the pools. Entries belong to one market version:
 * a new snapshot empties the cache.
 */
import type { MarketView } from './market.js';
import type { RouteShape, ShapeCache } from './engine.js';
import type { RouteQuery } from './types.js';

export interface RouteCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Injected clock (tests); Date.now by default. */
  now?: () => number;
}

/** Decimal digits of the amount: routes for 1 ATOM and 9 ATOM share an entry, 10 ATOM gets its own. */
export function magnitude(amount: bigint): number {
  return amount.toString().length;
}

export function cacheKey(q: RouteQuery): string {
  return [
    q.source.wire.chain_id,
    q.source.wire.denom,
    q.dest.wire.chain_id,
    q.dest.wire.denom,
    q.amount.kind,
    magnitude(q.amount.value),
    +q.allowMultiTx,
    +q.allowSwaps,
    +q.splitRoutes,
    q.bridges ? [...q.bridges].sort().join('+') : '*',
    q.swapVenues ? q.swapVenues.map((v) => `${v.name}@${v.chain_id}`).sort().join('+') : '*',
    q.cumulativeAffiliateFeeBps,
  ].join('\u0000');
}

export class RouteCache implements ShapeCache {
  private readonly entries = new Map<string, { shapes: readonly RouteShape[]; expires: number }>();
  private version = -1;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: RouteCacheOptions) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private sync(market: MarketView): void {
    if (market.version !== this.version) {
      this.entries.clear();
      this.version = market.version;
    }
  }

  get(market: MarketView, q: RouteQuery): readonly RouteShape[] | undefined {
    this.sync(market);
    const key = cacheKey(q);
    const e = this.entries.get(key);
    if (!e || e.expires <= this.now()) {
      if (e) this.entries.delete(key);
      this.misses++;
      return undefined;
    }
    // Refresh recency (a Map iterates in insertion order: the first key is the least recently used).
    this.entries.delete(key);
    this.entries.set(key, e);
    this.hits++;
    return e.shapes;
  }

  set(market: MarketView, q: RouteQuery, shapes: readonly RouteShape[]): void {
    this.sync(market);
    if (this.opts.ttlMs <= 0) return;
    this.entries.set(cacheKey(q), { shapes, expires: this.now() + this.opts.ttlMs });
    while (this.entries.size > this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
