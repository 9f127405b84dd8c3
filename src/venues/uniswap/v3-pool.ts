/**
 * A Uniswap V3 pool as the router sees it: exact-in and exact-out quotes that equal what the pool contract's `swap`
 * computes, to the unit (UniswapV3Pool.swap with the router's default price limit, MIN_SQRT_RATIO + 1 or
 * MAX_SQRT_RATIO − 1).
 *
 * The contract walks the price in steps. Each step ends at the next initialized tick, or at the edge of the current
 * tick-bitmap word (256 tick spacings) when the word holds none, or at the price limit; at an initialized tick it
 * adds the tick's liquidityNet (subtracts it going down). Rounding happens per step, so the quote takes the same
 * steps: a step ends where the contract's bitmap search would end it, computed here from the sorted list of
 * initialized ticks.
 *
 * The steps a swap takes whole depend only on the pool state, so they are computed once per direction, as far as
 * quotes have needed (`fullSteps`), and a quote adds them up and computes only its last, partial step. A step is
 * taken whole exactly when the input left covers its input plus fee (exact in) or the output left covers its output
 * (exact out), the contract's own conditions restated.
 *
 * A pool may know its initialized ticks only within a range (`knownTicks`, e.g. a few words around the price read by
 * live ingest). A quote that would move the price past that range is refused: beyond it the contract's steps (and the
 * liquidity) are unknown. A quote that ends inside the range does not depend on where the step would have ended.
 */
import type { Dec, Pool, Ratio } from '../types.js';
import { PIPS } from './math/full-math.js';
import { computeSwapStep } from './math/swap-math.js';
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, sqrtRatioAtTick } from './math/tick-math.js';
import { amount0Delta, amount1Delta } from './math/sqrt-price-math.js';

export interface V3Tick {
  tick: number;
  /** Signed liquidity change when the price crosses the tick upwards. */
  liquidityNet: bigint;
}

export interface V3PoolState {
  token0: string;
  token1: string;
  /** Fee in pips (hundredths of a basis point): 100, 500, 3000, 10000. */
  fee: number;
  tickSpacing: number;
  sqrtPriceX96: bigint;
  /** slot0.tick (it can sit one below the tick of sqrtPriceX96 after a downward crossing, as on chain). */
  tick: number;
  /** Active liquidity (the pool's `liquidity()`). */
  liquidity: bigint;
  /** Initialized ticks with their liquidityNet (any order). */
  ticks: readonly V3Tick[];
  /**
   * The tick range whose initialized ticks `ticks` lists completely (inclusive). Default: the whole tick range, i.e.
   * `ticks` is the pool's full list.
   */
  knownTicks?: readonly [number, number];
  /** Token balances of the pool contract, when the source read them (reserve() falls back to the tick model). */
  balances?: readonly [bigint, bigint];
}

/** One whole step of a swap in one direction, from the pool's state (or the previous whole step's end). */
interface FullStep {
  sqrtStart: bigint;
  sqrtTarget: bigint;
  liquidity: bigint;
  /** Input to reach the target, fee excluded, and the fee on it (the step's cost is their sum). */
  amountIn: bigint;
  cost: bigint;
  amountOut: bigint;
  /** The target is the edge of the known ticks (quotes may not pass it) or the price limit (the pool is exhausted). */
  stop: boolean;
}

export const V3_KIND = 'uniswap-v3';

export class UniswapV3Pool implements Pool {
  readonly kind = V3_KIND;
  readonly denoms: readonly string[];
  readonly swapFee: Dec;
  private readonly feePips: bigint;
  /** Initialized ticks sorted ascending, and their liquidityNet. */
  private readonly tickIdx: Int32Array;
  private readonly liquidityNet: readonly bigint[];
  private readonly known: readonly [number, number];
  private readonly fullSteps: [FullStep[], FullStep[]] = [[], []];
  /** Where the next whole step of each direction starts (the end of the last one computed). */
  private readonly cursor: [
    { sqrt: bigint; tick: number; liquidity: bigint },
    { sqrt: bigint; tick: number; liquidity: bigint },
  ];
  private reserves?: readonly [bigint, bigint];

