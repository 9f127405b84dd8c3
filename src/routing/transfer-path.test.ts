/**
 * Transfer paths between holdings of one origin asset, on the real registry. The cases that matter here are the
 * vouchers whose origin side the registry cannot resolve (a CW20 that left Juno over a contract port, IBC v2 /
 * Eureka assets on the Hub): where they already are, and wherever only their newest hops change, they must route.
 */
import { describe, expect, it } from 'vitest';
import { ATOM_ON_OSMOSIS, testRegistry } from '../test-helpers/registry.js';
import { testXykPool } from '../test-helpers/pools.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { loadConfig } from '../config.js';
import { planRoute } from './engine.js';
import { buildMarketView } from './market.js';
import { parseRouteQuery } from './query.js';
import { holding } from './transfer-path.js';
import { pathFrom, pathTo, transferPath } from './transfer-path.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
/** GKEY: a CW20 on Juno (cw20:juno1gz8cf…), held on Osmosis as transfer/channel-169 (Juno's side is a wasm port). */
const GKEY_ON_OSMOSIS = 'ibc/7C781B4C2082CD62129A972D47486D78EC17155C299270E3C89348EA026BEAF8';
/** Eureka (IBC v2) WBTC from Ethereum: transfer/08-wasm-1369 on the Hub, transfer/channel-0 on top of that on Osmosis. */
const EUREKA_WBTC_ON_OSMOSIS = 'ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB';

const asset = (chainId: string, denom: string) => {
  const a = registry.asset(chainId, denom);
  if (!a) throw new Error(`${denom} on ${chainId} is not in the registry`);
  return a;
};

