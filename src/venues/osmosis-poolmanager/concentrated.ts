/**
 * Osmosis concentrated-liquidity pool (x/concentrated-liquidity), quoted over liquidity buckets: ranges of ticks
 * [lower, upper) with constant liquidity, as SQS' tick model and the LCD `liquidity_per_tick_range` query give them.
 * A swap walks from the current sqrt price bucket by bucket (crossing ticks), as swapstrategy/ does:
 *
 *   token0 in (price falls):  Δx = L·(√P − √P')/(√P·√P'),  Δy = L·(√P − √P')
 *   token1 in (price rises):  Δy = L·(√P' − √P),           Δx = L·(√P' − √P)/(√P·√P')
 *
 * Units: L is an 18-decimal Dec, √P a 36-decimal BigDec, and amounts are accumulated as 18-decimal Decs across
 * steps and rounded once at the end (output down, input up), as the keeper does. Within a step the input is rounded
 * up to a whole unit and the output truncated at 18 decimals (math.go), and the next sqrt price is rounded toward
 * the pool's side; the results match Osmosis' own swap test vectors to the unit.
 * The spread factor is charged per step on the input, as spread rewards are: fee = in · f / (1 − f).
 *
 * Without a tick model (a recorded pool with only its current state) the pool knows one bucket for certain: the
 * tick-spacing interval around the current tick, where liquidity equals the current tick liquidity because positions
 * start and end on multiples of the tick spacing. Quotes beyond it are refused rather than guessed.
 */
import { DEC_ONE, type Dec, type Ratio } from '../types.js';
import { ceilDiv, pow10 } from '../math/fixed.js';
import { OsmosisPool } from './base.js';
import type { TakerFees } from './taker-fee.js';
import { tickToSqrtPrice } from './tick-math.js';

const E36 = pow10(36);
const E54 = pow10(54);
const E72 = pow10(72);

export interface ClBucket {
  lower: number;
  upper: number;
  /** 18-decimal Dec. */
  liquidity: bigint;
}

export interface ConcentratedState {
  token0: string;
  token1: string;
  /** 36-decimal BigDec. */
  sqrtPrice: bigint;
  currentTick: number;
  /** Liquidity of the active bucket, 18-decimal Dec. */
  liquidity: bigint;
  tickSpacing: number;
  /** Full-range buckets (any order, gaps allowed); absent when only the current state is known. */
  buckets?: readonly ClBucket[];
  /** Token balances of the pool account, when the source reports them (SQS does). */
  balances?: ReadonlyMap<string, bigint>;
}

interface Step {
  sqrtNext: bigint;
  amountIn: bigint;
  amountOut: bigint;
  reached: boolean;
}

/** A whole bucket crossed by an exact in: its input (Dec, before the spread fee), fee, output (Dec) and end price. */
interface FullStep {
  amountIn: bigint;
  fee: bigint;
  amountOut: bigint;
  sqrtNext: bigint;
}

export class ConcentratedPool extends OsmosisPool {
  readonly kind = 'concentrated';
  readonly denoms: readonly string[];
  /** Contiguous buckets (gaps filled with zero liquidity), sorted by tick. */
  readonly buckets: readonly ClBucket[];
  private readonly current: number;
  private reserves?: Map<string, bigint>;
  /**
   * Exact in crosses whole buckets with amounts that depend only on the pool's state (the first starts at the
   * current price, each next one at the previous one's end), so they are computed once per direction, as far as
   * quotes have needed, and only the last, partial step is computed per quote.
   */
  private readonly fullSteps: [FullStep[], FullStep[]] = [[], []];

  constructor(
    id: string,
    spreadFactor: Dec,
    readonly state: ConcentratedState,
    takerFees: TakerFees,
    takenAt?: Date,
  ) {
    super(id, spreadFactor, takerFees, takenAt);
    this.denoms = [state.token0, state.token1];
    const spacing = Math.max(1, state.tickSpacing);
    const raw =
      state.buckets && state.buckets.length > 0
        ? state.buckets
        : [activeBucket(state.currentTick, spacing, state.liquidity)];
    this.buckets = contiguous(raw);
    this.current = this.buckets.findIndex((b) => b.lower <= state.currentTick && state.currentTick < b.upper);
  }

  /** Whether quotes can cross ticks (a full tick model) or stay within the active bucket. */
  get hasTickModel(): boolean {
    return (this.state.buckets?.length ?? 0) > 0;
  }

  private liquidityAt(idx: number): bigint {
    // The active bucket's liquidity is the pool's own current value (exact); others come from the tick model.
    return idx === this.current ? this.state.liquidity : (this.buckets[idx]?.liquidity ?? 0n);
  }

