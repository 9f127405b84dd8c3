/**
 * What every Osmosis pool shares: the venue name, the pool's swap fee, and the x/poolmanager taker fee charged on
 * the token in around the pool's own math. Subclasses implement only the pool math (`poolOut` / `poolIn`).
 */
import type { Dec, Pool, Ratio } from '../types.js';
import { TakerFees } from './taker-fee.js';

export const OSMOSIS_VENUE = 'osmosis-poolmanager';

export abstract class OsmosisPool implements Pool {
  readonly venue = OSMOSIS_VENUE;
  abstract readonly kind: string;
  abstract readonly denoms: readonly string[];

  constructor(
    readonly id: string,
    readonly swapFee: Dec,
    protected readonly takerFees: TakerFees,
    readonly takenAt?: Date,
  ) {}

  /** Pool math only: output for `amountIn` reaching the pool (swap fee included, taker fee excluded). */
  protected abstract poolOut(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined;
  /** Optional pool math estimate in double precision (see Pool.estimateExactIn), taker fee excluded. */
  protected poolEstimate?(denomIn: string, denomOut: string, amountIn: number): number | undefined;
  /** Pool math only: input that must reach the pool for `amountOut` (swap fee included, taker fee excluded). */
  protected abstract poolIn(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined;
  abstract spotPrice(denomIn: string, denomOut: string): Ratio | undefined;
  abstract reserve(denom: string): bigint;

  protected has(denom: string): boolean {
    return this.denoms.includes(denom);
  }

  /** Taker fee for this ordered pair. */
  takerFee(denomIn: string, denomOut: string): Dec {
    return this.takerFees.fee(denomIn, denomOut);
  }

  exactIn(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined {
    if (amountIn <= 0n || denomIn === denomOut || !this.has(denomIn) || !this.has(denomOut)) return undefined;
    const toPool = TakerFees.afterFee(amountIn, this.takerFee(denomIn, denomOut));
    if (toPool <= 0n) return undefined;
    const out = guarded(() => this.poolOut(denomIn, denomOut, toPool));
    return out !== undefined && out > 0n ? out : undefined;
  }

  estimateExactIn(denomIn: string, denomOut: string, amountIn: number): number | undefined {
    if (!this.poolEstimate || !(amountIn > 0) || denomIn === denomOut || !this.has(denomIn) || !this.has(denomOut))
      return undefined;
    const out = this.poolEstimate(denomIn, denomOut, amountIn * (1 - Number(this.takerFee(denomIn, denomOut)) / 1e18));
    return out !== undefined && out > 0 && Number.isFinite(out) ? out : undefined;
  }

  exactOut(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    if (amountOut <= 0n || denomIn === denomOut || !this.has(denomIn) || !this.has(denomOut)) return undefined;
    const toPool = guarded(() => this.poolIn(denomIn, denomOut, amountOut));
    if (toPool === undefined || toPool <= 0n) return undefined;
    return TakerFees.beforeFee(toPool, this.takerFee(denomIn, denomOut));
  }
}

/** Pool math signals impossible inputs (a base out of range, a solver that cannot converge) with RangeError. */
function guarded(f: () => bigint | undefined): bigint | undefined {
  try {
    return f();
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
}
