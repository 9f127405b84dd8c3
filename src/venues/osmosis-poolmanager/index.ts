/** The `osmosis-poolmanager` venue: Osmosis pools reached through x/poolmanager (Skip's swap venue on osmosis-1). */
import { loadVenueCatalog } from '../catalog.js';
import type { VenuePlugin } from '../types.js';
import { OSMOSIS_VENUE } from './base.js';
import { OSMOSIS_CHAIN_ID, loadOfflineSnapshot } from './snapshot.js';

export { OSMOSIS_VENUE } from './base.js';
export { loadOfflineSnapshot, loadTakerFees, OSMOSIS_CHAIN_ID } from './snapshot.js';
export { sqsFetcher, type SqsIngestOptions } from './ingest-sqs.js';
export { lcdFetcher, type LcdIngestOptions } from './ingest-lcd.js';
export { TakerFees, DEFAULT_TAKER_FEE } from './taker-fee.js';
export { BalancerPool } from './balancer.js';
export { StableswapPool } from './stableswap.js';
export { ConcentratedPool } from './concentrated.js';
export { TransmuterPool } from './transmuter.js';

export const osmosisPoolmanager: VenuePlugin = {
  name: OSMOSIS_VENUE,
  chainId: OSMOSIS_CHAIN_ID,
  get logoUri(): string {
    return loadVenueCatalog().find((v) => v.name === OSMOSIS_VENUE)?.logo_uri ?? '';
  },
  loadOfflineSnapshot: () => loadOfflineSnapshot(),
};
