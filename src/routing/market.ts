/**
 * The market as the router reads it: one VenueIndex per venue snapshot, and the USD prices judged against those
 * same pools (pool-derived first, then the live API or the shipped snapshot). Built whenever a snapshot changes
 * (ingest swaps it in as a whole), never per request; a request holds on to the view it started with.
 */
import { composePriceSources, derivePoolPrices, type PriceSource } from '../pricing/index.js';
import { MemoPriceSource } from '../pricing/sources/memo.js';
import type { Registry } from '../registry/registry.js';
import type { VenueSnapshot } from '../venues/types.js';
import { VenueIndex } from './swap-index.js';
import type { VenueRef } from './types.js';

export interface MarketView {
  /** Increments with every rebuild; caches key on it. */
  readonly version: number;
  readonly venues: readonly VenueIndex[];
  readonly prices: PriceSource;
  /** When the oldest venue snapshot was taken (undefined without venues). */
  readonly oldestSnapshotAt: Date | undefined;
  /**
   * Venues whose pools were recorded at different moments (the shipped Osmosis snapshot gathers public recordings of
   * several dates). Their pools cannot price each other consistently, so they are kept out of pool-derived prices,
   * and a swap through them has its output valued at its own pools' spot price (see quote.ts).
   */
  readonly incoherentVenues: ReadonlySet<string>;
}

/** True when every pool of the snapshot was recorded at the snapshot's moment. */
export function isCoherent(snapshot: VenueSnapshot): boolean {
  return snapshot.pools.every((p) => p.takenAt === undefined || p.takenAt.getTime() === snapshot.takenAt.getTime());
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

export function buildMarketView(registry: Registry, inputs: readonly VenueInput[], version: number, base: BasePrices = {}): MarketView {
  const usdc: Record<string, string> = {};
  for (const v of inputs) if (v.usdcDenom) usdc[v.venue.chainId] = v.usdcDenom;
  const coherent = inputs.filter((v) => isCoherent(v.snapshot));
  const pools = coherent.length ? derivePoolPrices(coherent.map((v) => v.snapshot), usdc, registry) : undefined;
  const oldest = inputs.reduce<Date | undefined>((o, v) => (!o || v.snapshot.takenAt < o ? v.snapshot.takenAt : o), undefined);
  return {
    version,
    venues: inputs.map(({ venue, snapshot }) => new VenueIndex(registry, venue, snapshot)),
    // Pool and snapshot prices are fixed for this view; a live layer changes, so its answers are kept a second only.
    prices: new MemoPriceSource(composePriceSources({ ...(pools ? { pools } : {}), ...base }), base.live ? 1000 : Infinity),
    oldestSnapshotAt: oldest,
    incoherentVenues: new Set(inputs.filter((v) => !isCoherent(v.snapshot)).map((v) => v.venue.name)),
  };
}

export function emptyMarket(registry: Registry, base: BasePrices = {}): MarketView {
  return buildMarketView(registry, [], 0, base);
}
