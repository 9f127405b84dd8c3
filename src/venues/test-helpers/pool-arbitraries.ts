/**
 * fast-check generators for every pool model, shared by the contract test suite (pool-contract.test.ts). Each case
 * is a factory that builds the same pool at a given swap fee (so fee monotonicity can be checked), plus a pair of
 * denoms and the reserves to size amounts from.
 */
import fc from 'fast-check';
import type { Dec, Pool } from '../types.js';
import { DEC18, pow10 } from '../math/fixed.js';
import { BalancerPool } from '../osmosis-poolmanager/balancer.js';
import { StableswapPool } from '../osmosis-poolmanager/stableswap.js';
import { ConcentratedPool, type ClBucket } from '../osmosis-poolmanager/concentrated.js';
import { TransmuterPool } from '../osmosis-poolmanager/transmuter.js';
import { TakerFees } from '../osmosis-poolmanager/taker-fee.js';
import { tickToSqrtPrice } from '../osmosis-poolmanager/tick-math.js';
import { XykPair } from '../neutron-astroport/xyk.js';
import { StablePair } from '../neutron-astroport/stable.js';
import { v2Case, v3Case } from '../uniswap/test-helpers/arbitraries.js';

export interface PoolCase {
  make: (fee: Dec) => Pool;
  denomIn: string;
  denomOut: string;
  /** A scale for input amounts (about the input side's depth). */
  inScale: bigint;
  /** A scale for output amounts. */
  outScale: bigint;
  /** Whether the output denom is minted (alloyed) rather than held. */
  outputMinted?: boolean;
}

/** Fee as a Dec in [0, max] (max 0.05 by default), in steps of 1e-6. */
export const feeArb = (max = 50_000): fc.Arbitrary<Dec> =>
  fc.integer({ min: 0, max }).map((n) => BigInt(n) * 1_000_000_000_000n);

const amountArb = (min: bigint, max: bigint): fc.Arbitrary<bigint> => fc.bigInt({ min, max });
const takerArb = fc
  .integer({ min: 0, max: 10_000 })
  .map((n) => new TakerFees(new Map(), BigInt(n) * 1_000_000_000_000n));

const balancer: fc.Arbitrary<PoolCase> = fc
  .record({
    r0: amountArb(1_000n, 10n ** 15n),
    r1: amountArb(1_000n, 10n ** 15n),
    w0: fc.integer({ min: 1, max: 9 }),
    w1: fc.integer({ min: 1, max: 9 }),
    taker: takerArb,
  })
  .map(({ r0, r1, w0, w1, taker }) => ({
    make: (fee) =>
      new BalancerPool(
        'b',
        fee,
        [
          { denom: 'a', amount: r0, weight: BigInt(w0) * 1_073_741_824n },
          { denom: 'b', amount: r1, weight: BigInt(w1) * 1_073_741_824n },
        ],
        taker,
      ),
    denomIn: 'a',
    denomOut: 'b',
    inScale: r0,
    outScale: r1,
  }));

const stableswap: fc.Arbitrary<PoolCase> = fc
  .record({
    r: fc.array(amountArb(10n ** 6n, 10n ** 15n), { minLength: 2, maxLength: 3 }),
    sf: fc.array(fc.constantFrom(1n, 1_000n, 1_000_000n, 1_202_853_876n, 1_000_000_000n), {
      minLength: 3,
      maxLength: 3,
    }),
    taker: takerArb,
  })
  .map(({ r, sf, taker }) => ({
    make: (fee) =>
      new StableswapPool(
        's',
        fee,
        r.map((amount, i) => ({ denom: `d${i}`, amount, scalingFactor: sf[i] ?? 1n })),
        taker,
      ),
    denomIn: 'd0',
    denomOut: 'd1',
    inScale: r[0] as bigint,
    outScale: r[1] as bigint,
  }));

