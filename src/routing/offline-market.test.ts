/**
 * The offline market (data/pools, re-priced by scripts/reprice-offline-pools.ts) is coherent at one moment: over the
 * 50 deepest pairs of its pools, no round trip through the router returns more than it started with, and quotes
 * follow the shipped prices (data/prices) less fees and price impact.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { loadConfig } from '../config.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { Decimal, SnapshotPriceSource, amountForUsd, usdValue } from '../pricing/index.js';
import { decimalsOf } from '../pricing/sources/resolve.js';
import { readDataFile } from '../registry/data-files.js';
import { testRegistry } from '../test-helpers/registry.js';
import { planRoute } from './engine.js';
import { parseRouteQuery } from './query.js';
import type { PlannedRoute, SwapStep } from './types.js';
import { routePriceImpact } from './assemble.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
const shipped = SnapshotPriceSource.shipped(registry, { minLiquidityUsd: Decimal.ZERO });
const priceFile = readDataFile<{ as_of: string }>('prices/osmosis-sqs-2024-07.json');
const NOW = Date.parse(priceFile.as_of);

interface PoolsFile {
  as_of: string;
  _source: { prices: { overridden: Record<string, { used_usd: string; alloy_pool: string }> } };
}
const osmosisFile = readDataFile<PoolsFile>('pools/osmosis-1.json');

/**
 * USD per whole token: the shipped price, except for the members of an alloyed transmuter, which exchanges them one
 * for one: the file lists the price they were given (that of the alloy's most liquid member).
 */
function priceOf(chainId: string, denom: string): Decimal | undefined {
  const override = chainId === 'osmosis-1' ? osmosisFile._source.prices.overridden[denom] : undefined;
  return override ? Decimal.parse(override.used_usd) : shipped.usdPrice(chainId, denom, NOW)?.price;
}
function usd(chainId: string, denom: string, amount: bigint): Decimal {
  return usdValue(amount, decimalsOf(registry, chainId, denom)!, priceOf(chainId, denom)!);
}

interface Pair {
  chainId: string;
  a: string;
  b: string;
  depth: Decimal;
}

/** Denom pairs sharing a pool, by the USD value of the thinner side of their deepest pool. */
function pairsByDepth(): Pair[] {
  const best = new Map<string, Pair>();
  for (const v of market.venues) {
    const chainId = v.venue.chainId;
    for (const pool of v.snapshot.pools) {
      for (const a of pool.denoms) {
        for (const b of pool.denoms) {
          if (
            a >= b ||
            !priceOf(chainId, a) ||
            !priceOf(chainId, b) ||
            !decimalsOf(registry, chainId, a) ||
            !decimalsOf(registry, chainId, b)
          )
            continue;
          const va = usd(chainId, a, pool.reserve(a));
          const vb = usd(chainId, b, pool.reserve(b));
          const depth = va.lt(vb) ? va : vb;
          const key = `${chainId} ${a} ${b}`;
          if (!best.get(key)?.depth.gt(depth)) best.set(key, { chainId, a, b, depth });
        }
      }
    }
  }
  return [...best.values()].sort((x, y) => (y.depth.gt(x.depth) ? 1 : y.depth.lt(x.depth) ? -1 : 0));
}

function swap(chainId: string, from: string, to: string, amount: bigint): PlannedRoute {
  const q = parseRouteQuery(registry, {
    source_asset_chain_id: chainId,
    source_asset_denom: from,
    dest_asset_chain_id: chainId,
    dest_asset_denom: to,
    amount_in: amount.toString(),
  });
  try {
    return planRoute({ registry, market, bridges: BRIDGE_SET }, q);
  } catch (err) {
    const why = err instanceof ApiError ? err.details[0]?.metadata.explanation : undefined;
    throw new Error(`${amount} ${from} → ${to}: ${(err as Error).message} (${why})`);
  }
}

const HUNDRED_USD = Decimal.fromInt(100);
const startAmount = (chainId: string, denom: string) =>
  amountForUsd(HUNDRED_USD, decimalsOf(registry, chainId, denom)!, priceOf(chainId, denom)!)!;

/**
 * Whether the router routes the pair both ways at all. Some pools hold assets it cannot route yet (CW20 tokens, and
 * vouchers whose registry trace starts on a non-IBC bridge); those pairs say nothing about the market's prices.
 */
function routable({ chainId, a, b }: Pair): boolean {
  try {
    swap(chainId, a, b, startAmount(chainId, a));
    swap(chainId, b, a, startAmount(chainId, b));
    return true;
  } catch {
    return false;
  }
}

const byDepth = pairsByDepth();
const pairs = byDepth.filter(routable).slice(0, 50);

describe('the offline market is coherent at one moment', () => {
  it("every shipped pool is stated at the price set's moment", () => {
    for (const v of market.venues) {
      expect(v.snapshot.takenAt.toISOString(), v.venue.name).toBe(new Date(priceFile.as_of).toISOString());
      expect(v.snapshot.pools.every((p) => p.takenAt === undefined)).toBe(true);
    }
    expect(osmosisFile.as_of).toBe(priceFile.as_of);
  });

  it('prices differ from the shipped set only for members of an alloyed transmuter', () => {
    const osmosis = market.venues.find((v) => v.venue.chainId === 'osmosis-1')!;
    for (const [denom, o] of Object.entries(osmosisFile._source.prices.overridden)) {
      const alloy = osmosis.pool(o.alloy_pool);
      expect(alloy?.kind, denom).toBe('transmuter');
      expect(alloy?.denoms).toContain(denom);
    }
  });

  it('finds the 50 deepest routable pairs, across both venues', () => {
    expect(pairs).toHaveLength(50);
    expect(new Set(pairs.map((p) => p.chainId))).toEqual(new Set(['osmosis-1', 'neutron-1']));
    // Most deep pairs route; the few that do not hold assets the router cannot move yet.
    expect(byDepth.indexOf(pairs[49]!)).toBeLessThan(70);
  });

  it.each(
    pairs.map(
      (p) =>
        [
          `${p.chainId} ${registry.asset(p.chainId, p.a)?.wire.symbol}/${registry.asset(p.chainId, p.b)?.wire.symbol}`,
          p,
        ] as const,
    ),
  )(
    '%s: no round trip gains, and each way quotes the shipped prices less fees and impact',
    (_name, { chainId, a, b }) => {
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const start = startAmount(chainId, x);
        const there = swap(chainId, x, y, start);
        const back = swap(chainId, y, x, there.amountOut);
        expect(back.amountOut, `${x} → ${y} → ${x}`).toBeLessThanOrEqual(start);

        // usd_out = usd_in × (1 − impact), the impact counting fees; spot prices equal the price set.
        const impact = routePriceImpact(there)!;
        const expected = usd(chainId, x, start).mul(HUNDRED_USD.sub(impact)).div(HUNDRED_USD, 18, 'down');
        const got = usd(chainId, y, there.amountOut);
        const gap = got.sub(expected).abs().div(expected, 18, 'down');
        expect(gap.lt(Decimal.parse('0.0001')), `${x} → ${y}: ${got} USD out, ${expected} expected`).toBe(true);
        expect(there.steps.some((s): s is SwapStep => s.kind === 'swap')).toBe(true);
      }
    },
  );
});
