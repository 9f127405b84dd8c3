/** The `neutron-astroport` venue: Astroport pairs on Neutron (pool id = pair contract address). */
import { loadVenueCatalog } from '../catalog.js';
import type { VenuePlugin } from '../types.js';
import { ASTROPORT_VENUE } from './base.js';
import { NEUTRON_CHAIN_ID, loadOfflineSnapshot } from './snapshot.js';

export { ASTROPORT_VENUE } from './base.js';
export { astroportFetcher } from './ingest.js';
export const neutronAstroport: VenuePlugin = {
  name: ASTROPORT_VENUE,
  chainId: NEUTRON_CHAIN_ID,
  get logoUri(): string {
    return loadVenueCatalog().find((v) => v.name === ASTROPORT_VENUE)?.logo_uri ?? '';
  },
  loadOfflineSnapshot: () => loadOfflineSnapshot(),
};
