/**
 * fast-check generators of Uniswap pools for the shared pool contract suite (venues/pool-contract.test.ts): V3 pools
 * with random positions around a random price on each tick spacing, and V2 pairs with random reserves; the suite's
 * fee (a Dec) becomes the pool's fee in pips (V3) or its fee fraction (V2).
 */
import fc from 'fast-check';
import type { Dec } from '../../types.js';
import type { PoolCase } from '../../test-helpers/pool-arbitraries.js';
import { sqrtRatioAtTick } from '../math/tick-math.js';
import { ConstantProductPool } from '../v2-pool.js';
import { UniswapV3Pool, type V3Tick } from '../v3-pool.js';

const T0 = '0x00000000000000000000000000000000000000a0';
const T1 = '0x00000000000000000000000000000000000000b0';
const pips = (fee: Dec) => Number(fee / 1_000_000_000_000n);

const position = (spacing: number, around: number) =>
  fc
    .tuple(
      fc.integer({ min: -200, max: 199 }),
      fc.integer({ min: 1, max: 200 }),
      fc.bigInt({ min: 10n ** 12n, max: 10n ** 22n }),
    )
    .map(([lo, width, liquidity]) => {
      const lower = (Math.floor(around / spacing) + lo) * spacing;
      return { lower, upper: lower + width * spacing, liquidity };
    });

export function v3Case(zeroForOne: boolean): fc.Arbitrary<PoolCase> {
  return fc
    .record({
      spacing: fc.constantFrom(1, 10, 60, 200),
      tick: fc.integer({ min: -300_000, max: 300_000 }),
      frac: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .chain(({ spacing, tick, frac }) =>
      fc.array(position(spacing, tick), { minLength: 1, maxLength: 8 }).map((positions) => {
        const nets = new Map<number, bigint>();
        for (const p of positions) {
          nets.set(p.lower, (nets.get(p.lower) ?? 0n) + p.liquidity);
          nets.set(p.upper, (nets.get(p.upper) ?? 0n) - p.liquidity);
        }
        const ticks: V3Tick[] = [...nets].map(([t, liquidityNet]) => ({ tick: t, liquidityNet }));
        const liquidity = ticks.filter((t) => t.tick <= tick).reduce((s, t) => s + t.liquidityNet, 0n);
        const lo = sqrtRatioAtTick(tick);
        const span = sqrtRatioAtTick(tick + 1) - lo;
        const sqrtPriceX96 = lo + (span * BigInt(Math.floor(frac * 1e6))) / 1_000_000n;
        const make = (fee: Dec) =>
          new UniswapV3Pool('0x0000000000000000000000000000000000000001', 'test', 'uniswap-v3', {
            token0: T0,
            token1: T1,
            fee: pips(fee),
            tickSpacing: spacing,
            sqrtPriceX96,
            tick,
            liquidity,
            ticks,
          });
        const probe = make(0n);
        const [denomIn, denomOut] = zeroForOne ? [T0, T1] : [T1, T0];
        return {
          make,
          denomIn,
          denomOut,
          inScale: probe.reserve(denomIn) + 1n,
          outScale: probe.reserve(denomOut) + 1n,
        };
      }),
    );
}

export const v2Case: fc.Arbitrary<PoolCase> = fc
  .tuple(fc.bigInt({ min: 1000n, max: 10n ** 30n }), fc.bigInt({ min: 1000n, max: 10n ** 30n }))
  .map(([reserve0, reserve1]) => ({
    make: (fee: Dec) =>
      new ConstantProductPool('0x0000000000000000000000000000000000000002', 'test', 'uniswap-v2', {
        token0: T0,
        token1: T1,
        reserve0,
        reserve1,
        feeNumerator: 1_000_000n - BigInt(pips(fee)),
        feeDenominator: 1_000_000n,
      }),
    denomIn: T0,
    denomOut: T1,
    inScale: reserve0,
    outScale: reserve1,
  }));