  protected poolOut(denomIn: string, _denomOut: string, amountIn: bigint): bigint | undefined {
    if (this.current < 0) return undefined;
    const zeroForOne = denomIn === this.state.token0;
    const f = this.swapFee;
    let remaining = amountIn * DEC_ONE; // Dec
    let out = 0n; // Dec
    let sqrt = this.state.sqrtPrice;
    for (let k = 0, idx = this.current; remaining > 0n; k++, idx += zeroForOne ? -1 : 1) {
      const b = this.buckets[idx];
      if (!b) return undefined; // ran out of liquidity
      const full = this.fullStep(zeroForOne, k, idx, sqrt);
      // Reached if the input covers the way to the bucket's edge plus its spread fee (the same sums exact out adds
      // up, so a quote round-trips exactly through full buckets).
      if (full.amountIn + full.fee <= remaining) {
        out += full.amountOut;
        remaining -= full.amountIn + full.fee;
        sqrt = full.sqrtNext;
        continue;
      }
      out += partialIn(zeroForOne, sqrt, full.sqrtNext, this.liquidityAt(idx), remaining, f);
      break;
    }
    return out / DEC_ONE;
  }

  /** The k-th whole bucket of an exact in in this direction (bucket idx, entered at sqrt price `from`), memoised. */
  private fullStep(zeroForOne: boolean, k: number, idx: number, from: bigint): FullStep {
    const steps = this.fullSteps[zeroForOne ? 0 : 1];
    let s = steps[k];
    if (!s) {
      const b = this.buckets[idx]!;
      const target = tickToSqrtPrice(zeroForOne ? b.lower : b.upper);
      const L = this.liquidityAt(idx);
      if (L === 0n) s = { amountIn: 0n, fee: 0n, amountOut: 0n, sqrtNext: target };
      else {
        const amountIn = zeroForOne ? amount0(L, target, from, true) : amount1(L, from, target, true);
        const amountOut = zeroForOne ? amount1(L, target, from, false) : amount0(L, from, target, false);
        s = { amountIn, fee: feeOn(amountIn, this.swapFee), amountOut, sqrtNext: target };
      }
      steps[k] = s;
    }
    return s;
  }

  protected poolIn(denomIn: string, _denomOut: string, amountOut: bigint): bigint | undefined {
    if (this.current < 0) return undefined;
    const zeroForOne = denomIn === this.state.token0;
    const dir = zeroForOne ? -1 : 1;
    const f = this.swapFee;
    let remaining = amountOut * DEC_ONE; // Dec
    let total = 0n; // Dec
    let sqrt = this.state.sqrtPrice;
    let edgeCost: bigint | undefined; // total input that would take the price to the last known bucket's edge
    for (let idx = this.current; remaining > 0n; idx += dir) {
      const b = this.buckets[idx];
      if (!b) return undefined;
      const L = this.liquidityAt(idx);
      const target = tickToSqrtPrice(zeroForOne ? b.lower : b.upper);
      if (!this.buckets[idx + dir] && L > 0n) {
        const toEdge = zeroForOne ? amount0(L, target, sqrt, true) : amount1(L, sqrt, target, true);
        edgeCost = total + toEdge + feeOn(toEdge, f);
      }
      const step = stepOut(zeroForOne, sqrt, target, L, remaining);
      total += step.amountIn + feeOn(step.amountIn, f);
      remaining -= step.amountOut;
      sqrt = step.sqrtNext;
    }
    const amountIn = ceilDiv(total, DEC_ONE);
    // The input, rounded up to whole units, must not carry an exact-in past the last known bucket: there the chain
    // reports "ran out of ticks", so such an exact out could not be checked or executed as an exact in.
    if (edgeCost !== undefined && amountIn * DEC_ONE > edgeCost) return undefined;
    return amountIn;
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const { token0, token1, sqrtPrice } = this.state;
    if (sqrtPrice <= 0n) return undefined;
    const p2 = sqrtPrice * sqrtPrice; // token1 per token0, scaled 1e72
    if (denomIn === token0 && denomOut === token1) return { num: p2, den: E72 };
    if (denomIn === token1 && denomOut === token0) return { num: E72, den: p2 };
    return undefined;
  }

  reserve(denom: string): bigint {
    if (this.state.balances) return this.state.balances.get(denom) ?? 0n;
    this.reserves ??= this.lockedAmounts();
    return this.reserves.get(denom) ?? 0n;
  }

  /** Tokens locked in the known buckets: token0 above the current price, token1 below it. */
  private lockedAmounts(): Map<string, bigint> {
    let a0 = 0n;
    let a1 = 0n;
    const s = this.state.sqrtPrice;
    this.buckets.forEach((b, idx) => {
      const L = this.liquidityAt(idx);
      if (L === 0n) return;
      const lo = tickToSqrtPrice(b.lower);
      const hi = tickToSqrtPrice(b.upper);
      const midLo = s > lo ? (s < hi ? s : hi) : lo; // clamp current price into the bucket
      if (hi > midLo) a0 += (L * (hi - midLo) * E36) / (DEC_ONE * midLo * hi);
      if (midLo > lo) a1 += (L * (midLo - lo)) / E54;
    });
    return new Map([
      [this.state.token0, a0],
      [this.state.token1, a1],
    ]);
  }
}

