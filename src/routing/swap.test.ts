/**
 * bestExactIn's pre-screen (pools' double-precision estimates rule out paths that cannot win) must choose exactly what
 * exact math over every candidate path chooses: same path, same amount. Checked on the shipped Osmosis and Astroport
 * snapshots, for random pairs and amounts over twelve orders of magnitude, against a plain exact loop.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { testRegistry } from '../test-helpers/registry.js';
import { bestExactIn, simulateExactIn } from './swap.js';
import type { PoolHop, SwapRoute } from './types.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();

/** The definition: exact math on every path, first strictly better path wins. */
function reference(paths: readonly PoolHop[][], amountIn: bigint): SwapRoute | undefined {
  let best: SwapRoute | undefined;
  for (const path of paths) {
    const out = simulateExactIn(path, amountIn);
    if (out !== undefined && (!best || out > best.amountOut)) best = { path, amountIn, amountOut: out };
  }
  return best;
}

/** Pairs of a venue with several candidate paths, at least one through a weighted (estimating) pool. */
function contestedPairs() {
  const out: { venue: (typeof market.venues)[number]; x: string; y: string }[] = [];
  for (const venue of market.venues) {
    const denoms = [...new Set(venue.snapshot.pools.filter((p) => p.estimateExactIn).flatMap((p) => p.denoms))].slice(
      0,
      60,
    );
    for (const x of denoms) {
      for (const y of denoms) {
        if (x === y) continue;
        const paths = venue.candidatePaths(x, y);
        if (paths.length > 1 && paths.some((p) => p.some((h) => h.pool.estimateExactIn))) out.push({ venue, x, y });
      }
    }
  }
  return out;
}

describe('bestExactIn with estimates', () => {
  const pairs = contestedPairs();

  it('has contested pairs to check on the shipped snapshots', () => {
    expect(pairs.length).toBeGreaterThan(50);
  });

  it('chooses the same path and amount as exact math over every path', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: pairs.length - 1 }),
        fc.double({ min: 0, max: 12, noNaN: true }),
        (i, magnitude) => {
          const { venue, x, y } = pairs[i]!;
          const paths = venue.candidatePaths(x, y);
          const amount = BigInt(Math.max(1, Math.floor(10 ** magnitude * 1000)));
          const got = bestExactIn(paths, amount);
          const want = reference(paths, amount);
          expect(got?.amountOut).toBe(want?.amountOut);
          expect(got?.path).toBe(want?.path);
        },
      ),
      { numRuns: 3000, seed: 20261123 },
    );
  });

  it('skips exact math on paths that cannot win', () => {
    let exactCalls = 0;
    let estimated = 0;
    for (const { venue, x, y } of pairs.slice(0, 200)) {
      const paths = venue.candidatePaths(x, y).map((p) =>
        p.map((h) => ({
          ...h,
          pool: Object.assign(Object.create(Object.getPrototypeOf(h.pool) as object) as typeof h.pool, h.pool, {
            exactIn: (a: string, b: string, n: bigint) => {
              exactCalls++;
              return h.pool.exactIn(a, b, n);
            },
          }),
        })),
      );
      estimated += paths.reduce((s, p) => s + p.length, 0);
      bestExactIn(paths, 10n ** 8n);
    }
    expect(exactCalls).toBeLessThan(estimated * 0.8);
  });
});