describe('transferPath', () => {
  it('is empty for a holding that is already where it should be, even when its origin side is unknown', () => {
    const gkey = asset('osmosis-1', GKEY_ON_OSMOSIS);
    expect(gkey.wire.origin_denom).toMatch(/^cw20:juno1/);
    expect(transferPath(registry, holding(gkey), holding(gkey))).toEqual([]);
    expect(pathTo(registry, holding(gkey), 'osmosis-1', GKEY_ON_OSMOSIS)).toEqual([]);
    expect(pathFrom(registry, 'osmosis-1', GKEY_ON_OSMOSIS, holding(gkey))).toEqual([]);
    // Every registered osmosis-1 asset (548, of which 96 have an origin side the registry cannot resolve).
    const stuck = [...registry.listedAssets('osmosis-1')].filter(
      (a) => transferPath(registry, holding(a), holding(a))?.length !== 0,
    );
    expect(stuck.map((a) => a.wire.denom)).toEqual([]);
  });

  it('unwinds only the hops that differ: Eureka WBTC on Osmosis goes back to the Hub over channel-0', () => {
    const onOsmosis = asset('osmosis-1', EUREKA_WBTC_ON_OSMOSIS);
    expect(onOsmosis.wire.trace).toBe('transfer/channel-0/transfer/08-wasm-1369');
    const hubDenom = onOsmosis.baseDenom;
    const onHub = { chainId: 'cosmoshub-4', hops: onOsmosis.hops.slice(1), baseDenom: hubDenom };
    const down = transferPath(registry, holding(onOsmosis), onHub);
    expect(down).toHaveLength(1);
    expect(down![0]).toMatchObject({
      fromChainId: 'osmosis-1',
      toChainId: 'cosmoshub-4',
      channel: 'channel-0',
      unwinds: true,
      denomIn: EUREKA_WBTC_ON_OSMOSIS,
    });
    const up = transferPath(registry, onHub, holding(onOsmosis));
    expect(up).toHaveLength(1);
    expect(up![0]).toMatchObject({
      fromChainId: 'cosmoshub-4',
      toChainId: 'osmosis-1',
      channel: 'channel-141',
      unwinds: false,
      denomOut: EUREKA_WBTC_ON_OSMOSIS,
    });
  });

  it('still unwinds to the origin and forwards from there (ATOM on Osmosis → ATOM on Neutron goes through the Hub)', () => {
    const hops = transferPath(
      registry,
      holding(asset('osmosis-1', ATOM_ON_OSMOSIS)),
      holding(asset('neutron-1', 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9')),
    );
    expect(hops?.map((h) => `${h.fromChainId}>${h.toChainId}:${h.unwinds ? 'unwind' : 'forward'}`)).toEqual([
      'osmosis-1>cosmoshub-4:unwind',
      'cosmoshub-4>neutron-1:forward',
    ]);
  });

  it('finds no path between a CW20 voucher and another chain when the unknown channel would have to be crossed', () => {
    const gkey = asset('osmosis-1', GKEY_ON_OSMOSIS);
    const onJuno = { chainId: 'juno-1', hops: [], baseDenom: gkey.baseDenom };
    // Juno's end of channel-169 is the cw20-ics20 contract's port, which the registry does not list.
    expect(transferPath(registry, holding(gkey), onJuno)).toBeUndefined();
  });
});

describe('swaps from and to denoms already on the venue chain', () => {
  const VENUE = { name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: '' };

  it('GKEY on Osmosis swaps to OSMO and back (a CW20-origin voucher)', () => {
    const pools = [testXykPool('1', VENUE.name, [GKEY_ON_OSMOSIS, 50_000_000_000n], ['uosmo', 900_000_000_000n])];
    const market = buildMarketView(
      registry,
      [
        {
          venue: VENUE,
          snapshot: { venue: VENUE.name, chainId: 'osmosis-1', pools, takenAt: new Date(0), source: 'test' },
        },
      ],
      1,
    );
    const plan = (from: string, to: string) =>
      planRoute(
        { registry, market, bridges: BRIDGE_SET },
        parseRouteQuery(registry, {
          source_asset_chain_id: 'osmosis-1',
          source_asset_denom: from,
          dest_asset_chain_id: 'osmosis-1',
          dest_asset_denom: to,
          amount_in: '1000000',
        }),
      );
    const there = plan(GKEY_ON_OSMOSIS, 'uosmo');
    expect(there.steps.map((s) => s.kind)).toEqual(['swap']);
    expect(there.amountOut).toBeGreaterThan(0n);
    expect(plan('uosmo', GKEY_ON_OSMOSIS).steps.map((s) => s.kind)).toEqual(['swap']);
  });

  it('every registered osmosis-1 asset in a shipped pool swaps with a pool neighbour in both directions', () => {
    const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
    const osmosis = market.venues.find((v) => v.venue.chainId === 'osmosis-1')!;
    const checked: string[] = [];
    for (const a of registry.listedAssets('osmosis-1')) {
      const pools = osmosis.poolsOf(a.wire.denom);
      if (pools.length === 0) continue;
      expect(pathTo(registry, holding(a), 'osmosis-1', a.wire.denom), a.wire.denom).toEqual([]);
      expect(pathFrom(registry, 'osmosis-1', a.wire.denom, holding(a)), a.wire.denom).toEqual([]);
      // A neighbour in its deepest pool that the registry knows, and an amount that pool absorbs.
      const pool = pools[0]!;
      const other = pool.denoms.find(
        (d) => d !== a.wire.denom && registry.asset('osmosis-1', d) && pool.reserve(d) > 0n,
      );
      if (!other) continue;
      const amount = (denom: string) => String(pool.reserve(denom) / 10_000n + 1n);
      for (const [from, to] of [
        [a.wire.denom, other],
        [other, a.wire.denom],
      ] as const) {
        const route = planRoute(
          { registry, market, bridges: BRIDGE_SET },
          parseRouteQuery(registry, {
            source_asset_chain_id: 'osmosis-1',
            source_asset_denom: from,
            dest_asset_chain_id: 'osmosis-1',
            dest_asset_denom: to,
            amount_in: amount(from),
            swap_venues: [{ name: VENUE.name, chain_id: 'osmosis-1' }],
          }),
        );
        expect(
          route.steps.map((s) => s.kind),
          `${from} → ${to}`,
        ).toEqual(['swap']);
      }
      checked.push(a.wire.symbol ?? a.wire.denom);
    }
    // The shipped snapshot holds some fifty registered assets, the Eureka ones (WBTC, ETH, USDT via the Hub) among them.
    expect(checked.length).toBeGreaterThan(40);
  });
});
