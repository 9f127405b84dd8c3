/**
 * The weighted-pool fast path (weighted-math.ts) against the reference it must equal to the unit, the premise of its
 * proof (the 60-digit power is within POW_ERROR of the exact power), and Osmosis' own arithmetic
 * (test-helpers/osmosis-gamm.ts), which quotes are expected to follow within the chain's 1e-8 power precision.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEC_ONE } from '../types.js';
import { POW_ERROR, POW_SCALE, comparePow, powBounds, powRatio } from '../math/pow.js';
import { gammInGivenOut, gammOutGivenIn } from '../test-helpers/osmosis-gamm.js';
import { BalancerPool } from './balancer.js';
import { TakerFees } from './taker-fee.js';
import {
  EXACT_OUT_MARGIN,
  weightedIn,
  weightedInReference,
  weightedOut,
  weightedOutReference,
} from './weighted-math.js';

/** Weight pairs of real pools (data/pools/osmosis-1.json): 50/50, 60/40, 70/30, 80/20, 3-asset 34/33 and others. */
const WEIGHTS: [bigint, bigint][] = [
  [536_870_912_000_000n, 536_870_912_000_000n],
  [644_245_094_400_000n, 429_496_729_600_000n],
  [751_619_276_800_000n, 322_122_547_200_000n],
  [858_993_459_200_000n, 214_748_364_800_000n],
  [365_072_220_160_000n, 354_334_801_920_000n],
  [5n, 13n],
  [9n, 2n],
  [1n, 19n],
];
const weightsArb = fc.oneof(
  fc.constantFrom(...WEIGHTS).chain(([a, b]) => fc.constantFrom<[bigint, bigint]>([a, b], [b, a])),
  fc.tuple(fc.bigInt({ min: 1n, max: 40n }), fc.bigInt({ min: 1n, max: 40n })),
);
/** Reserves from dust to 10^30 base units (an 18-decimal token's trillion), log-uniform. */
const reserveArb = fc
  .integer({ min: 3, max: 30 })
  .chain((digits) => fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) }));
const feeArb = fc.integer({ min: 0, max: 50_000 }).map((n) => BigInt(n) * 1_000_000_000_000n);
/** A fraction of a reserve in parts per billion, log-uniform (tiny trades to 10× the reserve). */
const shareArb = fc.integer({ min: 0, max: 10 }).chain((e) => fc.bigInt({ min: 1n, max: 10n ** BigInt(e) }));

