/**
 * Live ingest against a local HTTP server answering the real response shapes (test-helpers/recorded-shapes.ts):
 * SQS and LCD for Osmosis, CosmWasm smart queries for Astroport; then the poller's behaviour when the endpoint
 * fails, returns garbage or goes stale: the store keeps serving the last good snapshot and reports its age.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MarketStore } from '../market-store.js';
import { VenuePoller } from './poller.js';
import { TakerFees } from '../osmosis-poolmanager/taker-fee.js';
import { sqsFetcher } from '../osmosis-poolmanager/ingest-sqs.js';
import { lcdFetcher } from '../osmosis-poolmanager/ingest-lcd.js';
import { astroportFetcher } from '../neutron-astroport/ingest.js';
import type { ConcentratedPool } from '../osmosis-poolmanager/concentrated.js';
import { type FakeEndpoint, fakeClock, startFakeEndpoint } from '../test-helpers/fake-endpoint.js';
import * as R from '../test-helpers/recorded-shapes.js';

const endpoints: FakeEndpoint[] = [];
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()));
});

async function sqsServer(): Promise<FakeEndpoint> {
  const e = await startFakeEndpoint((path) => {
    if (path === '/pools') return R.sqsPools();
    if (path === '/pools/ticks/1464') return R.sqsTicks1464;
    return undefined;
  });
  endpoints.push(e);
  return e;
}

async function lcdServer(): Promise<FakeEndpoint> {
  const e = await startFakeEndpoint((path, q) => {
    if (path === '/osmosis/poolmanager/v1beta1/all-pools') return R.lcdAllPools();
    if (path === '/osmosis/concentratedliquidity/v1beta1/liquidity_per_tick_range' && q.get('pool_id') === '1464')
      return R.lcdTickRange1464;
    if (path === `/cosmos/bank/v1beta1/balances/${R.goTransmuter1212.contract_address}`)
      return {
        balances: [
          { denom: R.USDC, amount: '1500000000000' },
          { denom: R.USDC_AXL, amount: '900000000000' },
        ],
        pagination: { next_key: null, total: '2' },
      };
    if (path === '/osmosis/poolmanager/v1beta1/Params') return R.lcdParams;
    return undefined;
  });
  endpoints.push(e);
  return e;
}

async function astroServer(): Promise<FakeEndpoint> {
  const e = await startFakeEndpoint((path) => {
    const m = /^\/cosmwasm\/wasm\/v1\/contract\/([a-z0-9]+)\/smart\/(.+)$/.exec(path);
    if (!m) return undefined;
    const query = JSON.parse(Buffer.from(decodeURIComponent(m[2] as string), 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    return R.astroportSmart(m[1] as string, query);
  });
  endpoints.push(e);
  return e;
}

describe('Osmosis SQS ingest', () => {
  it('builds every supported pool kind from /pools, with tick models from /pools/ticks', async () => {
    const e = await sqsServer();
    const clock = fakeClock();
    const snap = await sqsFetcher({ baseUrl: e.url, takerFees: TakerFees.none(), now: clock.date })(
      new AbortController().signal,
    );
    expect(snap.source).toBe(`${e.url}/pools`);
    expect(snap.takenAt.getTime()).toBe(clock.now());
    expect(snap.pools.map((p) => `${p.id}:${p.kind}`).sort()).toEqual([
      '1212:transmuter',
      '1464:concentrated',
      '1:balancer',
      '944:stableswap',
    ]);
    expect(snap.skipped?.some((s) => s.startsWith('broken: pool broken.pool_params'))).toBe(true);
    const cl = snap.pools.find((p) => p.id === '1464') as ConcentratedPool;
    expect(cl.hasTickModel).toBe(true);
    expect(cl.reserve(R.USDC)).toBe(2_500_000_000_000n); // SQS balances
    // 10,000 OSMO crosses out of the active bucket into the one below: only possible with the tick model.
    expect(cl.exactIn('uosmo', R.USDC, 10_000_000_000n)).toBeGreaterThan(3_000_000_000n);
    expect(e.requests).toContain('/pools/ticks/1464');
  });

  it('falls back to the active bucket when the tick request fails', async () => {
    const e = await startFakeEndpoint((path) => (path === '/pools' ? R.sqsPools() : undefined));
    endpoints.push(e);
    const snap = await sqsFetcher({ baseUrl: e.url, takerFees: TakerFees.none() })(new AbortController().signal);
    const cl = snap.pools.find((p) => p.id === '1464') as ConcentratedPool;
    expect(cl.hasTickModel).toBe(false);
    expect(snap.skipped?.some((s) => s.startsWith('1464: tick model unavailable'))).toBe(true);
  });
});

describe('Osmosis LCD ingest', () => {
  it('reads all-pools (proto-JSON), tick ranges, transmuter balances and the default taker fee', async () => {
    const e = await lcdServer();
    const snap = await lcdFetcher({ baseUrl: e.url, takerFees: TakerFees.none() })(new AbortController().signal);
    expect(snap.pools.map((p) => `${p.id}:${p.kind}`).sort()).toEqual([
      '1212:transmuter',
      '1464:concentrated',
      '1:balancer',
      '944:stableswap',
    ]);
    expect((snap.pools.find((p) => p.id === '1464') as ConcentratedPool).hasTickModel).toBe(true);
    const t = snap.pools.find((p) => p.id === '1212');
    // default taker fee from chain params: 0.15% of 1,000,000 stays with the protocol
    expect(t?.exactIn(R.USDC_AXL, R.USDC, 1_000_000n)).toBe(998_500n);
  });

  it('keeps only the configured pool ids', async () => {
    const e = await lcdServer();
    const snap = await lcdFetcher({ baseUrl: e.url, takerFees: TakerFees.none(), poolIds: ['1', '944'] })(
      new AbortController().signal,
    );
    expect(snap.pools.map((p) => p.id).sort()).toEqual(['1', '944']);
    expect(e.requests.some((r) => r.includes('liquidity_per_tick_range'))).toBe(false);
  });
});

describe('Astroport LCD ingest', () => {
  it('builds xyk and stable pairs from pair / pool / config smart queries and the factory fee', async () => {
    const e = await astroServer();
    const decimals = (d: string): number | undefined => ({ [R.N_USDC]: 6, [R.N_USDT]: 6 })[d];
    const fetcher = astroportFetcher({ lcdUrl: e.url, pairs: [R.NTRN_ATOM, R.USDC_USDT, 'neutron1unknown'], decimals });
    const snap = await fetcher(new AbortController().signal);
    expect(snap.pools.map((p) => `${p.kind}:${p.id}`).sort()).toEqual([
      `astroport-stable:${R.USDC_USDT}`,
      `astroport-xyk:${R.NTRN_ATOM}`,
    ]);
    expect(snap.skipped?.some((s) => s.startsWith('neutron1unknown'))).toBe(true);
    const xyk = snap.pools.find((p) => p.id === R.NTRN_ATOM);
    expect(xyk?.swapFee).toBe(3_000_000_000_000_000n);
    const stable = snap.pools.find((p) => p.id === R.USDC_USDT);
    expect(stable?.swapFee).toBe(500_000_000_000_000n);
    const out = stable?.exactIn(R.N_USDC, R.N_USDT, 1_000_000n) as bigint;
    expect(out > 990_000n && out < 1_000_000n).toBe(true);
    // pair info is immutable: asked once across polls
    await fetcher(new AbortController().signal);
    const pairQueries = e.requests.filter((r) =>
      r.endsWith(encodeURIComponent(Buffer.from('{"pair":{}}').toString('base64'))),
    );
    // once per known pair; the unknown one failed, so it is asked again on the next poll
    expect(pairQueries.length).toBe(4);
  });

  it('skips a stable pair whose decimals are unknown', async () => {
    const e = await astroServer();
    const snap = await astroportFetcher({ lcdUrl: e.url, pairs: [R.NTRN_ATOM, R.USDC_USDT] })(
      new AbortController().signal,
    );
    expect(snap.pools.map((p) => p.id)).toEqual([R.NTRN_ATOM]);
    expect(snap.skipped?.some((s) => s.includes('unknown decimals'))).toBe(true);
  });
});

describe('VenuePoller', () => {
  it('keeps the last good snapshot when the endpoint fails, returns garbage or nothing, and reports age and staleness', async () => {
    const e = await sqsServer();
    const clock = fakeClock();
    const store = new MarketStore();
    const errors: unknown[] = [];
    const poller = new VenuePoller({
      venue: 'osmosis-poolmanager',
      fetcher: sqsFetcher({ baseUrl: e.url, takerFees: TakerFees.none(), now: clock.date }),
      store,
      intervalMs: 10_000,
      now: clock.now,
      onError: (err) => errors.push(err),
    });
    expect(await poller.pollOnce()).toBe(true);
    const good = store.get('osmosis-poolmanager');
    expect(poller.status()).toMatchObject({ ageMs: 0, stale: false, consecutiveFailures: 0, pools: 4 });

    for (const mode of ['http-500', 'garbage', 'truncated', 'empty'] as const) {
      e.mode = mode;
      clock.advance(10_000);
      expect(await poller.pollOnce()).toBe(false);
      expect(store.get('osmosis-poolmanager')).toBe(good);
    }
    const s = poller.status();
    expect(s.consecutiveFailures).toBe(4);
    expect(s.ageMs).toBe(40_000);
    expect(s.stale).toBe(true); // older than three intervals
    expect(s.lastError).toMatch(/no usable pools/);
    expect(s.lastSuccessAt).toBe(new Date(clock.now() - 40_000).toISOString());
    expect(errors).toHaveLength(4);

    e.mode = 'ok';
    clock.advance(1_000);
    expect(await poller.pollOnce()).toBe(true);
    expect(store.get('osmosis-poolmanager')).not.toBe(good);
    expect(poller.status()).toMatchObject({ ageMs: 0, stale: false, consecutiveFailures: 0 });
  });

  it('polls on its interval, never overlaps, notifies listeners, and stops', async () => {
    const e = await sqsServer();
    const store = new MarketStore();
    const versions: number[] = [];
    store.onChange((c) => versions.push(c.version));
    let inFlight = 0;
    let maxInFlight = 0;
    const inner = sqsFetcher({ baseUrl: e.url, takerFees: TakerFees.none() });
    const poller = new VenuePoller({
      venue: 'osmosis-poolmanager',
      store,
      intervalMs: 20,
      fetcher: async (signal) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        try {
          return await inner(signal);
        } finally {
          inFlight--;
        }
      },
    });
    poller.start();
    await new Promise<void>((resolve) => {
      const off = store.onChange(() => {
        if (versions.length >= 3) {
          off();
          resolve();
        }
      });
    });
    await poller.stop();
    expect(versions.slice(0, 3)).toEqual([1, 2, 3]);
    expect(maxInFlight).toBe(1);
    expect(poller.status().running).toBe(false);
    const after = store.version;
    await new Promise((r) => setTimeout(r, 60));
    expect(store.version).toBe(after);
  });

  it('does not hold the event loop while parsing a large pool list', async () => {
    // 20,000 pools (≈ 10 MB): the order of a mainnet SQS /pools response.
    const base = R.sqsPools().slice(0, 2) as Record<string, unknown>[];
    const big = Array.from({ length: 20_000 }, (_, i) => {
      const item = structuredClone(base[i % 2]) as { chain_model: { id: number } };
      item.chain_model.id = 10_000 + i;
      return item;
    });
    const body = JSON.stringify(big); // serialized up front: the in-process server must not stall the loop itself
    const e = await startFakeEndpoint((path) => (path === '/pools' ? body : undefined));
    endpoints.push(e);
    let maxGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 1);
    const t0 = performance.now();
    const snap = await sqsFetcher({ baseUrl: e.url, takerFees: TakerFees.none() })(new AbortController().signal);
    const total = performance.now() - t0;
    clearInterval(ticker);
    expect(snap.pools.length).toBe(20_000);
    // The whole ingest takes far longer than any single pause in it.
    expect(maxGap).toBeLessThan(Math.max(60, total / 4));
  });
});

describe('createVenuePollers', () => {
  it('wires configured venues to the store that holds the offline snapshots', async () => {
    const { offlineMarket, createVenuePollers } = await import('../index.js');
    const sqs = await sqsServer();
    const astro = await astroServer();
    const store = offlineMarket();
    const offlineSource = store.get('neutron-astroport')?.source;
    const pollers = createVenuePollers(store, {
      osmosis: { mode: 'sqs', url: sqs.url, intervalMs: 60_000 },
      astroport: { lcdUrl: astro.url, intervalMs: 60_000 },
    });
    expect(pollers.map((p) => p.status().venue)).toEqual(['osmosis-poolmanager', 'neutron-astroport']);
    expect(await pollers[0]?.pollOnce()).toBe(true);
    expect(store.get('osmosis-poolmanager')?.source).toBe(`${sqs.url}/pools`);
    // Astroport follows the offline snapshot's pairs; the fake knows one of them (the others fail and are skipped).
    expect(await pollers[1]?.pollOnce()).toBe(true);
    const live = store.get('neutron-astroport');
    expect(live?.source).not.toBe(offlineSource);
    expect(live?.pools.map((p) => p.id)).toEqual([R.NTRN_ATOM]);
  });
});
