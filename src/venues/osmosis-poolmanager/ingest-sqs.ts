/**
 * Live Osmosis state from an SQS deployment (osmosis-labs/sqs, e.g. https://sqs.osmosis.zone):
 *   GET /pools                → every pool: { chain_model, balances, type, spread_factor, liquidity_cap, ... }
 *   GET /pools/ticks/{id}     → a CL pool's buckets: { ticks: [{lower_tick, upper_tick, liquidity_amount}], ... }
 *
 * The fetcher keeps state between polls, so that a poll costs what changed rather than what exists:
 * - a `/pools` item whose text is the same as last poll's is not parsed again: its pool object is reused, which also
 *   tells the market view (and its caches) that this pool did not change;
 * - tick models are fetched for every CL pool above the liquidity floor whose model is missing or out of date
 *   (tick-models.ts); a pool still waiting for its model is quoted within its active bucket and listed in the
 *   snapshot's `waiting`. A failed tick request degrades that one pool the same way instead of failing the poll.
 */
import { forEachJsonArrayElement } from '../ingest/chunked-json.js';
import { fetchJson, fetchText, IngestError } from '../ingest/http.js';
import type { SnapshotFetcher } from '../ingest/poller.js';
import { forEachChunked } from '../ingest/yield.js';
import type { Pool } from '../types.js';
import { PoolType, type PoolRecord, recordFromSqs, recordId } from './parse.js';
import { buildSnapshotChunked } from './snapshot.js';
import type { TakerFees } from './taker-fee.js';
import { TICK_MODEL_DEFAULTS, TickModelCache, type ClPoolRef } from './tick-models.js';

export interface SqsIngestOptions {
  /** SQS base URL, e.g. https://sqs.osmosis.zone */
  baseUrl: string;
  takerFees: TakerFees;
  /** Only CL pools whose liquidity_cap (USD) reaches this get a tick model (default 0: every CL pool). */
  minTickLiquidityUsd?: number;
  /** Parallel tick requests (default 16). */
  concurrency?: number;
  /** No tick request starts later than this into a poll (default 15 s; live.ts passes half the poll interval). */
  tickBudgetMs?: number;
  timeoutMs?: number;
  now?: () => Date;
}

/** A pool built from one `/pools` item, kept for the next poll when it is final (its tick model, if wanted, is in). */
interface Built {
  pool: Pool;
  cl: ClPoolRef | undefined;
}

export function sqsFetcher(opts: SqsIngestOptions): SnapshotFetcher {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const ticks = new TickModelCache({
    minLiquidityUsd: opts.minTickLiquidityUsd ?? TICK_MODEL_DEFAULTS.minLiquidityUsd,
    concurrency: opts.concurrency ?? TICK_MODEL_DEFAULTS.concurrency,
    budgetMs: opts.tickBudgetMs ?? TICK_MODEL_DEFAULTS.budgetMs,
  });
  let previous = new Map<string, Built>();
  return async (signal) => {
    const takenAt = (opts.now ?? (() => new Date()))();
    const text = await fetchText(`${base}/pools`, { signal, timeoutMs: opts.timeoutMs });
    // Each item is either last poll's pool (same text) or a record to build.
    const items: { text: string; reused?: Built; record?: PoolRecord; id?: string; cl?: ClPoolRef }[] = [];
    const skipped: string[] = [];
    let index = 0;
    try {
      await forEachJsonArrayElement(text, (element) => {
        const path = `pools[${index++}]`;
        const reused = previous.get(element);
        if (reused) return void items.push({ text: element, reused });
        try {
          const record = { ...recordFromSqs(JSON.parse(element), path), takenAt: undefined };
          const id = idOf(record);
          const cl = record.type === PoolType.Concentrated && id !== undefined ? clRef(record, id) : undefined;
          items.push({ text: element, record, id, cl });
        } catch (err) {
          skipped.push(`${path}: ${(err as Error).message}`);
        }
      });
    } catch (err) {
      throw new IngestError(`pools response is not a JSON array: ${(err as Error).message}`, `${base}/pools`, undefined, { cause: err });
    }
    const clPools = items.flatMap((i) => i.reused?.cl ?? i.cl ?? []);
    const waiting = await ticks.refresh(
      clPools,
      (id) => fetchJson(`${base}/pools/ticks/${id}`, { signal, timeoutMs: opts.timeoutMs }),
      signal,
      (id, err) => skipped.push(`${id}: tick model unavailable (${(err as Error).message}); quoting the active bucket only`),
    );
    signal.throwIfAborted(); // the poller is stopping: no half-fetched snapshot
    const toBuild = items.filter((i) => i.record);
    for (const i of toBuild) if (i.cl && ticks.wanted(i.cl)) i.record!.tickModel = ticks.current(i.cl);
    const snap = await buildSnapshotChunked(
      toBuild.map((i) => i.record!),
      { takerFees: opts.takerFees, takenAt, source: `${base}/pools` },
    );
    // Pools in the order SQS listed them: reused objects where the item did not change, new ones elsewhere.
    const fresh = new Map(snap.pools.map((p) => [p.id, p]));
    const pools: Pool[] = [];
    const next = new Map<string, Built>();
    const stillWaiting = new Set(waiting);
    await forEachChunked(items, (i) => {
      const pool = i.reused?.pool ?? (i.id === undefined ? undefined : fresh.get(i.id));
      if (!pool) return;
      pools.push(pool);
      // A CL pool is final once its model is in (or not wanted); without a stamp its model can never be trusted later.
      const cl = i.reused?.cl ?? i.cl;
      if (!cl || (cl.stamp !== undefined && !stillWaiting.has(cl.id))) next.set(i.text, { pool, cl });
    });
    previous = next;
    return { ...snap, pools: Object.freeze(pools), skipped: [...skipped, ...(snap.skipped ?? [])], waiting };
  };
}

function idOf(r: PoolRecord): string | undefined {
  try {
    return recordId(r);
  } catch {
    return undefined; // the snapshot builder reports the record as skipped
  }
}

/** A CL record's tick-model key (its id and last_liquidity_update) and liquidity (SQS' liquidity_cap, USD). */
function clRef(r: PoolRecord, id: string): ClPoolRef {
  const stamp = r.chainModel.last_liquidity_update;
  return { id, stamp: typeof stamp === 'string' ? stamp : undefined, liquidityUsd: Number.isFinite(r.liquidityCap) ? (r.liquidityCap as number) : 0 };
}