const concentrated: fc.Arbitrary<PoolCase> = fc
  .record({
    spacing: fc.constantFrom(1, 10, 100, 1000),
    tick: fc.integer({ min: -20_000_000, max: 40_000_000 }),
    frac: fc.integer({ min: 0, max: 1000 }),
    below: fc.array(amountArb(0n, 10n ** 14n), { minLength: 0, maxLength: 4 }),
    above: fc.array(amountArb(0n, 10n ** 14n), { minLength: 0, maxLength: 4 }),
    current: amountArb(10n ** 3n, 10n ** 14n),
    width: fc.integer({ min: 1, max: 50 }),
    taker: takerArb,
  })
  .map(({ spacing, tick, frac, below, above, current, width, taker }) => {
    // Buckets of `width` spacings around the active one; liquidity in whole units (18-decimal Dec).
    const step = spacing * width;
    const lower = Math.floor(tick / step) * step;
    const buckets: ClBucket[] = [{ lower, upper: lower + step, liquidity: current * DEC18 }];
    below.forEach((l, i) =>
      buckets.push({ lower: lower - (i + 1) * step, upper: lower - i * step, liquidity: l * DEC18 }),
    );
    above.forEach((l, i) =>
      buckets.push({ lower: lower + (i + 1) * step, upper: lower + (i + 2) * step, liquidity: l * DEC18 }),
    );
    const lo = tickToSqrtPrice(tick);
    const hi = tickToSqrtPrice(tick + 1);
    const sqrtPrice = lo + ((hi - lo) * BigInt(frac)) / 1000n;
    const state = {
      token0: 't0',
      token1: 't1',
      sqrtPrice,
      currentTick: tick,
      liquidity: current * DEC18,
      tickSpacing: spacing,
      buckets,
    };
    const probe = new ConcentratedPool('c', 0n, state, taker);
    return {
      make: (fee: Dec) => new ConcentratedPool('c', fee, state, taker),
      denomIn: 't0',
      denomOut: 't1',
      inScale: probe.reserve('t0') + 1n,
      outScale: probe.reserve('t1') + 1n,
    };
  });

const concentratedReverse: fc.Arbitrary<PoolCase> = concentrated.map((c) => ({
  ...c,
  denomIn: 't1',
  denomOut: 't0',
  inScale: c.outScale,
  outScale: c.inScale,
}));

const transmuter: fc.Arbitrary<PoolCase> = fc
  .record({
    d: fc.array(fc.integer({ min: 0, max: 18 }), { minLength: 3, maxLength: 3 }),
    r: fc.array(amountArb(0n, 10n ** 20n), { minLength: 2, maxLength: 2 }),
    alloyedOut: fc.boolean(),
    taker: takerArb,
  })
  .map(({ d, r, alloyedOut, taker }) => {
    const assets = [
      { denom: 'u0', amount: r[0] as bigint, normalizationFactor: pow10(d[0] as number) },
      { denom: 'u1', amount: r[1] as bigint, normalizationFactor: pow10(d[1] as number) },
      { denom: 'all', amount: 0n, normalizationFactor: pow10(d[2] as number) },
    ];
    const denomOut = alloyedOut ? 'all' : 'u1';
    const probe = new TransmuterPool('t', 0n, assets, 'all', taker);
    return {
      make: (fee: Dec) => new TransmuterPool('t', fee, assets, 'all', taker),
      denomIn: 'u0',
      denomOut,
      inScale: (r[0] as bigint) + 10n ** 6n,
      outScale: probe.reserve(denomOut) + 1n,
      outputMinted: alloyedOut,
    };
  });

const xyk: fc.Arbitrary<PoolCase> = fc
  .record({ r0: amountArb(1n, 10n ** 18n), r1: amountArb(1n, 10n ** 18n) })
  .map(({ r0, r1 }) => ({
    make: (fee) =>
      new XykPair('x', fee, [
        { denom: 'a', amount: r0 },
        { denom: 'b', amount: r1 },
      ]),
    denomIn: 'a',
    denomOut: 'b',
    inScale: r0,
    outScale: r1,
  }));

const astroStable: fc.Arbitrary<PoolCase> = fc
  .record({
    r0: amountArb(10n ** 3n, 10n ** 15n),
    r1: amountArb(10n ** 3n, 10n ** 15n),
    d0: fc.constantFrom(6, 8, 18),
    d1: fc.constantFrom(6, 8, 18),
    amp: fc.integer({ min: 100, max: 100_000 }),
  })
  .map(({ r0, r1, d0, d1, amp }) => ({
    make: (fee) =>
      new StablePair(
        's',
        fee,
        [
          { denom: 'a', amount: r0, decimals: d0 },
          { denom: 'b', amount: r1, decimals: d1 },
        ],
        BigInt(amp),
      ),
    denomIn: 'a',
    denomOut: 'b',
    inScale: r0,
    outScale: r1,
  }));

export const POOL_CASES: Record<string, fc.Arbitrary<PoolCase>> = {
  'osmosis balancer': balancer,
  'osmosis stableswap': stableswap,
  'osmosis concentrated (token0 in)': concentrated,
  'osmosis concentrated (token1 in)': concentratedReverse,
  'osmosis transmuter': transmuter,
  'astroport xyk': xyk,
  'astroport stable': astroStable,
  'uniswap v3 (token0 in)': v3Case(true),
  'uniswap v3 (token1 in)': v3Case(false),
  'uniswap v2': v2Case,
};

/** An amount in [1, scale·2] biased toward small fractions of the scale. */
export function amountFor(scale: bigint): fc.Arbitrary<bigint> {
  return fc
    .integer({ min: 1, max: 2_000_000 })
    .chain((ppm) => fc.constantFrom(1n, (scale * BigInt(ppm)) / 1_000_000n + 1n, BigInt(ppm)));
}