describe('weighted pool math: fast path', () => {
  it('gives the reference exact-in output to the unit, over wide ranges', () => {
    fc.assert(
      fc.property(reserveArb, reserveArb, weightsArb, feeArb, shareArb, (bIn, bOut, [wIn, wOut], fee, share) => {
        const amountIn = (bIn * share) / 1_000_000_000n + 1n;
        const inAfterFee = amountIn * (DEC_ONE - fee);
        const baseNum = bIn * DEC_ONE;
        expect(weightedOut(bIn, wIn, bOut, wOut, inAfterFee)).toBe(
          weightedOutReference(baseNum, baseNum + inAfterFee, wIn, wOut, bOut),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the reference exact-out input to the unit, over wide ranges', () => {
    fc.assert(
      fc.property(reserveArb, reserveArb, weightsArb, feeArb, shareArb, (bIn, bOut, [wIn, wOut], fee, share) => {
        const amountOut = (bOut * share) / 20_000_000_000n + 1n; // below half the reserve
        fc.pre(2n * amountOut < bOut);
        expect(weightedIn(bIn, wIn, bOut, wOut, amountOut, fee)).toBe(
          weightedInReference(bIn, wIn, bOut, wOut, amountOut, fee),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('falls back to the reference where the exact power sits on a rounding boundary', () => {
    // base = (a/b)², exponent 1/2 (weights 1:2): the exact output bOut·(1 − a/b) is an integer, and the reference's
    // answer depends on which side of it its 60-digit power lands, which no proof from the exact value can decide.
    // Every fraction a/b with b ≤ 40: their decimal expansions make the estimates land on either side of the edge.
    let checked = 0;
    for (let b = 2n; b <= 40n; b++) {
      for (let a = 1n; a < b; a++) {
        const t = 10n ** (a % 10n);
        const bIn = a * a * t;
        const amountIn = (b * b - a * a) * t;
        const bOut = b * 1_000_003n;
        expect(weightedOut(bIn, 1n, bOut, 2n, amountIn * DEC_ONE), `${a}/${b}`).toBe(
          weightedOutReference(bIn * DEC_ONE, (bIn + amountIn) * DEC_ONE, 1n, 2n, bOut),
        );
        checked++;
      }
    }
    expect(checked).toBe(780);
  });

  it('exact out falls back to the reference where the exact power sits on a rounding boundary', () => {
    // The reference's input m = ceil(w·(P − S)/d) changes where P = S + m·d/w, and P ≥ S·x^(1/2) + MARGIN. Choose the
    // base so that S·x^(1/2) + MARGIN lands exactly there: x^(1/2) = R = (S·w + m·d − MARGIN·w)/(S·w) = N/D, so
    // bOut = N², bOut − out = D². The reference then answers m + 1 (its power is above the exact one) or m.
    const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
    let checked = 0;
    for (const bIn of [999_983n, 10n ** 12n + 39n]) {
      for (const fee of [0n, 3_000_000_000_000_000n]) {
        for (const m of [bIn / 5n, bIn / 5n + 1n, bIn / 3n]) {
          const w = bIn * DEC_ONE;
          const d = POW_SCALE * (DEC_ONE - fee);
          const num = POW_SCALE * w + m * d - EXACT_OUT_MARGIN * w;
          const den = POW_SCALE * w;
          const g = gcd(num, den);
          const [n, dd] = [num / g, den / g];
          const bOut = n * n;
          const amountOut = n * n - dd * dd;
          const reference = weightedInReference(bIn, 2n, bOut, 1n, amountOut, fee);
          expect([m, m + 1n]).toContain(reference);
          expect(weightedIn(bIn, 2n, bOut, 1n, amountOut, fee)).toBe(reference);
          checked++;
        }
      }
    }
    expect(checked).toBe(12);
  });
});

describe('the premise: the 60-digit power is within POW_ERROR of the exact power', () => {
  it('holds for random bases and fractional exponents, checked exactly with integer powers', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 20n }),
        fc.bigInt({ min: 2n, max: 20n }),
        (n, d, p, q) => {
          fc.pre(n < 2n * d && p % q !== 0n);
          const r = powRatio(n, d, p, q);
          // r − ERR ≤ S·x^(p/q) ≤ r + ERR  ⟺  x^(p/q) ≥ (r − ERR)/S and x^(p/q) ≤ (r + ERR)/S
          if (r > POW_ERROR) expect(comparePow(n, d, p, q, r - POW_ERROR, POW_SCALE)).toBeGreaterThanOrEqual(0);
          expect(comparePow(n, d, p, q, r + POW_ERROR, POW_SCALE)).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 1000 },
    );
    // And the bounds the pools use bracket it.
    const [lo, hi] = powBounds(2n, 3n, 3n, 7n);
    expect(comparePow(2n, 3n, 3n, 7n, lo, POW_SCALE)).toBeGreaterThanOrEqual(0);
    expect(comparePow(2n, 3n, 3n, 7n, hi, POW_SCALE)).toBeLessThanOrEqual(0);
  });
});

describe("weighted pool math against Osmosis' own arithmetic", () => {
  const pool = (bIn: bigint, wIn: bigint, bOut: bigint, wOut: bigint, fee: bigint) =>
    new BalancerPool(
      '1',
      fee,
      [
        { denom: 'in', amount: bIn, weight: wIn },
        { denom: 'out', amount: bOut, weight: wOut },
      ],
      TakerFees.none(),
    );

  it('reproduces the x/gamm swap_test.go vectors, as the quotes do', () => {
    // DefaultPoolAssets: 5,000,000 each, weights 100/200/300/400.
    expect(gammOutGivenIn(5_000_000n, 100n, 5_000_000n, 200n, 100_000n, 0n)).toBe(49_262n);
    expect(gammOutGivenIn(5_000_000n, 200n, 5_000_000n, 300n, 2_451_783n, 0n)).toBe(1_167_843n);
    expect(gammOutGivenIn(5_000_000n, 100n, 5_000_000n, 200n, 100_000n, 50_000_000_000_000_000n)).toBe(46_833n);
  });

  it('equal weights: the quote is the chain output, or one unit apart where the chain rounds its 18-decimal base', () => {
    fc.assert(
      fc.property(reserveArb, reserveArb, feeArb, shareArb, (bIn, bOut, fee, share) => {
        const amountIn = (bIn * share) / 1_000_000_000n + 1n;
        const ours = pool(bIn, 1n, bOut, 1n, fee).exactIn('in', 'out', amountIn) ?? 0n;
        const chain = gammOutGivenIn(bIn, 1n, bOut, 1n, amountIn, fee) ?? 0n;
        const diff = ours > chain ? ours - chain : chain - ours;
        expect(diff).toBeLessThanOrEqual(1n + bOut / 10n ** 18n);
      }),
      { numRuns: 1000 },
    );
  });

  it("fractional weights: within the chain's 1e-8 power precision, both ways", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
        fc.constantFrom(...WEIGHTS.slice(1)),
        feeArb,
        fc.integer({ min: 1, max: 300_000 }),
        (bIn, bOut, [wIn, wOut], fee, ppm) => {
          const amountIn = (bIn * BigInt(ppm)) / 1_000_000n + 1n;
          const ours = pool(bIn, wIn, bOut, wOut, fee).exactIn('in', 'out', amountIn) ?? 0n;
          const chain = gammOutGivenIn(bIn, wIn, bOut, wOut, amountIn, fee) ?? 0n;
          const diff = ours > chain ? ours - chain : chain - ours;
          expect(diff).toBeLessThanOrEqual(1n + bOut / 10n ** 7n);
          const amountOut = (bOut * BigInt(ppm)) / 1_000_000n + 1n;
          const inOurs = pool(bIn, wIn, bOut, wOut, fee).exactOut('in', 'out', amountOut) ?? 0n;
          const inChain = gammInGivenOut(bIn, wIn, bOut, wOut, amountOut, fee) ?? 0n;
          const inDiff = inOurs > inChain ? inOurs - inChain : inChain - inOurs;
          expect(inDiff).toBeLessThanOrEqual(1n + inChain / 10n ** 7n);
        },
      ),
      { numRuns: 500 },
    );
  });
});
