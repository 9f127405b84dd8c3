/**
 * The network-and-JSON half of SQS ingest: fetches `/pools` and the tick models it needs, and turns the pool list
 * into records, remembering between polls which items did not change. It builds no pool object, so it can run in a
 * worker thread (sqs-worker.ts) as well as in the server's own thread; ingest-sqs.ts builds the pools from what it
 * answers.
 *
 * - a `/pools` item whose text is the same as last poll's, and whose pool was final then (its tick model, if wanted,
 *   was in), is answered as `{ reuse: id }`: the caller keeps last poll's pool object for it, which also tells the
 *   market view (and its caches) that the pool did not change;
 * - tick models are fetched for every CL pool above the liquidity floor whose model is missing or out of date
 *   (tick-models.ts) and attached to the records; a pool still waiting for its model is listed in `waiting`. A failed
 *   tick request degrades that one pool the same way instead of failing the poll.
 */
import { forEachJsonArrayElement } from '../ingest/chunked-json.js';
import { fetchJson, fetchText, IngestError } from '../ingest/http.js';
import { PoolType, type PoolRecord, recordFromSqs, recordId } from './parse.js';
import { TICK_MODEL_DEFAULTS, TickModelCache, type ClPoolRef } from './tick-models.js';

export interface SqsReaderOptions {
  /** SQS base URL, e.g. https://sqs.osmosis.zone */
  baseUrl: string;
  /** Only CL pools whose liquidity_cap (USD) reaches this get a tick model (default 0: every CL pool). */
  minTickLiquidityUsd?: number;
  /** Parallel tick requests (default 16). */
  concurrency?: number;
  /** No tick request starts later than this into a poll (default 15 s; live.ts passes half the poll interval). */
  tickBudgetMs?: number;
  timeoutMs?: number;
}

/** One `/pools` item, in SQS order: last poll's pool (by id), or a record to build (id undefined: unreadable id). */
export type ReadItem = { reuse: string } | { record: PoolRecord; id: string | undefined };

export interface SqsRead {
  items: ReadItem[];
  /** Items left out, and tick models that could not be fetched, with why. */
  skipped: string[];
  /** Wanted CL pools still without a current tick model, most liquid first. */
  waiting: string[];
}

/** What reads SQS for a poll: an SqsReader in this thread, or one in a worker thread (sqs-worker-client.ts). */
export interface SqsSource {
  read(signal: AbortSignal): Promise<SqsRead>;
  /** Forgets last poll's items (the caller could not use what was read): the next read answers every item afresh. */
  forget(): void;
}

export class SqsReader implements SqsSource {
  private readonly base: string;
  private readonly ticks: TickModelCache;
  /** Last poll's final items by their text. */
  private previous = new Map<string, { id: string; cl: ClPoolRef | undefined }>();

  constructor(private readonly opts: SqsReaderOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.ticks = new TickModelCache({
      minLiquidityUsd: opts.minTickLiquidityUsd ?? TICK_MODEL_DEFAULTS.minLiquidityUsd,
      concurrency: opts.concurrency ?? TICK_MODEL_DEFAULTS.concurrency,
      budgetMs: opts.tickBudgetMs ?? TICK_MODEL_DEFAULTS.budgetMs,
    });
  }

  forget(): void {
    this.previous = new Map();
  }

  async read(signal: AbortSignal): Promise<SqsRead> {
    const { base, opts, ticks } = this;
    const text = await fetchText(`${base}/pools`, { signal, timeoutMs: opts.timeoutMs });
    const items: {
      text: string;
      reused?: { id: string; cl: ClPoolRef | undefined };
      record?: PoolRecord;
      id?: string;
      cl?: ClPoolRef;
    }[] = [];
    const skipped: string[] = [];
    let index = 0;
    try {
      await forEachJsonArrayElement(text, (element) => {
        const path = `pools[${index++}]`;
        const reused = this.previous.get(element);
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
      throw new IngestError(
        `pools response is not a JSON array: ${(err as Error).message}`,
        `${base}/pools`,
        undefined,
        { cause: err },
      );
    }
    const clPools = items.flatMap((i) => i.reused?.cl ?? i.cl ?? []);
    const waiting = await ticks.refresh(
      clPools,
      (id) => fetchJson(`${base}/pools/ticks/${id}`, { signal, timeoutMs: opts.timeoutMs }),
      signal,
      (id, err) =>
        skipped.push(`${id}: tick model unavailable (${(err as Error).message}); quoting the active bucket only`),
    );
    signal.throwIfAborted(); // the poller is stopping: no half-read poll
    const stillWaiting = new Set(waiting);
    const next = new Map<string, { id: string; cl: ClPoolRef | undefined }>();
    const out: ReadItem[] = [];
    for (const i of items) {
      if (i.reused) {
        out.push({ reuse: i.reused.id });
        next.set(i.text, i.reused);
        continue;
      }
      const record = i.record!;
      if (i.cl && ticks.wanted(i.cl)) record.tickModel = ticks.current(i.cl);
      out.push({ record, id: i.id });
      // A CL pool is final once its model is in (or not wanted); without a stamp its model can never be trusted later.
      if (i.id !== undefined && (!i.cl || (i.cl.stamp !== undefined && !stillWaiting.has(i.cl.id))))
        next.set(i.text, { id: i.id, cl: i.cl });
    }
    this.previous = next;
    return { items: out, skipped, waiting };
  }
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
  return {
    id,
    stamp: typeof stamp === 'string' ? stamp : undefined,
    liquidityUsd: Number.isFinite(r.liquidityCap) ? (r.liquidityCap as number) : 0,
  };
}
