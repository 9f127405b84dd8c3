/** The shipped Astroport snapshot (data/pools/neutron-1.json). */
import { readDataFile } from '../../registry/data-files.js';
import { parseAmount } from '../math/fixed.js';
import { ShapeError, arr, at, int, obj, str } from '../json.js';
import type { Pool, VenueSnapshot } from '../types.js';
import { ASTROPORT_VENUE } from './base.js';
import { type PairKind, buildPair, feeRate } from './parse.js';

export const NEUTRON_CHAIN_ID = 'neutron-1';
const OFFLINE_PAIRS_FILE = 'pools/neutron-1.json';

export function loadOfflineSnapshot(): VenueSnapshot {
  const file = obj(readDataFile<unknown>(OFFLINE_PAIRS_FILE), OFFLINE_PAIRS_FILE);
  // The moment the pairs were re-priced to (scripts/reprice-offline-pools.ts), or the recording date of an older file.
  const takenAt = new Date(str(file.as_of ?? file.recorded_at, 'as_of'));
  const pools: Pool[] = [];
  const skipped: string[] = [];
  arr(file.pairs, 'pairs').forEach((p, i) => {
    const path = `pairs[${i}]`;
    try {
      const o = obj(p, path);
      const kind = str(o.pair_type, `${path}.pair_type`) as PairKind;
      const pair = buildPair({
        address: str(o.address, `${path}.address`),
        kind,
        totalFeeRate: feeRate(o.total_fee_rate, `${path}.total_fee_rate`),
        amp: o.amp === undefined ? undefined : at(`${path}.amp`, () => parseAmount(o.amp)),
        assets: arr(o.assets, `${path}.assets`).map((a, j) => {
          const ao = obj(a, `${path}.assets[${j}]`);
          return {
            denom: str(ao.denom, `${path}.assets[${j}].denom`),
            amount: at(`${path}.assets[${j}].amount`, () => parseAmount(ao.amount)),
            decimals: ao.decimals === undefined ? undefined : int(ao.decimals, `${path}.assets[${j}].decimals`),
          };
        }),
      });
      if (pair) pools.push(pair);
    } catch (err) {
      if (!(err instanceof ShapeError)) throw err;
      skipped.push(err.message);
    }
  });
  return {
    venue: ASTROPORT_VENUE,
    chainId: NEUTRON_CHAIN_ID,
    pools: Object.freeze(pools),
    takenAt,
    source: `offline:data/${OFFLINE_PAIRS_FILE}`,
    skipped,
  };
}
