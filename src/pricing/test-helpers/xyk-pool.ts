/**
 * A minimal constant-product pool honouring the venue Pool contract, for pricing tests (the real venue pools are
 * written elsewhere). Fee is taken from the input; spot price is the reserve ratio before fees.
 */
import { DEC_ONE, type Dec, type Pool, type Ratio } from '../../venues/types.js';

export interface XykOptions {
  /** Swap fee as an 18-decimal fraction (0.003 = 3n * 10n ** 15n). */
  fee?: Dec;
  /** Behave like a pool type that cannot report a spot price. */
  noSpot?: boolean;
}

export function xykPool(id: string, reserves: Record<string, bigint>, options: XykOptions = {}): Pool {
  const denoms = Object.keys(reserves);
  if (denoms.length !== 2) throw new Error('xyk pools have two denoms');
  const fee = options.fee ?? 0n;
  const r = (d: string) => reserves[d] ?? 0n;
  const has = (a: string, b: string) => a !== b && denoms.includes(a) && denoms.includes(b);
  return {
    id,
    venue: 'test-xyk',
    kind: 'xyk',
    denoms,
    swapFee: fee,
    exactIn(denomIn, denomOut, amountIn) {
      if (!has(denomIn, denomOut) || amountIn <= 0n) return undefined;
      const inAfterFee = (amountIn * (DEC_ONE - fee)) / DEC_ONE;
      const out = (r(denomOut) * inAfterFee) / (r(denomIn) + inAfterFee);
      return out > 0n ? out : undefined;
    },
    exactOut(denomIn, denomOut, amountOut) {
      if (!has(denomIn, denomOut) || amountOut <= 0n || amountOut >= r(denomOut)) return undefined;
      const inAfterFee = (r(denomIn) * amountOut + (r(denomOut) - amountOut) - 1n) / (r(denomOut) - amountOut);
      return (inAfterFee * DEC_ONE + (DEC_ONE - fee) - 1n) / (DEC_ONE - fee);
    },
    spotPrice(denomIn, denomOut): Ratio | undefined {
      if (options.noSpot || !has(denomIn, denomOut) || r(denomIn) === 0n) return undefined;
      return { num: r(denomOut), den: r(denomIn) };
    },
    reserve: r,
  };
}

/** 10^n as bigint, for readable reserves (`7n * E(6)`). */
export const E = (n: number): bigint => 10n ** BigInt(n);