/** Spread reward charged on a step's input (Dec): in · f / (1 − f), rounded up. */
function feeOn(amountIn: bigint, f: Dec): bigint {
  return f === 0n ? 0n : ceilDiv(amountIn * f, DEC_ONE - f);
}

/**
 * Δtoken0 between two sqrt prices (lo < hi) as a Dec: L·(hi − lo)/(lo·hi). As in math.go, an input (roundUp) is
 * rounded up to a whole base unit (QuoRoundUpNextInt), an output is truncated to 18 decimals.
 */
function amount0(L: bigint, lo: bigint, hi: bigint, roundUp: boolean): bigint {
  const n = L * (hi - lo) * E36;
  const d = lo * hi;
  return roundUp ? ceilDiv(n, d * DEC_ONE) * DEC_ONE : n / d;
}

/** Δtoken1 between two sqrt prices (lo < hi) as a Dec: L·(hi − lo); inputs rounded up to a whole unit (Ceil). */
function amount1(L: bigint, lo: bigint, hi: bigint, roundUp: boolean): bigint {
  const n = L * (hi - lo);
  return roundUp ? ceilDiv(n, E36 * DEC_ONE) * DEC_ONE : n / E36;
}

/**
 * The output (Dec) of the last exact-in step, which ends inside its bucket: `remaining` is the input (Dec) still to
 * swap, spread fee included, and is less than what the bucket's edge would take (so L > 0).
 */
function partialIn(zeroForOne: boolean, sC: bigint, sT: bigint, L: bigint, remaining: bigint, f: Dec): bigint {
  // Input after the spread fee, as the exact rational remaining · (1 − f): numerator over DEC_ONE.
  const aNum = remaining * (DEC_ONE - f);
  if (zeroForOne) {
    // √P' = L·√P / (L + a·√P), rounded up (a higher price gives less out).
    let sN = ceilDiv(L * sC * E36 * DEC_ONE, L * E36 * DEC_ONE + aNum * sC);
    if (sN < sT) sN = sT;
    return amount1(L, sN, sC, false);
  }
  // √P' = √P + a/L, rounded down.
  let sN = sC + (aNum * E36) / (DEC_ONE * L);
  if (sN > sT) sN = sT;
  return amount0(L, sC, sN, false);
}

/** One exact-out step inside a bucket; `remaining` is the output (Dec) still wanted. amountIn excludes the fee. */
function stepOut(zeroForOne: boolean, sC: bigint, sT: bigint, L: bigint, remaining: bigint): Step {
  if (L === 0n) return { sqrtNext: sT, amountIn: 0n, amountOut: 0n, reached: true };
  const toTarget = zeroForOne ? amount1(L, sT, sC, false) : amount0(L, sC, sT, false);
  if (remaining >= toTarget) {
    const amountIn = zeroForOne ? amount0(L, sT, sC, true) : amount1(L, sC, sT, true);
    return { sqrtNext: sT, amountIn, amountOut: toTarget, reached: true };
  }
  if (zeroForOne) {
    // token1 out: √P' = √P − out/L, rounded down (a lower price asks more in).
    let sN = sC - ceilDiv(remaining * E36, L);
    if (sN < sT) sN = sT;
    return { sqrtNext: sN, amountIn: amount0(L, sN, sC, true), amountOut: remaining, reached: false };
  }
  // token0 out: √P' = L·√P / (L − out·√P), rounded up.
  let sN = ceilDiv(L * sC * E36, L * E36 - remaining * sC);
  if (sN > sT) sN = sT;
  return { sqrtNext: sN, amountIn: amount1(L, sC, sN, true), amountOut: remaining, reached: false };
}

function activeBucket(tick: number, spacing: number, liquidity: bigint): ClBucket {
  const lower = Math.floor(tick / spacing) * spacing;
  return { lower, upper: lower + spacing, liquidity };
}

/** Sorts buckets and fills gaps with zero-liquidity buckets so neighbours share a boundary. */
function contiguous(buckets: readonly ClBucket[]): ClBucket[] {
  const sorted = [...buckets].filter((b) => b.upper > b.lower).sort((a, b) => a.lower - b.lower);
  const out: ClBucket[] = [];
  for (const b of sorted) {
    const prev = out[out.length - 1];
    if (prev && b.lower < prev.upper) continue; // overlapping input: keep the first
    if (prev && b.lower > prev.upper) out.push({ lower: prev.upper, upper: b.lower, liquidity: 0n });
    out.push(b);
  }
  return out;
}
