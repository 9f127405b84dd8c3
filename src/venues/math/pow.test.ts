import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POW_ERROR, POW_SCALE, exp, lnRatio, powBounds, powRatio } from './pow.js';
import { parseFixed } from './fixed.js';

/** A constant known to 60 digits, at POW_SCALE. */
const k = (s: string): bigint => parseFixed(s, 60);

describe('pow in 60-digit fixed point', () => {
  it('matches known constants within the stated error', () => {
    // 2^(-1/3), ln 2, ln 10, e: published digits (e.g. OEIS A270714, A002162, A002392, A001113).
    const cases: [bigint, bigint][] = [
      [powRatio(1n, 2n, 1n, 3n), k('0.793700525984099737375852819636154130195746663949926504904142')],
      [lnRatio(2n, 1n), k('0.693147180559945309417232121458176568075500134360255254120680')],
      [lnRatio(10n, 1n), k('2.302585092994045684017991454684364207601101488628772976033327')],
      [exp(POW_SCALE), k('2.718281828459045235360287471352662497757247093699959574966967')],
    ];
    for (const [got, want] of cases) {
      const d = got > want ? got - want : want - got;
      expect(d).toBeLessThanOrEqual(POW_ERROR);
    }
  });

  it('computes integer exponents exactly (equal-weight pools need no approximation)', () => {
    expect(powRatio(3n, 4n, 2n, 1n)).toBe((9n * POW_SCALE) / 16n);
    expect(powBounds(1n, 3n, 1n, 1n)).toEqual([POW_SCALE / 3n, POW_SCALE / 3n + 1n]);
  });

  it('is consistent with floating point for random bases and exponents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1999 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (b, en, ed) => {
          const got = Number(powRatio(BigInt(b), 1000n, BigInt(en), BigInt(ed))) / 1e60;
          const want = Math.pow(b / 1000, en / ed);
          expect(Math.abs(got - want) / want).toBeLessThan(1e-12);
        },
      ),
    );
  });

  it('bounds bracket the value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        (n, d, en, ed) => {
          if (n >= 2n * d) return;
          const [lo, hi] = powBounds(n, d, BigInt(en), BigInt(ed));
          expect(lo <= hi).toBe(true);
        },
      ),
    );
  });
});
