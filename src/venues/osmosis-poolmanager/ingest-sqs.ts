/**
 * Live Osmosis state from an SQS deployment (osmosis-labs/sqs, e.g. https://sqs.osmosis.zone):
 *   GET /pools                → every pool: { chain_model, balances, type, spread_factor, liquidity_cap, ... }
 *   GET /pools/ticks/{id}     → a CL pool's buckets: { ticks: [{lower_tick, upper_tick, liquidity_amount}], ... }
 *
 * Reading (HTTP, JSON, which items changed, which tick models to fetch) is sqs-reader.ts, run in a worker thread when
 * `inWorker` is set (what the server does: at mainnet scale a poll reads tens of megabytes and hundreds of tick
 * models, work that would otherwise share the thread that answers requests); this module builds the pools of the
 * items that changed and keeps last poll's pool objects for the others, so a poll costs what changed.
 */
import type { SnapshotFetcher } from '../ingest/poller.js';
import { forEachChunked } from '../ingest/yield.js';
import type { Pool } from '../types.js';
import { SqsReader, type SqsRead, type SqsReaderOptions, type SqsSource } from './sqs-reader.js';
import { workerSqsSource } from './sqs-worker-client.js';
import { buildSnapshotChunked } from './snapshot.js';
import type { TakerFees } from './taker-fee.js';

export interface SqsIngestOptions extends SqsReaderOptions {
  takerFees: TakerFees;
  /** Read SQS in a worker thread (default false: in this thread). */
  inWorker?: boolean;
  now?: () => Date;
}

export function sqsFetcher(opts: SqsIngestOptions): SnapshotFetcher {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const reader: SqsSource = opts.inWorker ? workerSqsSource(opts) : new SqsReader(opts);
  /** Last poll's pools by id: what a `reuse` item of this poll stands for. */
  let previous = new Map<string, Pool>();
  return async (signal) => {
    const takenAt = (opts.now ?? (() => new Date()))();
    const read = await reader.read(signal);
    try {
      return await assemble(read, takenAt, signal);
    } catch (err) {
      reader.forget(); // the reader's `reuse` answers stand for pools this poll never kept
      throw err;
    }
  };

  async function assemble(read: SqsRead, takenAt: Date, signal: AbortSignal) {
    const records = read.items.flatMap((i) => ('record' in i ? [i.record] : []));
    const snap = await buildSnapshotChunked(records, { takerFees: opts.takerFees, takenAt, source: `${base}/pools` });
    // Pools in the order SQS listed them: last poll's objects where the item did not change, new ones elsewhere.
    const fresh = new Map(snap.pools.map((p) => [p.id, p]));
    const pools: Pool[] = [];
    const next = new Map<string, Pool>();
    const lost: string[] = [];
    await forEachChunked(read.items, (i) => {
      const pool = 'reuse' in i ? previous.get(i.reuse) : i.id === undefined ? undefined : fresh.get(i.id);
      if (!pool) {
        if ('reuse' in i) lost.push(`${i.reuse}: listed twice or unknown; left out`);
        return;
      }
      pools.push(pool);
      next.set(pool.id, pool);
    });
    signal.throwIfAborted();
    previous = next;
    return {
      ...snap,
      pools: Object.freeze(pools),
      skipped: [...read.skipped, ...lost, ...(snap.skipped ?? [])],
      waiting: read.waiting,
    };
  }
}
