/**
 * Ranked route shapes, cached per (source, destination, order of magnitude of the amount, options) with a short TTL,
 * as Osmosis SQS keys its route cache. A hit skips enumeration and path search; the cached shapes are re-simulated
 * with the exact amount, so a quote is never stale with respect to the pools. An entry outlives a market rebuild
 * when the candidate paths of its swaps are still the ones the new view would search (VenueIndex.build takes them
 * over where no pool they depend on changed); otherwise it is dropped at its next lookup.
 */
import type { MarketView } from './market.js';
import type { RouteShape, ShapeCache } from './engine.js';
import type { Leg } from './search.js';
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
    // Lane eligibility (Go Fast lanes, relayed or unrelayed forms) changes the shapes.
    +q.smartRelay,
    +q.goFast,
    q.bridges ? [...q.bridges].sort().join('+') : '*',
    q.swapVenues ? q.swapVenues.map((v) => `${v.name}@${v.chain_id}`).sort().join('+') : '*',
    q.cumulativeAffiliateFeeBps,
  ].join('\u0000');
}

export class RouteCache implements ShapeCache {
  private readonly entries = new Map<string, { shapes: readonly RouteShape[]; expires: number; version: number }>();
  hits = 0;
  misses = 0;

  constructor(private readonly opts: RouteCacheOptions) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  get(market: MarketView, q: RouteQuery): readonly RouteShape[] | undefined {
    const key = cacheKey(q);
    const e = this.entries.get(key);
    if (e && e.version !== market.version) {
      // Cached under another view: usable only if its swaps' candidate paths are still current in this one.
      const shapes = market.version > e.version ? currentShapes(market, e.shapes) : undefined;
      if (shapes) Object.assign(e, { shapes, version: market.version });
      else {
        if (market.version > e.version) this.entries.delete(key);
        this.misses++;
        return undefined;
      }
    }
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
    if (this.opts.ttlMs <= 0) return;
    this.entries.set(cacheKey(q), { shapes, expires: this.now() + this.opts.ttlMs, version: market.version });
    while (this.entries.size > this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The shapes bound to `market`'s venue indexes, or undefined when a swap's candidate paths may have changed. */
function currentShapes(market: MarketView, shapes: readonly RouteShape[]): RouteShape[] | undefined {
  const out: RouteShape[] = [];
  for (const s of shapes) {
    const legs: Leg[] = [];
    for (const leg of s.legs) {
      if (leg.kind !== 'swap') {
        legs.push(leg); // transfers and bridge lanes depend on the registry only
        continue;
      }
      const venue = market.venues.find((v) => v.venue.name === leg.venue.venue.name);
      if (!venue?.hasCandidatePaths(leg.x, leg.y, leg.paths)) return undefined;
      legs.push(venue === leg.venue ? leg : { ...leg, venue });
    }
    out.push({ legs });
  }
  return out;
}
