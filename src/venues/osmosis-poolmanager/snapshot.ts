/**
 * Osmosis snapshots: the offline one shipped in data/pools/osmosis-1.json, and the builder the live ingests share.
 */
import { readDataFile } from '../../registry/data-files.js';
import { parseDec } from '../math/fixed.js';
import { ShapeError, arr, obj, str } from '../json.js';
import { forEachChunked } from '../ingest/yield.js';
import type { Pool, VenueSnapshot } from '../types.js';
import { OSMOSIS_VENUE } from './base.js';
import { type PoolRecord, buildPool, recordFromSqs, recordId } from './parse.js';
import { DEFAULT_TAKER_FEE, TakerFees } from './taker-fee.js';

export const OSMOSIS_CHAIN_ID = 'osmosis-1';
const OFFLINE_POOLS_FILE = 'pools/osmosis-1.json';
const TAKER_FEES_FILE = 'pools/osmosis-taker-fees.json';

/** The recorded taker-fee table (data/pools/osmosis-taker-fees.json). */
export function loadTakerFees(): TakerFees {
  const file = obj(readDataFile<unknown>(TAKER_FEES_FILE), TAKER_FEES_FILE);
  const pairs = new Map<string, bigint>();
  for (const [k, v] of Object.entries(obj(file.pairs, 'pairs'))) pairs.set(k, parseDec(str(v, k)));
  const def = typeof file.default === 'string' ? parseDec(file.default) : DEFAULT_TAKER_FEE;
  return new TakerFees(pairs, def);
}

/** Turns records into pools; a record that fails to parse is listed in `skipped`, never fatal. */
function buildAll(takerFees: TakerFees, pools: Pool[], skipped: string[]): (r: PoolRecord) => void {
  return (r: PoolRecord): void => {
    try {
      const pool = buildPool(r, { takerFees });
      if (pool) pools.push(pool);
    } catch (err) {
      if (!(err instanceof ShapeError)) throw err;
      let id = '?';
      try {
        id = recordId(r);
      } catch {
        /* keep '?' */
      }
      skipped.push(`${id}: ${err.message}`);
    }
  };
}

/** Builds a snapshot from records, yielding to the event loop between chunks (live ingest). */
export async function buildSnapshotChunked(
  records: readonly PoolRecord[],
  meta: { takerFees: TakerFees; takenAt: Date; source: string },
): Promise<VenueSnapshot> {
  const pools: Pool[] = [];
  const skipped: string[] = [];
  await forEachChunked(records, buildAll(meta.takerFees, pools, skipped));
  return {
    venue: OSMOSIS_VENUE,
    chainId: OSMOSIS_CHAIN_ID,
    pools: Object.freeze(pools),
    takenAt: meta.takenAt,
    source: meta.source,
    skipped,
  };
}

/**
 * The shipped snapshot. Its takenAt is the file's `as_of`, the moment its pools were re-priced to
 * (scripts/reprice-offline-pools.ts); a file without one falls back to its oldest pool record's date.
 */
export function loadOfflineSnapshot(takerFees: TakerFees = loadTakerFees()): VenueSnapshot {
  const file = obj(readDataFile<unknown>(OFFLINE_POOLS_FILE), OFFLINE_POOLS_FILE);
  const records = arr(file.pools, 'pools').map((p, i) => recordFromSqs(p, `pools[${i}]`));
  const pools: Pool[] = [];
  const skipped: string[] = [];
  records.forEach(buildAll(takerFees, pools, skipped));
  const dates = records.map((r) => r.takenAt?.getTime()).filter((t): t is number => t !== undefined);
  const takenAt =
    typeof file.as_of === 'string' ? new Date(file.as_of) : new Date(dates.length > 0 ? Math.min(...dates) : 0);
  return {
    venue: OSMOSIS_VENUE,
    chainId: OSMOSIS_CHAIN_ID,
    pools: Object.freeze(pools),
    takenAt,
    source: `offline:data/${OFFLINE_POOLS_FILE}`,
    skipped,
  };
}
