/**
 * A Uniswap V2-style constant-product pair (UniswapV2Pair, and forks that differ only in the fee): reserves x, y and
 * a fee taken from the input, as UniswapV2Library computes it for the router:
 *
 *   exact in:  out = in·f·y / (x·d + in·f)                   (f/d = 997/1000 for Uniswap V2, 9975/10000 for 0.25 %)
 *   exact out: in  = x·out·d / ((y − out)·f) + 1             (getAmountIn: rounded down, plus one unit)
 *
 * The exact-out formula is the router's own (swapTokensForExactTokens pays what getAmountsIn says), so Junction asks
 * for the same input a Uniswap router would pull.
 */
import { DEC_ONE, type Dec, type Pool, type Ratio } from '../types.js';

export const V2_KIND = 'uniswap-v2';

export interface V2PoolState {
  token0: string;
  token1: string;
  reserve0: bigint;
  reserve1: bigint;
  /** Fee as the fraction the input keeps: numerator / denominator (997 / 1000). */
  feeNumerator: bigint;
  feeDenominator: bigint;
}

export class ConstantProductPool implements Pool {
  readonly kind = V2_KIND;
  readonly denoms: readonly string[];
  readonly swapFee: Dec;

  constructor(
    /** Pair contract address (checksummed). */
    readonly id: string,
    readonly venue: string,
    /** Which deployment: "uniswap-v2", or a fork with its own fee (data/evm-uniswap.json). */
    readonly protocol: string,
    readonly state: V2PoolState,
    readonly takenAt?: Date,
  ) {
    const { feeNumerator: f, feeDenominator: d } = state;
    if (!(d > 0n && f > 0n && f <= d)) throw new RangeError('bad fee fraction');
    this.denoms = [state.token0, state.token1];
    this.swapFee = ((d - f) * DEC_ONE) / d;
  }

  private reserves(denomIn: string, denomOut: string): [bigint, bigint] | undefined {
    const { token0, token1, reserve0, reserve1 } = this.state;
    if (reserve0 <= 0n || reserve1 <= 0n) return undefined;
    if (denomIn === token0 && denomOut === token1) return [reserve0, reserve1];
    if (denomIn === token1 && denomOut === token0) return [reserve1, reserve0];
    return undefined;
  }

  exactIn(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined {
    const r = this.reserves(denomIn, denomOut);
    if (!r || amountIn <= 0n) return undefined;
    const [x, y] = r;
    const inWithFee = amountIn * this.state.feeNumerator;
    const out = (inWithFee * y) / (x * this.state.feeDenominator + inWithFee);
    return out > 0n ? out : undefined;
  }

  exactOut(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    const r = this.reserves(denomIn, denomOut);
    if (!r || amountOut <= 0n) return undefined;
    const [x, y] = r;
    if (amountOut >= y) return undefined;
    return (x * amountOut * this.state.feeDenominator) / ((y - amountOut) * this.state.feeNumerator) + 1n;
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const r = this.reserves(denomIn, denomOut);
    return r ? { num: r[1], den: r[0] } : undefined;
  }

  reserve(denom: string): bigint {
    if (denom === this.state.token0) return this.state.reserve0;
    if (denom === this.state.token1) return this.state.reserve1;
    return 0n;
  }
}
