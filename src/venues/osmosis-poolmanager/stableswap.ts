/**
 * Osmosis stableswap pool (x/gamm/pool-models/stableswap): the CFMM in cfmm.ts on reserves divided by each asset's
 * scaling factor (scaled here to 18 decimals, reserves rounded down as Osmosis does).
 *
 *   exact in:  y' = y + in·(1 − fee); out = x − x'(y'), rounded down
 *   exact out: x' = x − out (out rounded up when scaled); in = (y'(x') − y) / (1 − fee), rounded up
 *              (fee applied before descaling, the exact inverse of exact in; Osmosis descales first — ≤ 1 unit apart)
 *
 * Osmosis refuses a swap whose scaled input is at least the input-side reserve, or whose output reaches the whole
 * output-side reserve (amm.go, solveCFMMBinarySearchMulti); so do we.
 */
import { DEC_ONE, type Dec, type Ratio } from '../types.js';
import { DEC18, ceilDiv } from '../math/fixed.js';
import { cfmmK, solveCfmmX } from './cfmm.js';
import { OsmosisPool } from './base.js';
import type { TakerFees } from './taker-fee.js';

export interface StableAsset {
  denom: string;
  amount: bigint;
  scalingFactor: bigint;
}

interface Scaled {
  x: bigint; // output side (or the side being solved for)
  y: bigint; // input side
  w: bigint; // sum of squares of the remaining reserves
  xa: StableAsset;
  ya: StableAsset;
}

export class StableswapPool extends OsmosisPool {
  readonly kind = 'stableswap';
  readonly denoms: readonly string[];
  private readonly byDenom: ReadonlyMap<string, StableAsset>;
  private readonly scaled: ReadonlyMap<string, bigint>;

  constructor(
    id: string,
    swapFee: Dec,
    readonly assets: readonly StableAsset[],
    takerFees: TakerFees,
    takenAt?: Date,
  ) {
    super(id, swapFee, takerFees, takenAt);
    this.denoms = assets.map((a) => a.denom);
    this.byDenom = new Map(assets.map((a) => [a.denom, a]));
    this.scaled = new Map(
      assets.map((a) => [a.denom, a.scalingFactor > 0n ? (a.amount * DEC18) / a.scalingFactor : 0n]),
    );
  }

  /** Reserves arranged as (x = `solveFor`, y = `other`), or undefined if a side is empty. */
  private arrange(solveFor: string, other: string): Scaled | undefined {
    const xa = this.byDenom.get(solveFor);
    const ya = this.byDenom.get(other);
    if (!xa || !ya || xa.scalingFactor <= 0n || ya.scalingFactor <= 0n) return undefined;
    const x = this.scaled.get(solveFor) ?? 0n;
    const y = this.scaled.get(other) ?? 0n;
    if (x <= 0n || y <= 0n) return undefined;
    let w = 0n;
    for (const [d, r] of this.scaled) if (d !== solveFor && d !== other) w += r * r;
    return { x, y, w, xa, ya };
  }

  protected poolOut(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined {
    const s = this.arrange(denomOut, denomIn);
    if (!s) return undefined;
    const inScaled = (amountIn * DEC18) / s.ya.scalingFactor;
    const ammIn = (inScaled * (DEC_ONE - this.swapFee)) / DEC_ONE;
    if (ammIn <= 0n || ammIn >= s.y) return undefined;
    const xNew = solveCfmmX(s.y + ammIn, s.w, cfmmK(s.x, s.y, s.w), s.x);
    const outScaled = s.x - xNew;
    if (outScaled <= 0n || outScaled >= s.x) return undefined;
    return (outScaled * s.xa.scalingFactor) / DEC18;
  }

  protected poolIn(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    // Solve for the input side given the output side's new reserve: x = input side, y = output side.
    const s = this.arrange(denomIn, denomOut);
    if (!s) return undefined;
    const outScaled = ceilDiv(amountOut * DEC18, s.ya.scalingFactor);
    if (outScaled >= s.y) return undefined;
    const xNew = solveCfmmX(s.y - outScaled, s.w, cfmmK(s.x, s.y, s.w), s.x);
    const inScaled = xNew - s.x;
    if (inScaled <= 0n || inScaled >= s.x) return undefined;
    // Invert exact-in's rounding chain step by step (scale down, then apply the fee, each floored), so the input
    // found here always buys at least `amountOut` when quoted back with exactIn.
    const scaledBeforeFee = ceilDiv(inScaled * DEC_ONE, DEC_ONE - this.swapFee);
    return ceilDiv(scaledBeforeFee * s.xa.scalingFactor, DEC18);
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const s = this.arrange(denomOut, denomIn);
    if (!s) return undefined;
    // |dx/dy| on the invariant: x(x² + 3y² + w) / (y(3x² + y² + w)), converted from scaled to base units.
    const { x, y, w } = s;
    return {
      num: x * (x * x + 3n * y * y + w) * s.xa.scalingFactor,
      den: y * (3n * x * x + y * y + w) * s.ya.scalingFactor,
    };
  }

  reserve(denom: string): bigint {
    return this.byDenom.get(denom)?.amount ?? 0n;
  }
}
