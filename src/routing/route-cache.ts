/**
 * Ranked route shapes, cached per (source, destination, order of magnitude of the amount, options) with a short TTL,
 * as Osmosis SQS keys its route cache. A hit skips enumeration and path search; the cached shapes are re-simulated
 * with the exact amount, so a quote is never stale with respect to the pools. An entry outlives a market rebuild
 * when the candidate paths of its swaps are still the ones the new view would search (VenueIndex.build takes them
 * over where no pool they depend on changed); otherwise it is dropped at its next lookup. Held in a BoundedCache.
 */
import { createHash } from 'node:crypto';
import { BoundedCache } from '../bounded-cache.js';
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

const DEFAULT_ROUTE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

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

/** Rough bytes of an entry: the key, the arrays and leg objects it holds (paths are shared with the venue index). */
function entryBytes(shapes: readonly RouteShape[]): number {
  let legs = 0;
  for (const s of shapes) legs += s.legs.length;
  return 200 + shapes.length * 64 + legs * 96;
}

export class RouteCache extends BoundedCache<readonly RouteShape[]> implements ShapeCache {
  constructor(opts: RouteCacheOptions) {
    super({
      ttlMs: opts.ttlMs,
      maxEntries: opts.maxEntries,
      maxBytes: opts.maxBytes ?? DEFAULT_ROUTE_CACHE_MAX_BYTES,
      sizeOf: entryBytes,
      ...(opts.now ? { now: opts.now } : {}),
    });
  }

  shapesFor(market: MarketView, q: RouteQuery): readonly RouteShape[] | undefined {
    // Cached under an older view: usable only if its swaps' candidate paths are still current in this one.
    return this.get(cacheKey(q), market.version, (shapes) => currentShapes(market, shapes));
  }

  keep(market: MarketView, q: RouteQuery, shapes: readonly RouteShape[]): void {
    this.set(cacheKey(q), market.version, shapes);
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