  constructor(
    /** Pool contract address (checksummed). */
    readonly id: string,
    readonly venue: string,
    /** Which deployment: "uniswap-v3", or a fork with the same arithmetic ("pancakeswap-v3"). */
    readonly protocol: string,
    readonly state: V3PoolState,
    readonly takenAt?: Date,
  ) {
    if (!(state.tickSpacing > 0) || !Number.isInteger(state.tickSpacing)) throw new RangeError('bad tick spacing');
    if (!(state.fee >= 0 && state.fee < 1_000_000)) throw new RangeError('bad fee');
    this.denoms = [state.token0, state.token1];
    this.feePips = BigInt(state.fee);
    this.swapFee = BigInt(state.fee) * 10n ** 12n;
    const sorted = [...state.ticks].filter((t) => t.liquidityNet !== 0n).sort((a, b) => a.tick - b.tick);
    this.tickIdx = Int32Array.from(sorted.map((t) => t.tick));
    this.liquidityNet = sorted.map((t) => t.liquidityNet);
    this.known = state.knownTicks ?? [MIN_TICK, MAX_TICK];
    const start = { sqrt: state.sqrtPriceX96, tick: state.tick, liquidity: state.liquidity };
    this.cursor = [{ ...start }, { ...start }];
  }

  get fee(): number {
    return this.state.fee;
  }

