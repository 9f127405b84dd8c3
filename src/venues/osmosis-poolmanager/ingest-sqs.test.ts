/**
 * SQS ingest at scale: a synthetic market of real osmosis-1 denoms served in the SQS shapes from a local HTTP server
 * (test-helpers/synthetic-osmosis.ts). Every concentrated pool above the floor gets its tick model, each model is
 * fetched once per change of the pool's last_liquidity_update, unchanged items reuse their pool objects, and pools
 * left without a model are listed as waiting.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRegistry } from '../../test-helpers/registry.js';
import { type FakeEndpoint, startFakeEndpoint } from '../test-helpers/fake-endpoint.js';
import { ATOM, OSMO, SyntheticOsmosis, USDC, osmosisTokens } from '../test-helpers/synthetic-osmosis.js';
import type { Pool } from '../types.js';
import type { ConcentratedPool } from './concentrated.js';
import { sqsFetcher, type SqsIngestOptions } from './ingest-sqs.js';
import { TakerFees } from './taker-fee.js';

/** How long a test may take before it reports failure: worker threads start slowly under tsx on a busy machine. */
const PATIENCE_MS = 240_000;
vi.setConfig({ testTimeout: PATIENCE_MS });

const endpoints: FakeEndpoint[] = [];
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()));
});

const tokens = osmosisTokens(testRegistry());

async function serve(market: SyntheticOsmosis, failTicks = new Set<string>()): Promise<FakeEndpoint> {
  const e = await startFakeEndpoint((path) => {
    if (path === '/pools') return market.poolsBody();
    const id = /^\/pools\/ticks\/(\d+)$/.exec(path)?.[1];
    if (id === undefined) return undefined;
    if (failTicks.has(id)) throw new Error('tick store unavailable');
    return market.ticksBody(id);
  });
  endpoints.push(e);
  return e;
}

const tickRequests = (e: FakeEndpoint) => e.requests.filter((r) => r.startsWith('/pools/ticks/'));
const poll = (fetch: ReturnType<typeof sqsFetcher>) => fetch(new AbortController().signal);
/**
 * The poll's time budget for tick models and the per-request timeout are wall-clock limits of production; here they
 * are unlimited (the test that spends the budget sets it to 0), so that a machine busy with other tests changes how
 * long a poll takes, never what it reads.
 */
const fetcher = (e: FakeEndpoint, extra: Partial<SqsIngestOptions> = {}) =>
  sqsFetcher({
    baseUrl: e.url,
    takerFees: TakerFees.none(),
    tickBudgetMs: Number.POSITIVE_INFINITY,
    timeoutMs: PATIENCE_MS,
    ...extra,
  });
const cl = (pools: readonly Pool[]) => pools.filter((p): p is ConcentratedPool => p.kind === 'concentrated');

