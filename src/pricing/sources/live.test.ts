import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeAssets } from '../test-helpers/fake-assets.js';
import { answerPrices, startPriceServer, type PriceServer } from '../test-helpers/price-server.js';
import { fetchSimplePrices, PriceApiError, simplePriceUrl } from './coingecko-client.js';
import { coingeckoIdsOf, LivePriceSource, nextRefreshDelay } from './live.js';

let server: PriceServer;
beforeAll(async () => {
  server = await startPriceServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.seen.length = 0;
  vi.useRealTimers();
});

/**
 * The local price server, asked with a generous timeout where the test is not about timeouts (the client's default,
 * 5 s, is within what a loaded machine can stall a process).
 */
const local = () => ({ baseUrl: server.baseUrl, timeoutMs: 60_000 });

const T0 = Date.parse('2026-03-01T12:00:00Z');
const lookup = fakeAssets([
  { chainId: 'osmosis-1', denom: 'uosmo', decimals: 6, coingecko_id: 'osmosis' },
  { chainId: 'cosmoshub-4', denom: 'uatom', decimals: 6, coingecko_id: 'cosmos' },
  { chainId: 'osmosis-1', denom: 'ibc/ATOM', decimals: 6, origin_chain_id: 'cosmoshub-4', origin_denom: 'uatom' },
  { chainId: 'x', denom: 'nocg', decimals: 6 },
]);