  exactIn(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined {
    const zeroForOne = this.direction(denomIn, denomOut);
    if (zeroForOne === undefined || amountIn <= 0n) return undefined;
    try {
      let remaining = amountIn;
      let out = 0n;
      for (let k = 0; remaining > 0n; k++) {
        const s = this.step(zeroForOne, k);
        if (!s) return undefined;
        if (remaining >= s.cost) {
          if (s.stop) return undefined;
          out += s.amountOut;
          remaining -= s.cost;
          continue;
        }
        out += computeSwapStep(s.sqrtStart, s.sqrtTarget, s.liquidity, remaining, this.feePips).amountOut;
        break;
      }
      return out > 0n ? out : undefined;
    } catch (err) {
      if (err instanceof RangeError) return undefined;
      throw err;
    }
  }

  exactOut(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    const zeroForOne = this.direction(denomIn, denomOut);
    if (zeroForOne === undefined || amountOut <= 0n) return undefined;
    try {
      let remaining = amountOut;
      let total = 0n;
      for (let k = 0; remaining > 0n; k++) {
        const s = this.step(zeroForOne, k);
        if (!s) return undefined;
        if (remaining >= s.amountOut) {
          if (s.stop) return undefined;
          total += s.cost;
          remaining -= s.amountOut;
          continue;
        }
        const p = computeSwapStep(s.sqrtStart, s.sqrtTarget, s.liquidity, -remaining, this.feePips);
        total += p.amountIn + p.feeAmount;
        break;
      }
      return total > 0n ? total : undefined;
    } catch (err) {
      if (err instanceof RangeError) return undefined;
      throw err;
    }
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const zeroForOne = this.direction(denomIn, denomOut);
    if (zeroForOne === undefined) return undefined;
    const p2 = this.state.sqrtPriceX96 * this.state.sqrtPriceX96; // token1 per token0, scaled 2^192
    const q192 = 1n << 192n;
    return zeroForOne ? { num: p2, den: q192 } : { num: q192, den: p2 };
  }

  reserve(denom: string): bigint {
    const i = this.denoms.indexOf(denom);
    if (i < 0) return 0n;
    if (this.state.balances) return this.state.balances[i]!;
    this.reserves ??= this.lockedAmounts();
    return this.reserves[i]!;
  }

  /** true: token0 → token1 (price falls); false: token1 → token0; undefined: not this pool's pair. */
  private direction(denomIn: string, denomOut: string): boolean | undefined {
    const { token0, token1 } = this.state;
    if (denomIn === token0 && denomOut === token1) return true;
    if (denomIn === token1 && denomOut === token0) return false;
    return undefined;
  }

  /** The k-th whole step in a direction (computed on first use), or undefined past the price limit. */
  private step(zeroForOne: boolean, k: number): FullStep | undefined {
    const steps = this.fullSteps[zeroForOne ? 0 : 1];
    while (steps.length <= k) {
      const last = steps[steps.length - 1];
      if (last?.stop) return undefined;
      steps.push(this.nextFullStep(zeroForOne));
    }
    return steps[k];
  }

  private nextFullStep(zeroForOne: boolean): FullStep {
    const c = this.cursor[zeroForOne ? 0 : 1];
    const { tickNext, index, frontier } = this.nextTick(c.tick, zeroForOne);
    const limit = zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n;
    const sqrtNext = sqrtRatioAtTick(tickNext);
    const pastLimit = zeroForOne ? sqrtNext < limit : sqrtNext > limit;
    const target = pastLimit ? limit : sqrtNext;
    const L = c.liquidity;
    const amountIn = zeroForOne ? amount0Delta(target, c.sqrt, L, true) : amount1Delta(c.sqrt, target, L, true);
    const amountOut = zeroForOne ? amount1Delta(target, c.sqrt, L, false) : amount0Delta(c.sqrt, target, L, false);
    const fee = amountIn === 0n ? 0n : ceilDiv(amountIn * this.feePips, PIPS - this.feePips);
    const step: FullStep = {
      sqrtStart: c.sqrt,
      sqrtTarget: target,
      liquidity: L,
      amountIn,
      cost: amountIn + fee,
      amountOut,
      stop: frontier || pastLimit,
    };
    // Cross: the contract updates liquidity only when the step ends exactly on an initialized tick.
    c.sqrt = target;
    if (index >= 0) {
      const net = this.liquidityNet[index]!;
      c.liquidity = zeroForOne ? L - net : L + net;
      if (c.liquidity < 0n) throw new RangeError('liquidity underflow: inconsistent tick data');
    }
    c.tick = zeroForOne ? tickNext - 1 : tickNext;
    return step;
  }

  /**
   * TickBitmap.nextInitializedTickWithinOneWord over the sorted tick list: the next initialized tick at or below the
   * current one (going down) or above it (going up), within the current 256-spacing word, else the word's edge;
   * clamped to the tick range. `index` is the tick's position in the list when it is initialized (else −1);
   * `frontier` marks a target cut short at the edge of the known ticks.
   */
  private nextTick(tick: number, lte: boolean): { tickNext: number; index: number; frontier: boolean } {
    const spacing = this.state.tickSpacing;
    const compressed = Math.floor(tick / spacing);
    let tickNext: number;
    let index = -1;
    if (lte) {
      const wordStart = Math.floor(compressed / 256) * 256 * spacing;
      const i = this.lastAtOrBelow(compressed * spacing);
      if (i >= 0 && this.tickIdx[i]! >= wordStart) {
        tickNext = this.tickIdx[i]!;
        index = i;
      } else tickNext = wordStart;
      if (tickNext < MIN_TICK) tickNext = MIN_TICK;
      if (tickNext < this.known[0]) return { tickNext: this.known[0], index: -1, frontier: true };
    } else {
      const c1 = compressed + 1;
      const wordEnd = (Math.floor(c1 / 256) * 256 + 255) * spacing;
      const i = this.firstAtOrAbove(c1 * spacing);
      if (i < this.tickIdx.length && this.tickIdx[i]! <= wordEnd) {
        tickNext = this.tickIdx[i]!;
        index = i;
      } else tickNext = wordEnd;
      if (tickNext > MAX_TICK) tickNext = MAX_TICK;
      if (tickNext > this.known[1]) return { tickNext: this.known[1], index: -1, frontier: true };
    }
    return { tickNext, index, frontier: false };
  }

  /** Index of the greatest initialized tick ≤ t, or −1. */
  private lastAtOrBelow(t: number): number {
    let lo = 0;
    let hi = this.tickIdx.length; // first index with tick > t
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.tickIdx[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** Index of the smallest initialized tick ≥ t (the list's length if none). */
  private firstAtOrAbove(t: number): number {
    let lo = 0;
    let hi = this.tickIdx.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.tickIdx[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Tokens the known positions hold: token0 in the ranges above the price, token1 in those below it, walking out from
   * the active liquidity (ranges past the known ticks are not counted).
   */
  private lockedAmounts(): readonly [bigint, bigint] {
    const { sqrtPriceX96: s, tick, liquidity } = this.state;
    let a0 = 0n;
    let L = liquidity;
    let from = s;
    for (let i = this.firstAtOrAbove(tick + 1); i < this.tickIdx.length; i++) {
      const to = sqrtRatioAtTick(this.tickIdx[i]!);
      if (L > 0n && to > from) a0 += amount0Delta(from, to, L, false);
      L += this.liquidityNet[i]!;
      from = to;
    }
    let a1 = 0n;
    L = liquidity;
    from = s;
    for (let i = this.lastAtOrBelow(tick); i >= 0; i--) {
      const to = sqrtRatioAtTick(this.tickIdx[i]!);
      if (L > 0n && from > to) a1 += amount1Delta(to, from, L, false);
      L -= this.liquidityNet[i]!;
      from = to;
    }
    return [a0, a1];
  }
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return a / b + (a % b === 0n ? 0n : 1n);
}
