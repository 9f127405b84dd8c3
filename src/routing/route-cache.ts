/**
 * Ranked route shapes, cached per (source, destination, order of magnitude of the amount, options) with a short TTL,
 * as Osmosis SQS keys its route cache. A hit skips enumeration and path search; the cached shapes are re-simulated
 * with the exact amount, so a quote is never stale with respect to the pools. An entry outlives a market rebuild
 * when the candidate paths of its swaps are still the ones the new view would search (VenueIndex.build takes them
 * over where no pool they depend on changed); otherwise it is dropped at its next lookup.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { MarketView } from './market.js';
import type { RouteShape, ShapeCache } from './engine.js';
import type { Leg } from './search.js';
import type { RouteQuery } from './types.js';

export interface RouteCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Bound on the cache's memory (estimated per entry from its shapes); default 64 MiB. */
  maxBytes?: number;
  /** Injected clock (tests); performance.now by default. */
  now?: () => number;
}

export const DEFAULT_ROUTE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Decimal digits of the amount: routes for 1 ATOM and 9 ATOM share an entry, 10 ATOM gets its own. */
export function magnitude(amount: bigint): number {
  return amount.toString().length;
}

/**
 * The request fields a route depends on, in one canonical order (lists sorted and deduplicated), hashed: a key is
 * 43 characters whatever the caller sent, so no request can make a cache entry large, and two spellings of one
 * request (fields in another order, unknown fields, a venue listed twice) share it.
 */
function digest(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

function optionParts(q: RouteQuery): (string | number)[] {
  return [
    q.source.wire.chain_id,
    q.source.wire.denom,
    q.dest.wire.chain_id,
    q.dest.wire.denom,
    q.amount.kind,
    +q.allowMultiTx,
    +q.allowSwaps,
    +q.splitRoutes,
    // EVM swaps open routes through the EVM venues (search.ts).
    +q.evmSwaps,
    // Lane eligibility (Go Fast lanes, relayed or unrelayed forms) changes the shapes.
    +q.smartRelay,
    +q.goFast,
    q.bridges ? [...q.bridges].sort().join('+') : '*',
    q.swapVenues ? [...new Set(q.swapVenues.map((v) => `${v.name}@${v.chain_id}`))].sort().join('+') : '*',
    q.cumulativeAffiliateFeeBps,
  ];
}

/** Key of the ranked shapes: the options and the order of magnitude of the amount. */
export function cacheKey(q: RouteQuery): string {
  return digest([...optionParts(q), magnitude(q.amount.value)]);
}

/** Key of a whole /route answer: the options, the exact amount and whether unsafe routes are accepted. */
export function responseKey(q: RouteQuery): string {
  return digest([...optionParts(q), q.amount.value.toString(), +q.allowUnsafe, +(q.gasOnArrival ?? false)]);
}

interface Entry {
  shapes: readonly RouteShape[];
  version: number;
}

/** Rough bytes of an entry: the key, the arrays and leg objects it holds (paths are shared with the venue index). */
function entryBytes(e: Entry): number {
  let legs = 0;
  for (const s of e.shapes) legs += s.legs.length;
  return 200 + e.shapes.length * 64 + legs * 96;
}

export class RouteCache implements ShapeCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  hits = 0;
  misses = 0;

  constructor(opts: RouteCacheOptions) {
    if (opts.ttlMs <= 0) return;
    this.entries = new LRUCache<string, Entry>({
      max: Math.max(1, opts.maxEntries),
      maxSize: opts.maxBytes ?? DEFAULT_ROUTE_CACHE_MAX_BYTES,
      sizeCalculation: entryBytes,
      ttl: opts.ttlMs,
      ...(opts.now ? { perf: { now: opts.now }, ttlResolution: 0 } : {}),
    });
  }

  get(market: MarketView, q: RouteQuery): readonly RouteShape[] | undefined {
    if (!this.entries) {
      this.misses++;
      return undefined;
    }
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
    if (!e) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return e.shapes;
  }

  set(market: MarketView, q: RouteQuery, shapes: readonly RouteShape[]): void {
    this.entries?.set(cacheKey(q), { shapes, version: market.version });
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
