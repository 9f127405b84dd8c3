/**
 * Uniswap V3 math against exact references: the tick ↔ sqrt price definition, and the amount formulas evaluated as
 * exact rationals with the rounding the contract documents. (The swap as a whole is checked against the real pool
 * contract on anvil in ../v3-anvil.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_UINT128, Q96 } from './full-math.js';
import { amount0Delta, amount1Delta, nextSqrtPriceFromInput, nextSqrtPriceFromOutput } from './sqrt-price-math.js';
import { computeSwapStep } from './swap-math.js';
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, sqrtRatioAtTick, tickAtSqrtRatio } from './tick-math.js';

const RUNS = Number(process.env.FC_RUNS ?? 300);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const tickArb = fc.integer({ min: MIN_TICK, max: MAX_TICK });
const sqrtArb = fc.bigInt({ min: MIN_SQRT_RATIO, max: MAX_SQRT_RATIO - 1n });
const liquidityArb = fc.bigInt({ min: 1n, max: MAX_UINT128 });

describe('TickMath', () => {
  it('has the contract constants at the ends and 2^96 at tick 0', () => {
    expect(sqrtRatioAtTick(MIN_TICK)).toBe(MIN_SQRT_RATIO);
    expect(sqrtRatioAtTick(MAX_TICK)).toBe(MAX_SQRT_RATIO);
    expect(sqrtRatioAtTick(0)).toBe(Q96);
    expect(() => sqrtRatioAtTick(MAX_TICK + 1)).toThrow(RangeError);
    expect(() => tickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow(RangeError);
  });

  it('sqrtRatioAtTick is √1.0001^t · 2^96 (relative error < 1e-12) and strictly increasing', () => {
    fc.assert(
      fc.property(tickArb, (t) => {
        const s = sqrtRatioAtTick(t);
        const ln = Math.log(Number(s)) - 96 * Math.LN2;
        expect(Math.abs(ln - (t * Math.log(1.0001)) / 2)).toBeLessThan(1e-9);
        if (t < MAX_TICK) expect(sqrtRatioAtTick(t + 1)).toBeGreaterThan(s);
      }),
      { numRuns: RUNS },
    );
  });

  it('tickAtSqrtRatio is the greatest tick whose sqrt ratio is at most the price', () => {
    fc.assert(
      fc.property(fc.oneof(sqrtArb, tickArb.map(sqrtRatioAtTick)), (s) => {
        if (s >= MAX_SQRT_RATIO) return;
        const t = tickAtSqrtRatio(s);
        expect(sqrtRatioAtTick(t)).toBeLessThanOrEqual(s);
        if (t < MAX_TICK) expect(sqrtRatioAtTick(t + 1)).toBeGreaterThan(s);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('SqrtPriceMath', () => {
  it('amount deltas are the exact formulas rounded as asked', () => {
    fc.assert(
      fc.property(sqrtArb, sqrtArb, liquidityArb, (a, b, L) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const n0 = (L << 96n) * (hi - lo);
        expect(amount0Delta(a, b, L, true)).toBe(ceilDiv(n0, lo * hi));
        expect(amount0Delta(a, b, L, false)).toBe(n0 / (lo * hi));
        expect(amount1Delta(a, b, L, true)).toBe(ceilDiv(L * (hi - lo), Q96));
        expect(amount1Delta(a, b, L, false)).toBe((L * (hi - lo)) / Q96);
      }),
      { numRuns: RUNS },
    );
  });

  it('the next price never moves further than the amount pays for', () => {
    fc.assert(
      fc.property(sqrtArb, liquidityArb, fc.bigInt({ min: 1n, max: 1n << 200n }), fc.boolean(), (s, L, amt, z) => {
        let next: bigint;
        try {
          next = nextSqrtPriceFromInput(s, L, amt, z);
        } catch {
          return; // out of range, as the contract reverts
        }
        if (z) {
          expect(next).toBeLessThanOrEqual(s);
          expect(amount0Delta(next, s, L, true)).toBeLessThanOrEqual(amt);
        } else {
          expect(next).toBeGreaterThanOrEqual(s);
          expect(amount1Delta(s, next, L, true)).toBeLessThanOrEqual(amt);
        }
        let back: bigint;
        try {
          back = nextSqrtPriceFromOutput(s, L, amt, z);
        } catch {
          return;
        }
        // Removing `amt` of the output moves the price at least as far as the amount requires.
        if (z) expect(amount1Delta(back, s, L, false)).toBeGreaterThanOrEqual(amt);
        else expect(amount0Delta(s, back, L, false)).toBeGreaterThanOrEqual(amt);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('SwapMath.computeSwapStep', () => {
  const feeArb = fc.constantFrom(100n, 500n, 3000n, 10000n);
  it('spends at most the exact input (all of it when the target is not reached) and pays at most the exact output', () => {
    fc.assert(
      fc.property(
        sqrtArb,
        sqrtArb,
        fc.bigInt({ min: 1n, max: 1n << 100n }),
        fc.bigInt({ min: 1n, max: 1n << 100n }),
        feeArb,
        (cur, target, L, amt, fee) => {
          const i = computeSwapStep(cur, target, L, amt, fee);
          expect(i.amountIn + i.feeAmount).toBeLessThanOrEqual(amt);
          if (i.sqrtPriceNext !== target) expect(i.amountIn + i.feeAmount).toBe(amt);
          const o = computeSwapStep(cur, target, L, -amt, fee);
          expect(o.amountOut).toBeLessThanOrEqual(amt);
          if (o.sqrtPriceNext !== target) expect(o.amountOut).toBe(amt);
          expect(o.feeAmount).toBe(ceilDiv(o.amountIn * fee, 1_000_000n - fee));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
