import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testXykPool } from '../test-helpers/pools.js';
import { ATOM_ON_OSMOSIS, testRegistry, userAddress } from '../test-helpers/registry.js';
import { buildMessages } from '../route-txs/build.js';
import { assembleRoute, requiredChainAddresses } from './assemble.js';
import { planRoute } from './engine.js';
import { buildMarketView } from './market.js';
import { parseRouteQuery } from './query.js';
import { bestExactIn } from './swap.js';
import { bestSplit, SPLIT_STEPS } from './split.js';
import type { PoolHop } from './types.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const VENUE = { name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: '' };
const A = ATOM_ON_OSMOSIS;
const B = 'uosmo';
const path = (pool: ReturnType<typeof testXykPool>): PoolHop[] => [{ pool, denomIn: A, denomOut: B }];

describe('split routes', () => {
  it('splits a large trade over two equal pools and beats either pool alone', () => {
    const p1 = testXykPool('1', VENUE.name, [A, 1_000_000n], [B, 8_000_000n]);
    const p2 = testXykPool('2', VENUE.name, [A, 1_000_000n], [B, 8_000_000n]);
    const single = bestExactIn([path(p1), path(p2)], 500_000n)!;
    const split = bestSplit([path(p1), path(p2)], 500_000n, single.amountOut)!;
    expect(split).toHaveLength(2);
    expect(split.reduce((s, r) => s + r.amountIn, 0n)).toBe(500_000n);
    expect(split.map((r) => r.amountIn)).toEqual([250_000n, 250_000n]);
    expect(split.reduce((s, r) => s + r.amountOut, 0n)).toBeGreaterThan(single.amountOut);
  });

  it('is not used when one deep pool beats any split', () => {
    const deep = testXykPool('1', VENUE.name, [A, 10n ** 15n], [B, 8n * 10n ** 15n]);
    const thin = testXykPool('2', VENUE.name, [A, 1_000n], [B, 8_000n], 100_000n);
    const single = bestExactIn([path(deep), path(thin)], 1_000_000n)!;
    expect(bestSplit([path(deep), path(thin)], 1_000_000n, single.amountOut)).toBeUndefined();
  });

  it('never combines paths that share a pool', () => {
    const p1 = testXykPool('1', VENUE.name, [A, 1_000_000n], [B, 8_000_000n]);
    expect(bestSplit([path(p1), path(p1)], 500_000n, 0n)).toBeUndefined();
  });

  it('property: a returned split always sums to the input and strictly beats the best single path', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.bigInt({ min: 10_000n, max: 10n ** 12n }), fc.bigInt({ min: 10_000n, max: 10n ** 12n })), {
          minLength: 2,
          maxLength: 4,
        }),
        fc.bigInt({ min: BigInt(SPLIT_STEPS), max: 10n ** 11n }),
        (reserves, amount) => {
          const paths = reserves.map(([x, y], i) => path(testXykPool(String(i), VENUE.name, [A, x], [B, y])));
          const single = bestExactIn(paths, amount)?.amountOut ?? 0n;
          const split = bestSplit(paths, amount, single);
          if (!split) return;
          expect(split.reduce((s, r) => s + r.amountIn, 0n)).toBe(amount);
          expect(split.reduce((s, r) => s + r.amountOut, 0n)).toBeGreaterThan(single);
          expect(split.length).toBeLessThanOrEqual(3);
        },
      ),
    );
  });

  it('the engine emits smart_swap_in and the entry point gets smart_swap_exact_asset_in with per-route offers', () => {
    const pools = [
      testXykPool('1', VENUE.name, [A, 10_000_000n], [B, 80_000_000n]),
      testXykPool('2', VENUE.name, [A, 10_000_000n], [B, 80_000_000n]),
    ];
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
    const req = {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: A,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: B,
      amount_in: '4000000',
    };
    const single = planRoute({ registry, market, bridges: BRIDGE_SET }, parseRouteQuery(registry, req));
    const route = planRoute(
      { registry, market, bridges: BRIDGE_SET },
      parseRouteQuery(registry, { ...req, smart_swap_options: { split_routes: true } }),
    );
    expect(route.amountOut).toBeGreaterThan(single.amountOut);
    const wire = assembleRoute(registry, route);
    expect(wire.operations[0]).toMatchObject({
      swap: { smart_swap_in: { swap_routes: [{ swap_amount_in: '2000000' }, { swap_amount_in: '2000000' }] } },
    });
    const built = buildMessages(
      registry,
      route,
      new Map(requiredChainAddresses(route).map((c) => [c, userAddress(registry, c)])),
      { nowMs: 0, timeoutSeconds: 60 },
    );
    const tx = built.txs[0]!;
    if (!('cosmos_tx' in tx)) throw new Error('cosmos tx expected');
    const sa = JSON.parse(tx.cosmos_tx.msgs[0]!.msg).msg.swap_and_action;
    expect(
      sa.user_swap.smart_swap_exact_asset_in.routes.map(
        (r: { offer_asset: { native: { amount: string } } }) => r.offer_asset.native.amount,
      ),
    ).toEqual(['2000000', '2000000']);
  });
});
