/** The `osmosis-poolmanager` venue: Osmosis pools reached through x/poolmanager (Skip's swap venue on osmosis-1). */
import { loadVenueCatalog } from '../catalog.js';
import type { VenuePlugin } from '../types.js';
import { OSMOSIS_VENUE } from './base.js';
import { OSMOSIS_CHAIN_ID, loadOfflineSnapshot } from './snapshot.js';

export { OSMOSIS_VENUE } from './base.js';
export { loadTakerFees } from './snapshot.js';
export { sqsFetcher } from './ingest-sqs.js';
export { lcdFetcher } from './ingest-lcd.js';
export const osmosisPoolmanager: VenuePlugin = {
  name: OSMOSIS_VENUE,
  chainId: OSMOSIS_CHAIN_ID,
  get logoUri(): string {
    return loadVenueCatalog().find((v) => v.name === OSMOSIS_VENUE)?.logo_uri ?? '';
  },
  loadOfflineSnapshot: () => loadOfflineSnapshot(),
};
