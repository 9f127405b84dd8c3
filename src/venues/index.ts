/**
 * The swap venues Junction quotes, and their shared machinery. The integrator builds a MarketStore from the offline
 * snapshots, then (when configured) starts a VenuePoller per venue with that venue's live fetcher.
 */
import { MarketStore } from './market-store.js';
import { neutronAstroport } from './neutron-astroport/index.js';
import { osmosisPoolmanager } from './osmosis-poolmanager/index.js';
import type { VenuePlugin } from './types.js';
import { uniswapVenuePlugins } from './uniswap/index.js';

/**
 * Every venue the market holds. The EVM venues (Uniswap per EVM chain) are routed through only when a request sets
 * smart_swap_options.evm_swaps (routing/search.ts).
 */
export const VENUE_PLUGINS: readonly VenuePlugin[] = [osmosisPoolmanager, neutronAstroport, ...uniswapVenuePlugins()];

/** A store holding every venue's offline snapshot (the state served until live ingest succeeds). */
export function offlineMarket(plugins: readonly VenuePlugin[] = VENUE_PLUGINS): MarketStore {
  return new MarketStore(plugins.map((p) => p.loadOfflineSnapshot()));
}

export { MarketStore } from './market-store.js';
export { VenuePoller, type IngestStatus } from './ingest/poller.js';
export { createVenuePollers, type LiveIngestConfig } from './live.js';
export type { VenuePlugin } from './types.js';
