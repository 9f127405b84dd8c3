/**
 * Live Osmosis state from an SQS deployment (osmosis-labs/sqs, e.g. https://sqs.osmosis.zone):
 *   GET /pools                → every pool: { chain_model, balances, type, spread_factor, liquidity_cap, ... }
 *   GET /pools/ticks/{id}     → a CL pool's buckets: { ticks: [{lower_tick, upper_tick, liquidity_amount}], ... }
 * Tick models are fetched for concentrated pools with a non-trivial liquidity cap (a mainnet poll would otherwise
 * issue a thousand requests); other CL pools keep the active-bucket model. A failed tick request degrades that one
 * pool the same way instead of failing the poll.
 */
import { parseJsonArrayChunked } from '../ingest/chunked-json.js';
import { fetchJson, fetchText, mapLimit, IngestError } from '../ingest/http.js';
import type { SnapshotFetcher } from '../ingest/poller.js';
import { PoolType, type PoolRecord, recordFromSqs, recordId } from './parse.js';
import { buildSnapshotChunked } from './snapshot.js';
import type { TakerFees } from './taker-fee.js';

export interface SqsIngestOptions {
  /** SQS base URL, e.g. https://sqs.osmosis.zone */
  baseUrl: string;
  takerFees: TakerFees;
  /** Only CL pools whose liquidity_cap (USD) reaches this get a tick model (default 1000). */
  minTickLiquidityCap?: number;
  /** At most this many tick requests per poll, largest pools first (default 200). */
  maxTickRequests?: number;
  /** Parallel tick requests (default 4). */
  concurrency?: number;
  timeoutMs?: number;
  now?: () => Date;
}

export function sqsFetcher(opts: SqsIngestOptions): SnapshotFetcher {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return async (signal) => {
    const takenAt = (opts.now ?? (() => new Date()))();
    const text = await fetchText(`${base}/pools`, { signal, timeoutMs: opts.timeoutMs });
    let items: unknown[];
    try {
      items = await parseJsonArrayChunked(text);
    } catch (err) {
      throw new IngestError(`pools response is not a JSON array: ${(err as Error).message}`, `${base}/pools`, undefined, { cause: err });
    }
    const records: PoolRecord[] = [];
    const skipped: string[] = [];
    items.forEach((item, i) => {
      try {
        records.push({ ...recordFromSqs(item, `pools[${i}]`), takenAt: undefined });
      } catch (err) {
        skipped.push(`pools[${i}]: ${(err as Error).message}`);
      }
    });
    // Tick models for the most liquid CL pools.
    const minCap = opts.minTickLiquidityCap ?? 1000;
    const cl = records
      .filter((r) => r.type === PoolType.Concentrated)
      .map((r) => ({ r, cap: Number.isFinite(r.liquidityCap) ? (r.liquidityCap as number) : 0 }))
      .filter((x) => x.cap >= minCap)
      .sort((a, b) => b.cap - a.cap)
      .slice(0, opts.maxTickRequests ?? 200);
    await mapLimit(cl, opts.concurrency ?? 4, async ({ r }) => {
      try {
        r.tickModel = await fetchJson(`${base}/pools/ticks/${recordId(r)}`, { signal, timeoutMs: opts.timeoutMs });
      } catch (err) {
        if (signal.aborted) throw err;
        skipped.push(`${recordId(r)}: tick model unavailable (${(err as Error).message}); quoting the active bucket only`);
      }
    });
    const snap = await buildSnapshotChunked(records, { takerFees: opts.takerFees, takenAt, source: `${base}/pools` });
    return { ...snap, skipped: [...skipped, ...(snap.skipped ?? [])] };
  };
}
