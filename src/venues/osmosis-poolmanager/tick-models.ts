/**
 * Tick models of Osmosis concentrated-liquidity pools, kept from one poll to the next.
 *
 * A pool's model (liquidity per tick range) changes only when a position is created, changed or withdrawn, and each
 * of those sets the pool's `last_liquidity_update` (x/concentrated-liquidity: position updates sync the pool's
 * uptime accumulators, which stamp it; swaps that sync them stamp it too, so the stamp moves at least as often as
 * the model). A model fetched while the pool carried one stamp therefore stays exact until the stamp changes, and a
 * poll only fetches the pools whose model is missing or out of date.
 *
 * Per poll: every pool above the liquidity floor that needs a model is fetched, most liquid first, `concurrency`
 * requests at a time, and no request starts after `budgetMs`, so the work per poll scales with the number of
 * changed pools and the endpoint's speed, never with a fixed count. Pools left without a current model are
 * "waiting": they are quoted within their active bucket meanwhile (exact but shallow) and reported by /health.
 */
import pLimit from 'p-limit';

export interface TickModelOptions {
  /** Pools whose liquidity (SQS liquidity_cap, USD) is below this get no model. 0 = every pool. */
  minLiquidityUsd: number;
  /** Tick requests in flight at once. */
  concurrency: number;
  /** No tick request starts later than this after the poll's first one. */
  budgetMs: number;
}

export const TICK_MODEL_DEFAULTS: TickModelOptions = { minLiquidityUsd: 0, concurrency: 16, budgetMs: 15_000 };

/** A concentrated pool of the current poll. */
export interface ClPoolRef {
  id: string;
  /** last_liquidity_update as the source gave it; undefined when the source does not say (always refetched). */
  stamp: string | undefined;
  liquidityUsd: number;
}

interface Entry {
  stamp: string | undefined;
  model: unknown;
  /** The refresh that fetched it (a model without a stamp is current only for that poll). */
  round: number;
}

export class TickModelCache {
  private models = new Map<string, Entry>();
  private round = 0;

  constructor(private readonly opts: TickModelOptions = TICK_MODEL_DEFAULTS) {}

  /** Whether the pool is above the floor (below it, the active bucket is all it is quoted on, by choice). */
  wanted(pool: ClPoolRef): boolean {
    return pool.liquidityUsd >= this.opts.minLiquidityUsd;
  }

  /** The model fetched for this pool's current stamp, if any. */
  current(pool: ClPoolRef): unknown {
    const e = this.models.get(pool.id);
    if (!e) return undefined;
    const fresh = pool.stamp === undefined ? e.round === this.round : e.stamp === pool.stamp;
    return fresh ? e.model : undefined;
  }

  /**
   * Fetches the models this poll needs (above the floor, missing or out of date), within the budget. Forgets pools
   * no longer listed. Returns the ids of wanted pools still without a current model, most liquid first.
   */
  async refresh(
    pools: readonly ClPoolRef[],
    fetch: (id: string) => Promise<unknown>,
    signal: AbortSignal,
    onError: (id: string, err: unknown) => void,
  ): Promise<string[]> {
    this.round++;
    const listed = new Set(pools.map((p) => p.id));
    for (const id of this.models.keys()) if (!listed.has(id)) this.models.delete(id);
    const todo = pools
      .filter((p) => this.wanted(p) && this.current(p) === undefined)
      .sort((a, b) => b.liquidityUsd - a.liquidityUsd);
    const deadline = performance.now() + this.opts.budgetMs;
    // In order (most liquid first), `concurrency` at a time; none starts once the budget is spent.
    await pLimit(Math.max(1, this.opts.concurrency)).map(todo, async (pool) => {
      if (performance.now() >= deadline || signal.aborted) return;
      try {
        const model = await fetch(pool.id);
        this.models.set(pool.id, { stamp: pool.stamp, model, round: this.round });
      } catch (err) {
        if (signal.aborted) throw err;
        onError(pool.id, err);
      }
    });
    return todo.filter((p) => this.current(p) === undefined).map((p) => p.id);
  }
}
