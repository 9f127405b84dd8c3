import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_CASES, feeArb } from '../test-helpers/pool-arbitraries.js';
import { parseDec, parseFixed } from '../math/fixed.js';
import { ConcentratedPool, type ClBucket } from './concentrated.js';
import { TakerFees } from './taker-fee.js';
import { tickToPrice36, tickToSqrtPrice } from './tick-math.js';

/**
 * Vectors from Osmosis' x/concentrated-liquidity/swaps_test.go, whose comments derive each expected amount with
 * Python's decimal module: an ETH/USDC pool (eth = token0) at price 5000 (tick 31,000,000, sqrt price
 * 70.710678118654752441) with one position 4545–5500 of liquidity 1517882343.751510417627556287
 * (app/apptesting/concentrated_liquidity.go DefaultLiquidityAmt, DefaultLowerTick 30545000, DefaultUpperTick 31500000).
 */
const L1 = parseDec('1517882343.751510417627556287');
const SQRT_5000 = parseFixed('70.710678118654752441', 36);

function pool(spreadFactor: string, extra: ClBucket[] = []): ConcentratedPool {
  return new ConcentratedPool(
    'cl',
    parseDec(spreadFactor),
    {
      token0: 'eth',
      token1: 'usdc',
      sqrtPrice: SQRT_5000,
      currentTick: 31_000_000,
      liquidity: L1,
      tickSpacing: 1,
      buckets: [{ lower: 30_545_000, upper: 31_500_000, liquidity: L1 }, ...extra],
    },
    TakerFees.none(),
  );
}

describe('Osmosis tick math', () => {
  it('maps ticks to prices as x/concentrated-liquidity/math/tick.go does', () => {
    expect(tickToPrice36(0)).toBe(10n ** 36n);
    expect(tickToPrice36(1)).toBe(parseFixed('1.000001', 36));
    expect(tickToPrice36(-1)).toBe(parseFixed('0.9999999', 36));
    expect(tickToPrice36(9_000_000)).toBe(10n * 10n ** 36n);
    expect(tickToPrice36(31_000_000)).toBe(5000n * 10n ** 36n);
    expect(tickToPrice36(30_545_000)).toBe(4545n * 10n ** 36n);
    // 18-decimal square root rounded up, as chain state shows for sqrt(5000)
    expect(tickToSqrtPrice(31_000_000)).toBe(SQRT_5000);
  });
});

describe('Osmosis concentrated pool', () => {
  it('single position, usdc → eth (token1 in): 42000000 → 8396', () => {
    expect(pool('0').exactIn('usdc', 'eth', 42_000_000n)).toBe(8_396n);
  });

  it('single position, eth → usdc (token0 in): 13370 → 66808388', () => {
    expect(pool('0').exactIn('eth', 'usdc', 13_370n)).toBe(66_808_388n);
  });

  it('1% spread factor, usdc → eth: 42000000 → 8312', () => {
    expect(pool('0.01').exactIn('usdc', 'eth', 42_000_000n)).toBe(8_312n);
  });

  it('crosses into a consecutive range 5500–6250 (usdc → eth): 10000000000 → 1820630', () => {
    const p = pool('0', [
      { lower: 31_500_000, upper: 32_250_000, liquidity: parseDec('1197767444.955508123483846019') },
    ]);
    expect(p.exactIn('usdc', 'eth', 10_000_000_000n)).toBe(1_820_630n);
  });

  it('crosses into a consecutive range 4000–4545 (eth → usdc): 2000000 → 9103422788; with 5% spread factor 8691708221', () => {
    const below = [{ lower: 30_000_000, upper: 30_545_000, liquidity: parseDec('1198735489.597250295669959397') }];
    expect(pool('0', below).exactIn('eth', 'usdc', 2_000_000n)).toBe(9_103_422_788n);
    expect(pool('0.05', below).exactIn('eth', 'usdc', 2_000_000n)).toBe(8_691_708_221n);
  });

  it('exact out (swapInGivenOut cases): 42000000 usdc out ← 8404 eth (8489 at 1%); 13370 eth out ← 66891663 usdc', () => {
    expect(pool('0').exactOut('eth', 'usdc', 42_000_000n)).toBe(8_404n);
    expect(pool('0.01').exactOut('eth', 'usdc', 42_000_000n)).toBe(8_489n);
    expect(pool('0').exactOut('usdc', 'eth', 13_370n)).toBe(66_891_663n);
  });

  it('refuses swaps beyond the known liquidity', () => {
    const p = pool('0');
    expect(p.exactIn('usdc', 'eth', 10_000_000_000_000n)).toBeUndefined();
    expect(p.exactOut('eth', 'usdc', p.reserve('usdc') + 1n)).toBeUndefined();
  });

  it('without a tick model quotes only the active tick-spacing bucket', () => {
    // Real state of pool 1464 (OSMO/USDC) recorded 2025-02-14 (see data/pools/osmosis-1.json).
    const p = new ConcentratedPool(
      '1464',
      parseDec('0.0001'),
      {
        token0: 'uosmo',
        token1: 'usdc',
        sqrtPrice: parseFixed('0.557616705830189281239597214228869685', 36),
        currentTick: -6_890_637,
        liquidity: parseDec('129078009529296.719773219874633244'),
        tickSpacing: 100,
      },
      TakerFees.none(),
    );
    expect(p.hasTickModel).toBe(false);
    expect(p.buckets).toEqual([
      { lower: -6_890_700, upper: -6_890_600, liquidity: parseDec('129078009529296.719773219874633244') },
    ]);
    // ~0.3109 USDC per OSMO at the recorded price
    const out = p.exactIn('uosmo', 'usdc', 1_000_000_000n) as bigint;
    expect(out).toBeGreaterThan(310_000_000n);
    expect(out).toBeLessThan(311_000_000n);
    expect(p.exactIn('uosmo', 'usdc', p.reserve('uosmo') * 10n)).toBeUndefined();
  });

  it('spot price is the square of the sqrt price', () => {
    const s = pool('0').spotPrice('eth', 'usdc');
    expect(s && Number((s.num * 1_000_000n) / s.den) / 1e6).toBeCloseTo(5000, 6);
  });
});

describe('memoised whole-bucket steps', () => {
  it('a pool that quoted other amounts before answers as a fresh one, in both directions', () => {
    fc.assert(
      fc.property(
        fc.oneof(POOL_CASES['osmosis concentrated (token0 in)']!, POOL_CASES['osmosis concentrated (token1 in)']!),
        feeArb(),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 6n }), { minLength: 2, maxLength: 12 }),
        (c, fee, permille) => {
          const warm = c.make(fee);
          permille.forEach((p, i) => {
            // Amounts from a sliver of a bucket to beyond the known liquidity, both directions in turn, against a
            // pool never used before.
            const [from, to, scale] =
              i % 2 === 0 ? [c.denomIn, c.denomOut, c.inScale] : [c.denomOut, c.denomIn, c.outScale];
            const amount = (scale * p) / 100_000n + 1n;
            expect(warm.exactIn(from, to, amount)).toBe(c.make(fee).exactIn(from, to, amount));
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
