/** Swap venues listed by /v2/fungible/venues, from data/venues.json (read once). */
import { readDataFile, type VenuesFile } from '../registry/data-files.js';
import type { Static } from '@sinclair/typebox';
import type { SwapVenue } from '../wire/common.js';

export type Venue = Static<typeof SwapVenue>;

let file: VenuesFile | undefined;
const venuesFile = () => (file ??= readDataFile<VenuesFile>('venues.json'));

export function loadVenueCatalog(): Venue[] {
  return venuesFile().venues.map((v) => ({ name: v.name, chain_id: v.chain_id, logo_uri: v.logo_uri }));
}

/** USDC on each venue chain: the $1 anchor of pool-derived prices. */
export function usdcDenomOf(venue: string): string | undefined {
  return venuesFile().venues.find((v) => v.name === venue)?.usdc_denom;
}
