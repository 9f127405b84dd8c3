import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pool } from '../venues/types.js';
import { Decimal } from './decimal.js';
import { combineImpacts, pathSpotPrice, priceImpactPercent, type SwapHop } from './impact.js';
import { E, xykPool } from './test-helpers/xyk-pool.js';
import { formatPercent } from './usd.js';

const A = 'uatom';
const B = 'uosmo';
const C = 'ibc/USDC';

const hop = (pool: Pool, denomIn: string, denomOut: string): SwapHop => ({ pool, denomIn, denomOut });
function leg(hops: SwapHop[], amountIn: bigint) {
  let amount = amountIn;
  for (const h of hops) amount = h.pool.exactIn(h.denomIn, h.denomOut, amount)!;
  return { hops, amountIn, amountOut: amount };
}

describe('priceImpactPercent', () => {
  it('is x / (R + x) for a fee-free constant-product pool', () => {
    const p = xykPool('1', { [A]: 1_000n * E(6), [B]: 12_000n * E(6) });
    const impact = priceImpactPercent([leg([hop(p, A, B)], 10n * E(6))])!;
    // 10 / 1010 = 0.990099… %, up to the integer rounding of the output (one base unit in 118 811 881)
    expect(formatPercent(impact)).toBe('0.9901');
  });

  it('includes the fees: a tiny swap through a 0.3 % pool costs 0.3 %', () => {
    const p = xykPool('1', { [A]: 1_000_000n * E(6), [B]: 1_000_000n * E(6) }, { fee: 3n * E(15) });
    expect(formatPercent(priceImpactPercent([leg([hop(p, A, B)], E(6))])!)).toBe('0.3001');
  });

  it('multiplies spot prices along a path', () => {
    const p1 = xykPool('1', { [A]: 1_000n * E(6), [B]: 12_000n * E(6) });
    const p2 = xykPool('2', { [B]: 2_000_000n * E(6), [C]: 1_000_000n * E(6) });
    expect(pathSpotPrice([hop(p1, A, B), hop(p2, B, C)])).toEqual({
      num: 12_000n * E(6) * 1_000_000n * E(6),
      den: 1_000n * E(6) * 2_000_000n * E(6),
    });
    const twoHop = priceImpactPercent([leg([hop(p1, A, B), hop(p2, B, C)], 10n * E(6))])!;
    const firstOnly = priceImpactPercent([leg([hop(p1, A, B)], 10n * E(6))])!;
    expect(twoHop.gt(firstOnly)).toBe(true);
    expect(twoHop.lt(firstOnly.add(Decimal.parse('0.01')))).toBe(true); // the deep second pool adds little
  });

  it('sums spot output over the legs of a split swap', () => {
    const p1 = xykPool('1', { [A]: 1_000n * E(6), [B]: 12_000n * E(6) });
    const p2 = xykPool('2', { [A]: 3_000n * E(6), [B]: 36_000n * E(6) });
    const whole = priceImpactPercent([leg([hop(p1, A, B)], 40n * E(6))])!;
    const split = priceImpactPercent([leg([hop(p1, A, B)], 10n * E(6)), leg([hop(p2, A, B)], 30n * E(6))])!;
    // Same spot price, split in proportion to depth: each leg has impact 10/1010 = 30/3030.
    expect(formatPercent(split)).toBe('0.9901');
    expect(split.lt(whole)).toBe(true);
  });

  it('is unknown when a pool cannot give a spot price, or for an empty or zero-input swap', () => {
    const p = xykPool('1', { [A]: E(12), [B]: E(12) }, { noSpot: true });
    expect(priceImpactPercent([leg([hop(p, A, B)], E(6))])).toBeUndefined();
    expect(priceImpactPercent([])).toBeUndefined();
    expect(priceImpactPercent([{ hops: [], amountIn: 1n, amountOut: 1n }])).toBeUndefined();
    expect(
      priceImpactPercent([
        { hops: [hop(xykPool('2', { [A]: E(12), [B]: E(12) }), A, B)], amountIn: 0n, amountOut: 0n },
      ]),
    ).toBeUndefined();
    const throwing: Pool = {
      ...xykPool('3', { [A]: E(12), [B]: E(12) }),
      spotPrice: () => {
        throw new Error('bug');
      },
    };
    expect(priceImpactPercent([{ hops: [hop(throwing, A, B)], amountIn: 1n, amountOut: 1n }])).toBeUndefined();
  });

  it('is 100 % when nothing comes out and 0 when execution beats spot (rounding)', () => {
    const p = xykPool('1', { [A]: E(12), [B]: E(12) });
    expect(priceImpactPercent([{ hops: [hop(p, A, B)], amountIn: E(6), amountOut: 0n }])?.toString()).toBe('100');
    expect(priceImpactPercent([{ hops: [hop(p, A, B)], amountIn: E(6), amountOut: E(6) + 1n }])?.toString()).toBe('0');
  });

  it('grows with the trade size and stays within [0, 100] (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: E(6), max: E(15) }),
        fc.bigInt({ min: E(6), max: E(15) }),
        fc.bigInt({ min: E(3), max: E(12) }),
        fc.bigInt({ min: E(3), max: E(12) }),
        fc.bigInt({ min: 0n, max: E(16) }),
        (ra, rb, x, y, fee) => {
          const p = xykPool('1', { [A]: ra, [B]: rb }, { fee });
          const [lo, hi] = x <= y ? [x, y] : [y, x];
          const a = leg([hop(p, A, B)], lo);
          const b = leg([hop(p, A, B)], hi);
          fc.pre(a.amountOut !== undefined && b.amountOut !== undefined && a.amountOut > 1000n);
          const ia = priceImpactPercent([a])!;
          const ib = priceImpactPercent([b])!;
          expect(ia.sign() >= 0 && ib.lte(Decimal.fromInt(100))).toBe(true);
          // Integer rounding (fee on the input, then the output) can wobble by about one base unit of each.
          const smallest = [lo, a.amountOut, b.amountOut].reduce((m, v) => (v < m ? v : m));
          const wobble = Decimal.fromRatio(400n, smallest, 18);
          expect(ia.lte(ib.add(wobble))).toBe(true);
        },
      ),
    );
  });
});

describe('combineImpacts', () => {
  it('compounds sequential swaps', () => {
    expect(combineImpacts([Decimal.fromInt(10), Decimal.fromInt(10)]).toString()).toBe('19');
    expect(combineImpacts([Decimal.parse('0.2607')]).toString()).toBe('0.2607');
    expect(combineImpacts([]).toString()).toBe('0');
  });
});