describe('fetchSimplePrices against a local simple/price server', () => {
  it('asks in CoinGecko shape and reads the answer exactly', async () => {
    server.handle(answerPrices({ osmosis: 0.4832539574, cosmos: '6.306' }, T0 / 1000 - 30));
    const r = await fetchSimplePrices(['osmosis', 'cosmos', 'unlisted'], { ...local() }, () => T0);
    expect(r.errors).toEqual([]);
    expect(r.prices.get('osmosis')?.price.toString()).toBe('0.4832539574');
    expect(r.prices.get('cosmos')?.price.toString()).toBe('6.306');
    // The provider's last_updated_at is the price's time, not our receipt.
    expect(r.prices.get('osmosis')?.asOf.getTime()).toBe(T0 - 30_000);
    expect(r.prices.has('unlisted')).toBe(false);
    const req = server.seen[0]!;
    expect(req.path).toBe('/api/v3/simple/price');
    expect(req.query.get('vs_currencies')).toBe('usd');
    expect(req.ids).toEqual(['cosmos', 'osmosis', 'unlisted']);
  });

  it('batches ids and sends the API key in the configured header', async () => {
    server.handle(answerPrices({ a: 1, b: 2, c: 3, d: 4, e: 5 }));
    const r = await fetchSimplePrices(['e', 'd', 'c', 'b', 'a', 'a'], {
      baseUrl: `${server.baseUrl}/`,
      batchSize: 2,
      apiKey: 'k-123',
      apiKeyHeader: 'x-cg-pro-api-key',
    });
    expect(server.seen.map((s) => s.ids)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(server.seen.every((s) => s.headers['x-cg-pro-api-key'] === 'k-123')).toBe(true);
    expect([...r.prices.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(r).toMatchObject({ batches: 3, failedBatches: 0 });
  });

  it('clamps a provider clock that runs ahead of ours', async () => {
    server.handle(answerPrices({ osmosis: 1 }, T0 / 1000 + 3600));
    const r = await fetchSimplePrices(['osmosis'], { ...local() }, () => T0);
    expect(r.prices.get('osmosis')?.asOf.getTime()).toBe(T0);
  });

  it('reports HTTP errors with status and Retry-After, and stops after a 429', async () => {
    server.handle((_req, res) => res.writeHead(429, { 'retry-after': '42' }).end('{"status":{"error_code":429}}'));
    const r = await fetchSimplePrices(['a', 'b', 'c'], { ...local(), batchSize: 1 });
    expect(server.seen).toHaveLength(1);
    expect(r.prices.size).toBe(0);
    expect(r.errors[0]).toMatchObject({ kind: 'http', status: 429, retryAfterSeconds: 42 });

    server.seen.length = 0;
    server.handle((_req, res) => res.writeHead(500).end('oops'));
    const r2 = await fetchSimplePrices(['a', 'b'], { ...local(), batchSize: 1 });
    expect(server.seen).toHaveLength(2); // a 500 is not a reason to skip the other batches
    expect(r2.errors.map((e) => [e.kind, e.status])).toEqual([
      ['http', 500],
      ['http', 500],
    ]);
    expect(r2.failedBatches).toBe(2);
  });

  it('times out on a silent server', async () => {
    server.handle(() => {
      /* never answers */
    });
    const r = await fetchSimplePrices(['a'], { baseUrl: server.baseUrl, timeoutMs: 150 });
    expect(r.errors[0]?.kind).toBe('timeout');
    // The caller's timeout ended it, not the default (said by the error, not timed: a loaded machine runs late).
    expect(r.errors[0]?.message).toContain('no answer within 150 ms');
  });

  it('times out on a server that stalls mid-body', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":{"usd":');
    });
    const r = await fetchSimplePrices(['a'], { baseUrl: server.baseUrl, timeoutMs: 150 });
    expect(r.errors[0]?.kind).toBe('timeout');
  });

  it.each<[string, string, number]>([
    ['not JSON', '<html>502 Bad Gateway</html>', 0],
    ['a JSON array', '[{"usd":1}]', 0],
    ['JSON null', 'null', 0],
    ['a bare number', '1.5', 0],
  ])('rejects a body that is %s', async (_what, body) => {
    server.handle((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const r = await fetchSimplePrices(['a'], { ...local() });
    expect(r.prices.size).toBe(0);
    expect(r.errors[0]?.kind).toBe('garbage');
    expect(r.failedBatches).toBe(1);
  });

  it('keeps good entries and drops bad ones in the same answer', async () => {
    server.handle((_req, res) =>
      res.writeHead(200).end(
        JSON.stringify({
          good: { usd: 2.5 },
          neg: { usd: -1 },
          zero: { usd: 0 },
          str: { usd: 'lots' },
          obj: { usd: { v: 1 } },
          notobj: 5,
          nousd: { eur: 1 },
          strnum: { usd: '0.000012' },
          extra: { usd: 9 }, // not asked for
        }),
      ),
    );
    const ids = ['good', 'neg', 'zero', 'str', 'obj', 'notobj', 'nousd', 'strnum'];
    const r = await fetchSimplePrices(ids, { ...local() });
    expect([...r.prices.keys()].sort()).toEqual(['good', 'strnum']);
    expect(r.prices.get('strnum')?.price.toString()).toBe('0.000012');
    expect(r.errors.map((e) => e.kind)).toEqual(['garbage', 'garbage', 'garbage', 'garbage', 'garbage']);
    expect(r.failedBatches).toBe(0);
  });

  it('refuses an oversized body', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"a":{"usd":1},"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
    });
    const r = await fetchSimplePrices(['a'], { ...local() });
    expect(r.prices.size).toBe(0);
    expect(r.errors[0]?.message).toMatch(/larger than/);
  });

  it('reports a refused connection as a network error', async () => {
    const other = await startPriceServer();
    const dead = other.baseUrl;
    await other.close();
    const r = await fetchSimplePrices(['a'], { baseUrl: dead, timeoutMs: 2_000 });
    expect(r.errors[0]?.kind).toBe('network');
  });

  it('builds the URL with escaping', () => {
    expect(simplePriceUrl('https://h/api/v3//', ['a b', 'c'])).toBe(
      'https://h/api/v3/simple/price?ids=a+b%2Cc&vs_currencies=usd&include_last_updated_at=true',
    );
  });
});

