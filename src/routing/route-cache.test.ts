import { describe, expect, it } from 'vitest';
import { testXykPool } from '../test-helpers/pools.js';
import { ATOM_ON_OSMOSIS, USDC_ON_OSMOSIS, testRegistry } from '../test-helpers/registry.js';
import type { Pool } from '../venues/types.js';
import { planRoute } from './engine.js';
import { buildMarketView } from './market.js';
import { parseRouteQuery } from './query.js';
import { cacheKey, magnitude, responseKey, RouteCache } from './route-cache.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const VENUE = { name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: '' };
const market = (version: number, reserve: bigint) =>
  buildMarketView(
    registry,
    [
      {
        venue: VENUE,
        snapshot: {
          venue: VENUE.name,
          chainId: 'osmosis-1',
          pools: [testXykPool('1', VENUE.name, [ATOM_ON_OSMOSIS, reserve], ['uosmo', reserve * 8n])],
          takenAt: new Date(0),
          source: 'test',
        },
      },
    ],
    version,
  );
const query = (amount: string) =>
  parseRouteQuery(registry, {
    source_asset_chain_id: 'cosmoshub-4',
    source_asset_denom: 'uatom',
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: 'uosmo',
    amount_in: amount,
  });

describe('route cache', () => {
  it('hits within the same order of magnitude and re-simulates the exact amount', () => {
    const now = 1_000_000;
    const cache = new RouteCache({ ttlMs: 10_000, maxEntries: 100, now: () => now });
    const m = market(1, 10n ** 12n);
    const a = planRoute({ registry, market: m, bridges: BRIDGE_SET, cache }, query('1000000'));
    const b = planRoute({ registry, market: m, bridges: BRIDGE_SET, cache }, query('9000000'));
    expect(cache.misses).toBe(1);
    expect(cache.hits).toBe(1);
    // The hit's amounts are its own, identical to an uncached plan.
    expect(b).toEqual(planRoute({ registry, market: m, bridges: BRIDGE_SET }, query('9000000')));
    expect(b.amountOut).not.toBe(a.amountOut);
    planRoute({ registry, market: m, bridges: BRIDGE_SET, cache }, query('10000000'));
    expect(cache.misses).toBe(2);
    expect(magnitude(10_000_000n)).toBe(8);
  });

  it('expires after its TTL and empties when the market changes', () => {
    let now = 1_000_000;
    const cache = new RouteCache({ ttlMs: 1_000, maxEntries: 100, now: () => now });
    planRoute({ registry, market: market(1, 10n ** 12n), bridges: BRIDGE_SET, cache }, query('1000000'));
    now += 999;
    planRoute({ registry, market: market(1, 10n ** 12n), bridges: BRIDGE_SET, cache }, query('1000000'));
    expect(cache.hits).toBe(1);
    now += 2;
    planRoute({ registry, market: market(1, 10n ** 12n), bridges: BRIDGE_SET, cache }, query('1000000'));
    expect(cache.misses).toBe(2);
    const changed = market(2, 2n * 10n ** 12n);
    expect(cache.size).toBe(1);
    const r = planRoute({ registry, market: changed, bridges: BRIDGE_SET, cache }, query('1000000'));
    expect(cache.misses).toBe(3);
    expect(r).toEqual(planRoute({ registry, market: changed, bridges: BRIDGE_SET }, query('1000000')));
  });

  it('survives a rebuild in which no pool its candidate paths depend on changed, and only then', () => {
    const cache = new RouteCache({ ttlMs: 10_000, maxEntries: 100, now: () => 1_000_000 });
    const view = (version: number, pools: Pool[], previous?: ReturnType<typeof market>) =>
      buildMarketView(
        registry,
        [
          {
            venue: VENUE,
            snapshot: { venue: VENUE.name, chainId: 'osmosis-1', pools, takenAt: new Date(version), source: 'test' },
          },
        ],
        version,
        {},
        previous,
      );
    const atomOsmo = testXykPool('1', VENUE.name, [ATOM_ON_OSMOSIS, 10n ** 12n], ['uosmo', 8n * 10n ** 12n]);
    // USDC against axlUSDC: shares no denom (and no neighbour) with the ATOM/OSMO pool.
    const stable = (r: bigint) =>
      testXykPool(
        '2',
        VENUE.name,
        [USDC_ON_OSMOSIS, r],
        ['ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858', r],
      );
    const m1 = view(1, [atomOsmo, stable(10n ** 12n)]);
    planRoute({ registry, market: m1, bridges: BRIDGE_SET, cache }, query('1000000'));
    // The stable pool traded: the ATOM → OSMO entry is still exact.
    const m2 = view(2, [atomOsmo, stable(2n * 10n ** 12n)], m1);
    expect(m2.version).toBe(2);
    const hit = planRoute({ registry, market: m2, bridges: BRIDGE_SET, cache }, query('2000000'));
    expect(cache.hits).toBe(1);
    expect(hit).toEqual(planRoute({ registry, market: m2, bridges: BRIDGE_SET }, query('2000000')));
    // A poll that changed nothing keeps the view's version (and every cache keyed on it).
    expect(view(3, [...m2.venues[0]!.snapshot.pools], m2).version).toBe(2);
    // The ATOM/OSMO pool traded: its paths are searched again.
    const m4 = view(
      4,
      [
        testXykPool('1', VENUE.name, [ATOM_ON_OSMOSIS, 2n * 10n ** 12n], ['uosmo', 8n * 10n ** 12n]),
        m2.venues[0]!.snapshot.pools[1]!,
      ],
      m2,
    );
    const r = planRoute({ registry, market: m4, bridges: BRIDGE_SET, cache }, query('2000000'));
    expect(cache.misses).toBe(2);
    expect(r).toEqual(planRoute({ registry, market: m4, bridges: BRIDGE_SET }, query('2000000')));
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = new RouteCache({ ttlMs: 10_000, maxEntries: 1 });
    const m = market(1, 10n ** 12n);
    planRoute({ registry, market: m, bridges: BRIDGE_SET, cache }, query('1000000'));
    planRoute({ registry, market: m, bridges: BRIDGE_SET, cache }, query('100'));
    expect(cache.size).toBe(1);
    planRoute({ registry, market: m, bridges: BRIDGE_SET, cache }, query('1000000'));
    expect(cache.misses).toBe(3);
  });

  it('keys are short digests of the canonical query: venue names and list order do not reach the cache', () => {
    const q = (venues: { name: string; chain_id: string }[]) =>
      parseRouteQuery(registry, {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'uosmo',
        amount_in: '1000000',
        swap_venues: venues,
        bridges: ['IBC', 'CCTP'],
      });
    const long = { name: 'x'.repeat(10_000), chain_id: 'osmosis-1' };
    const osmo = { name: 'osmosis-poolmanager', chain_id: 'osmosis-1' };
    expect(cacheKey(q([long]))).toHaveLength(43);
    expect(responseKey(q([long]))).toHaveLength(43);
    expect(cacheKey(q([osmo, long]))).toBe(cacheKey(q([long, osmo, osmo])));
    expect(responseKey(q([osmo]))).not.toBe(responseKey(q([long])));
    // Shapes are shared within an order of magnitude; whole answers only for the exact amount.
    expect(cacheKey(query('1000000'))).toBe(cacheKey(query('9000000')));
    expect(responseKey(query('1000000'))).not.toBe(responseKey(query('9000000')));
  });

  it('drops expired entries when swept and is bounded in bytes', () => {
    let now = 1_000_000;
    const cache = new RouteCache({ ttlMs: 1_000, maxEntries: 100, now: () => now });
    const m = market(1, 10n ** 12n);
    for (const a of ['1000', '10000', '100000', '1000000'])
      planRoute({ registry, market: m, bridges: BRIDGE_SET, cache }, query(a));
    expect(cache.size).toBe(4);
    now += 1_001;
    cache.purgeStale();
    expect(cache.size).toBe(0);
    const tiny = new RouteCache({ ttlMs: 10_000, maxEntries: 100, maxBytes: 1_000 });
    for (const a of ['1000', '10000', '100000', '1000000', '10000000', '100000000'])
      planRoute({ registry, market: m, bridges: BRIDGE_SET, cache: tiny }, query(a));
    expect(tiny.bytes).toBeLessThanOrEqual(1_000);
    expect(tiny.size).toBeLessThan(6);
  });
});
