/**
 * The market as the router reads it: one VenueIndex per venue snapshot, and the USD prices judged against those
 * same pools (pool-derived first, then the live API or the shipped snapshot). Built whenever a snapshot changes
 * (ingest swaps it in as a whole), never per request; a request holds on to the view it started with.
 */
import { composePriceSources, type PriceSource } from '../pricing/index.js';
import { derivePoolPricesSteps } from '../pricing/sources/pool-derived.js';
import { MemoPriceSource } from '../pricing/sources/memo.js';
import type { Registry } from '../registry/registry.js';
import type { Pool, VenueSnapshot } from '../venues/types.js';
import { runToEnd, type Steps } from '../slices.js';
import { VenueIndex } from './swap-index.js';
import type { VenueRef } from './types.js';

export interface MarketView {
  /**
   * Changes whenever a pool of the view changes (a poll that changed nothing keeps it); caches key on it. Larger
   * means newer.
   */
  readonly version: number;
  readonly venues: readonly VenueIndex[];
  readonly prices: PriceSource;
  /** When the oldest venue snapshot was taken (undefined without venues). */
  readonly oldestSnapshotAt: Date | undefined;
}

/** Price sources that do not come from the pools: the live API when configured, the shipped snapshot otherwise. */
export interface BasePrices {
  live?: PriceSource;
  snapshot?: PriceSource;
}

export interface VenueInput {
  venue: VenueRef;
  snapshot: VenueSnapshot;
  /** USDC on the venue chain: the $1 anchor of pool-derived prices. */
  usdcDenom?: string;
}

export function buildMarketView(
  registry: Registry,
  inputs: readonly VenueInput[],
  version: number,
  base: BasePrices = {},
  previous?: MarketView,
): MarketView {
  return runToEnd(marketViewSteps(registry, inputs, version, base, previous));
}

/**
 * The view as steps (slices.ts): live ingest runs it in slices, so a rebuild never holds the event loop for more than
 * a few milliseconds. With the `previous` view, a venue whose pools are all the same objects keeps its index (and the
 * candidate paths memoised in it), a changed venue's index takes over what its unchanged pools allow
 * (VenueIndex.build), and when no pool changed at all the previous view is kept whole under its version, so the
 * caches keyed on that version (route shapes, quote responses) stay warm.
 */
export function* marketViewSteps(
  registry: Registry,
  inputs: readonly VenueInput[],
  version: number,
  base: BasePrices = {},
  previous?: MarketView,
): Steps<MarketView> {
  const oldest = inputs.reduce<Date | undefined>(
    (o, v) => (!o || v.snapshot.takenAt < o ? v.snapshot.takenAt : o),
    undefined,
  );
  let changed = !previous || previous.venues.length !== inputs.length;
  const venues: VenueIndex[] = [];
  for (const { venue, snapshot } of inputs) {
    const before = previous?.venues.find((v) => v.venue.name === venue.name);
    if (before && samePools(before.snapshot.pools, snapshot.pools)) {
      venues.push(before);
      continue;
    }
    changed = true;
    venues.push(yield* VenueIndex.build(registry, venue, snapshot, before));
  }
  if (previous && !changed) return { ...previous, oldestSnapshotAt: oldest };
  const usdc: Record<string, string> = {};
  for (const v of inputs) if (v.usdcDenom) usdc[v.venue.chainId] = v.usdcDenom;
  // Every snapshot states its pools at one moment (live ingest; the shipped ones are re-priced to one price set by
  // scripts/reprice-offline-pools.ts), so the pools price each other and the routes through them consistently.
  const pools = inputs.length
    ? yield* derivePoolPricesSteps(
        inputs.map((v) => v.snapshot),
        usdc,
        registry,
      )
    : undefined;
  return {
    version,
    venues,
    // Pool and snapshot prices are fixed for this view; a live layer changes, so its answers are kept a second only.
    prices: new MemoPriceSource(
      composePriceSources({ ...(pools ? { pools } : {}), ...base }),
      base.live ? 1000 : Infinity,
    ),
    oldestSnapshotAt: oldest,
  };
}

function samePools(a: readonly Pool[], b: readonly Pool[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

export function emptyMarket(registry: Registry, base: BasePrices = {}): MarketView {
  return buildMarketView(registry, [], 0, base);
}