describe('LivePriceSource', () => {
  it('serves cached prices by asset (own or origin CoinGecko id) until they are too old', async () => {
    let now = T0;
    server.handle(answerPrices({ osmosis: 0.5, cosmos: 6.3 }, T0 / 1000));
    const live = new LivePriceSource(lookup, { ...local(), maxAgeMs: 300_000, clock: () => now });
    live.setIds(['osmosis', 'cosmos']);
    expect(live.usdPrice('osmosis-1', 'uosmo', now)).toBeUndefined(); // nothing fetched yet
    const report = await live.refresh();
    expect(report).toMatchObject({ asked: 2, received: 2, failedBatches: 0 });

    const q = live.usdPrice('osmosis-1', 'ibc/ATOM', now)!;
    expect(q.price.toString()).toBe('6.3');
    expect(q.source).toBe(`live:${new URL(server.baseUrl).host}`);
    expect(q.detail).toBe('coingecko:cosmos');
    expect(live.usdPrice('x', 'nocg', now)).toBeUndefined();

    // Exactly at the limit the price still counts; one millisecond later it does not.
    expect(live.usdPrice('osmosis-1', 'uosmo', T0 + 300_000)).toBeDefined();
    expect(live.usdPrice('osmosis-1', 'uosmo', T0 + 300_001)).toBeUndefined();

    // A failed refresh keeps the old figures (they age out on their own) and is visible in status().
    now = T0 + 60_000;
    server.handle((_req, res) => res.writeHead(503).end());
    const failed = await live.refresh();
    expect(failed.failedBatches).toBe(1);
    expect(live.usdPrice('osmosis-1', 'uosmo', now)?.price.toString()).toBe('0.5');
    expect(live.status()).toMatchObject({ entries: 2, consecutiveFailures: 1, lastError: 'simple/price: HTTP 503' });

    // A later success replaces figures and clears the failure count.
    server.handle(answerPrices({ osmosis: 0.51, cosmos: 6.2 }, (T0 + 90_000) / 1000));
    now = T0 + 120_000;
    await live.refresh();
    expect(live.usdPrice('osmosis-1', 'uosmo', now)?.price.toString()).toBe('0.51');
    expect(live.status()).toMatchObject({ consecutiveFailures: 0, lastError: undefined });
  });

  it('never lets an older answer overwrite a newer figure', async () => {
    server.handle(answerPrices({ osmosis: 0.5 }, T0 / 1000));
    const live = new LivePriceSource(lookup, { ...local(), clock: () => T0 });
    live.setIds(['osmosis']);
    await live.refresh();
    server.handle(answerPrices({ osmosis: 0.1 }, T0 / 1000 - 600));
    await live.refresh();
    expect(live.usdPrice('osmosis-1', 'uosmo', T0)?.price.toString()).toBe('0.5');
  });

  it('shares one refresh between concurrent callers', async () => {
    server.handle(answerPrices({ osmosis: 0.5 }));
    const live = new LivePriceSource(lookup, { ...local() });
    live.setIds(['osmosis']);
    const [a, b] = [live.refresh(), live.refresh()];
    expect(a).toBe(b);
    await a;
    expect(server.seen).toHaveLength(1);
  });

  it('refreshes in the background and backs off after failures', async () => {
    const errors: PriceApiError[] = [];
    server.handle((_req, res) => res.writeHead(500).end());
    const live = new LivePriceSource(lookup, {
      ...local(),
      refreshIntervalMs: 40,
      maxBackoffMs: 400,
      onError: (e) => errors.push(e),
    });
    live.setIds(['osmosis']);
    live.start();
    await vi.waitFor(() => expect(live.status().consecutiveFailures).toBeGreaterThanOrEqual(2), { timeout: 60_000 });
    expect(errors.every((e) => e.status === 500)).toBe(true);
    server.handle(answerPrices({ osmosis: 0.5 }));
    await vi.waitFor(() => expect(live.status().consecutiveFailures).toBe(0), { timeout: 60_000 });
    expect(live.usdPrice('osmosis-1', 'uosmo', Date.now())?.price.toString()).toBe('0.5');
    await live.stop();
    const calls = server.seen.length;
    await new Promise((r) => setTimeout(r, 120));
    expect(server.seen.length).toBe(calls); // stopped means stopped
  });

  it('computes the next refresh delay: interval, doubling back-off with a cap, Retry-After honoured', () => {
    const opts = { refreshIntervalMs: 60_000, maxBackoffMs: 600_000 };
    expect(nextRefreshDelay(0, { errors: [] }, opts)).toBe(60_000);
    expect(nextRefreshDelay(1, { errors: [] }, opts)).toBe(120_000);
    expect(nextRefreshDelay(3, { errors: [] }, opts)).toBe(480_000);
    expect(nextRefreshDelay(4, { errors: [] }, opts)).toBe(600_000);
    expect(nextRefreshDelay(1000, undefined, opts)).toBe(600_000);
    const limited = { errors: [new PriceApiError('http', '429', 429, 300)] };
    expect(nextRefreshDelay(1, limited, opts)).toBe(300_000);
    expect(nextRefreshDelay(1, { errors: [new PriceApiError('http', '429', 429, 99_999)] }, opts)).toBe(600_000);
    expect(nextRefreshDelay(0, undefined)).toBe(60_000);
  });

  it('lists the CoinGecko ids of a registry', () => {
    const registry = {
      chains: new Map([
        ['a', {}],
        ['b', {}],
      ]),
      listedAssets: (c: string) =>
        c === 'a'
          ? [{ wire: { coingecko_id: 'osmosis' } }, { wire: { coingecko_id: null } }]
          : [{ wire: { coingecko_id: 'cosmos' } }, { wire: { coingecko_id: 'osmosis' } }],
    };
    expect(coingeckoIdsOf(registry)).toEqual(['cosmos', 'osmosis']);
  });
});