describe('SQS ingest of a large market', () => {
  it.each([
    { reading: 'in this thread', inWorker: false },
    { reading: 'in a worker thread', inWorker: true },
  ])(
    'gives every concentrated pool its tick model, then refetches only the pools whose liquidity changed (reading $reading)',
    async ({ inWorker }) => {
      const market = new SyntheticOsmosis({ pools: 600, tokens, hubs: [OSMO, USDC, ATOM] });
      const e = await serve(market);
      const fetch = fetcher(e, { inWorker });

      const first = await poll(fetch);
      expect(first.pools).toHaveLength(600);
      const clIds = market.concentratedIds();
      expect(clIds.length).toBeGreaterThan(200); // more than the 200 tick requests a poll used to be limited to
      expect(cl(first.pools).every((p) => p.hasTickModel)).toBe(true);
      expect(first.waiting).toEqual([]);
      expect(new Set(tickRequests(e))).toEqual(new Set(clIds.map((id) => `/pools/ticks/${id}`)));

      // Nothing changed: no tick request, and every pool is the very same object (the market view keeps its caches).
      e.requests.length = 0;
      const same = await poll(fetch);
      expect(tickRequests(e)).toEqual([]);
      expect(same.pools.every((p, i) => p === first.pools[i])).toBe(true);

      // A block range of activity: only pools whose item changed are rebuilt, only stamps that moved are refetched.
      const stampsBefore = stamps(market);
      market.advance(0.1);
      e.requests.length = 0;
      const moved = await poll(fetch);
      const refetched = new Set(tickRequests(e).map((r) => r.slice('/pools/ticks/'.length)));
      const stampsAfter = stamps(market);
      const restamped = [...stampsBefore].filter(([id, stamp]) => stampsAfter.get(id) !== stamp).map(([id]) => id);
      expect(restamped.length).toBeGreaterThan(0);
      expect(refetched).toEqual(new Set(restamped));
      const byId = new Map(same.pools.map((p) => [p.id, p]));
      const reused = moved.pools.filter((p) => byId.get(p.id) === p).length;
      expect(reused).toBeGreaterThan(400); // about 10 % of the pools traded
      expect(reused).toBeLessThan(600);
      expect(cl(moved.pools).every((p) => p.hasTickModel)).toBe(true);
    },
  );

  it('quotes a pool across its buckets only with its model: a trade the active bucket cannot absorb', async () => {
    const market = new SyntheticOsmosis({ pools: 120, tokens, hubs: [OSMO, USDC, ATOM] });
    const e = await serve(market);
    const [withModel] = cl((await poll(fetcher(e))).pools);
    const [without] = cl((await poll(fetcher(e, { minTickLiquidityUsd: Number.MAX_VALUE }))).pools);
    expect(withModel!.id).toBe(without!.id);
    const [d0, d1] = withModel!.denoms as [string, string];
    const amount = withModel!.reserve(d0) / 20n; // 5 % of the pool: far beyond one tick-spacing bucket
    expect(withModel!.exactIn(d0, d1, amount)).toBeGreaterThan(0n);
    expect(without!.exactIn(d0, d1, amount)).toBeUndefined();
  });

  it('leaves pools below the liquidity floor without a model, and does not count them as waiting', async () => {
    const market = new SyntheticOsmosis({ pools: 300, tokens, hubs: [OSMO, USDC, ATOM] });
    const e = await serve(market);
    const floor = 100_000;
    const snap = await poll(fetcher(e, { minTickLiquidityUsd: floor }));
    const caps = new Map(
      (JSON.parse(market.poolsBody()) as { chain_model: { id: number }; liquidity_cap: string }[]).map((i) => [
        String(i.chain_model.id),
        Number(i.liquidity_cap),
      ]),
    );
    const pools = cl(snap.pools);
    expect(pools.some((p) => caps.get(p.id)! < floor) && pools.some((p) => caps.get(p.id)! >= floor)).toBe(true);
    for (const p of pools) expect(p.hasTickModel, p.id).toBe(caps.get(p.id)! >= floor);
    expect(snap.waiting).toEqual([]);
    expect(tickRequests(e)).toHaveLength(pools.filter((p) => caps.get(p.id)! >= floor).length);
  });

  it('lists pools whose model did not arrive (budget spent, request failed) as waiting, and fetches them next poll', async () => {
    const market = new SyntheticOsmosis({ pools: 200, tokens, hubs: [OSMO, USDC, ATOM] });
    const clIds = market.concentratedIds();
    const failing = new Set([clIds[0]!]);
    const e = await serve(market, failing);

    const noBudget = await poll(fetcher(e, { tickBudgetMs: 0 }));
    expect(new Set(noBudget.waiting)).toEqual(new Set(clIds));
    expect(cl(noBudget.pools).some((p) => p.hasTickModel)).toBe(false);

    const fetch = fetcher(e);
    const first = await poll(fetch);
    expect(first.waiting).toEqual([clIds[0]]);
    expect(first.skipped?.some((s) => s.startsWith(`${clIds[0]}: tick model unavailable`))).toBe(true);
    failing.clear();
    e.requests.length = 0;
    const second = await poll(fetch);
    expect(second.waiting).toEqual([]);
    expect(tickRequests(e)).toEqual([`/pools/ticks/${clIds[0]}`]);
    expect(cl(second.pools).find((p) => p.id === clIds[0])!.hasTickModel).toBe(true);
  });
});

describe('SQS reading in a worker thread', () => {
  it('builds the same pools as reading in this thread, poll after poll', async () => {
    const market = new SyntheticOsmosis({ pools: 300, tokens, hubs: [OSMO, USDC, ATOM] });
    const e = await serve(market);
    const here = fetcher(e);
    const there = fetcher(e, { inWorker: true });
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await poll(here), await poll(there)];
      expect(b.pools.map((p) => p.id)).toEqual(a.pools.map((p) => p.id));
      for (const [i, p] of a.pools.entries()) {
        const q = b.pools[i]!;
        const [d0, d1] = p.denoms as [string, string];
        const amount = p.reserve(d0) / 1000n + 1n;
        expect(q.exactIn(d0, d1, amount), p.id).toBe(p.exactIn(d0, d1, amount));
      }
      expect(cl(b.pools).map((p) => p.hasTickModel)).toEqual(cl(a.pools).map((p) => p.hasTickModel));
      expect(b.skipped).toEqual(a.skipped);
      market.advance(0.2);
    }
  });

  it('reports an endpoint failure as the in-thread reader does, then reads again once the endpoint is back', async () => {
    const market = new SyntheticOsmosis({ pools: 50, tokens, hubs: [OSMO, USDC, ATOM] });
    const e = await serve(market);
    const fetch = fetcher(e, { inWorker: true });
    e.mode = 'http-500';
    await expect(poll(fetch)).rejects.toMatchObject({ name: 'IngestError', status: 500, message: 'HTTP 500' });
    e.mode = 'ok';
    expect((await poll(fetch)).pools).toHaveLength(50);
  });

  it('rejects a read at once when the poller stops, and starts afresh on the next read', async () => {
    const market = new SyntheticOsmosis({ pools: 400, tokens, hubs: [OSMO, USDC, ATOM] });
    const e = await serve(market);
    const fetch = fetcher(e, { inWorker: true });
    const first = await poll(fetch);
    const stop = new AbortController();
    const reading = fetch(stop.signal);
    stop.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    e.requests.length = 0;
    const again = await poll(fetch);
    expect(again.pools.map((p) => p.id)).toEqual(first.pools.map((p) => p.id));
    // A fresh worker holds no tick models: it fetches them all again.
    expect(tickRequests(e)).toHaveLength(market.concentratedIds().length);
  });
});

/** last_liquidity_update of every CL pool, by id. */
function stamps(market: SyntheticOsmosis): Map<string, string> {
  const items = JSON.parse(market.poolsBody()) as {
    type: number;
    chain_model: { id: number; last_liquidity_update?: string };
  }[];
  return new Map(
    items.filter((i) => i.type === 2).map((i) => [String(i.chain_model.id), i.chain_model.last_liquidity_update!]),
  );
}
