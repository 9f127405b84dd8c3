/**
 * The shipped Uniswap snapshots: data/pools/evm-<chain id>.json per chain that has recorded pool state. A chain with
 * no recorded state (none was found in public sources) has an empty offline snapshot, and serves pools only once live
 * ingest has read them.
 */
import { existsSync } from 'node:fs';
import { dataPath } from '../../paths.js';
import { readDataFile } from '../../registry/data-files.js';
import { ShapeError, arr, obj, str } from '../json.js';
import type { Pool, VenueSnapshot } from '../types.js';
import type { UniswapChain } from './chains.js';
import { buildPool } from './parse.js';

const offlinePoolsFile = (chainId: string) => `pools/evm-${chainId}.json`;

export function loadOfflineSnapshot(chain: UniswapChain): VenueSnapshot {
  const name = offlinePoolsFile(chain.chainId);
  const base = { venue: chain.venue, chainId: chain.chainId };
  if (!existsSync(dataPath(name)))
    return {
      ...base,
      pools: Object.freeze([]),
      takenAt: new Date(0),
      source: 'offline: no recorded pools',
      skipped: [],
    };
  const file = obj(readDataFile<unknown>(name), name);
  const pools: Pool[] = [];
  const skipped: string[] = [];
  const dates: number[] = [];
  arr(file.pools, 'pools').forEach((record, i) => {
    try {
      const rec = obj(record, `pools[${i}]`);
      // Re-priced files keep each pool's recording under `recorded`; a file without as_of dates from those.
      const at = rec.recorded_at ?? (rec.recorded as { at?: unknown } | undefined)?.at;
      if (typeof at === 'string') dates.push(Date.parse(at));
      pools.push(buildPool(chain, record, `pools[${i}]`));
    } catch (err) {
      if (!(err instanceof ShapeError) && !(err instanceof RangeError)) throw err;
      skipped.push(err.message);
    }
  });
  // The moment the pools were re-priced to, or (not re-priced) the oldest recording.
  const takenAt = typeof file.as_of === 'string' ? new Date(str(file.as_of, 'as_of')) : new Date(Math.min(...dates));
  return { ...base, pools: Object.freeze(pools), takenAt, source: `offline:data/${name}`, skipped };
}
