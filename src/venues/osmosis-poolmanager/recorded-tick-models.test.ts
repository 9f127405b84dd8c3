/**
 * The concentrated pools the offline snapshot carries with their recorded tick models (data/pools/osmosis-1.json,
 * `tick_model`): quotes that cross many ranges agree with the concentrated-liquidity formulas computed here
 * independently, in exact rational form from the tick prices (x/concentrated-liquidity/math/tick.go), with no
 * rounding until the end:
 *
 *   token0 in:  Δx = L·(√P − √P′)/(√P·√P′),  Δy = L·(√P − √P′)      token1 in:  Δy = L·(√P′ − √P),  Δx = L·(√P′ − √P)/(√P·√P′)
 *
 * and the spread factor f charged on each step's input (a step moving the price by Δ costs Δ/(1 − f)). The pool
 * code rounds as the chain does (each step's input up to a whole unit, outputs down), so its exact in may give less
 * than the formulas by about one input unit's worth per range crossed, never more, and its exact out may ask that
 * much more.
 */
import { describe, expect, it } from 'vitest';
import type { ConcentratedPool } from './concentrated.js';
import { loadOfflineSnapshot } from './snapshot.js';
import { TakerFees } from './taker-fee.js';
import { tickToSqrtPrice } from './tick-math.js';
import { readDataFile } from '../../registry/data-files.js';

/** Fixed-point scale of the reference arithmetic (prices, liquidity, amounts). */
const S = 10n ** 50n;
const E18 = 10n ** 18n;

/** The chain's sqrt price at a tick (36 decimals; 18 significant above the at-launch minimum tick), S-scaled. */
const sqrtAt = (tick: number) => tickToSqrtPrice(tick) * 10n ** 14n;

interface Walk {
  /** S-scaled amount. */
  amount: bigint;
  /** Range boundaries crossed. */
  crossed: number;
}

/** The pool's recorded state in the reference's terms. */
function reference(pool: ConcentratedPool) {
  const { buckets } = pool;
  const s0 = pool.state.sqrtPrice * 10n ** 14n; // 36 decimals → S
  const current = buckets.findIndex((b) => b.lower <= pool.state.currentTick && pool.state.currentTick < b.upper);
  const L = (idx: number) => (idx === current ? pool.state.liquidity : buckets[idx]!.liquidity) * 10n ** 32n; // Dec → S
  const f = (pool.swapFee * S) / E18;
  const withFee = (x: bigint) => (x * S) / (S - f);
  // Input (S-scaled base units) moving the price from a to b inside one range, and the output it buys.
  const step = (zeroForOne: boolean, l: bigint, a: bigint, b: bigint) =>
    zeroForOne
      ? { input: (l * (a - b) * S) / (a * b), output: (l * (a - b)) / S }
      : { input: (l * (b - a)) / S, output: (l * (b - a) * S) / (a * b) };

  return {
    /** Output of an exact in of `amountIn` base units (before the taker fee: the pools here are built without). */
    exactIn(zeroForOne: boolean, amountIn: bigint): Walk {
      let remaining = amountIn * S;
      let out = 0n;
      let sqrt = s0;
      let crossed = 0;
      for (let idx = current; ; idx += zeroForOne ? -1 : 1, crossed++) {
        const b = buckets[idx];
        if (!b) throw new Error('beyond the tick model');
        const target = sqrtAt(zeroForOne ? b.lower : b.upper);
        const l = L(idx);
        const full = l === 0n ? { input: 0n, output: 0n } : step(zeroForOne, l, sqrt, target);
        if (withFee(full.input) <= remaining) {
          remaining -= withFee(full.input);
          out += full.output;
          sqrt = target;
          continue;
        }
        const a = (remaining * (S - f)) / S; // input after the spread fee
        const next = zeroForOne ? (l * sqrt) / (l + (a * sqrt) / S) : sqrt + (a * S) / l;
        return { amount: out + step(zeroForOne, l, sqrt, next).output, crossed };
      }
    },
    /** Input (spread fee included) of an exact out of `amountOut` base units. */
    exactOut(zeroForOne: boolean, amountOut: bigint): Walk {
      let remaining = amountOut * S;
      let input = 0n;
      let sqrt = s0;
      let crossed = 0;
      for (let idx = current; ; idx += zeroForOne ? -1 : 1, crossed++) {
        const b = buckets[idx];
        if (!b) throw new Error('beyond the tick model');
        const target = sqrtAt(zeroForOne ? b.lower : b.upper);
        const l = L(idx);
        const full = l === 0n ? { input: 0n, output: 0n } : step(zeroForOne, l, sqrt, target);
        if (full.output <= remaining) {
          remaining -= full.output;
          input += withFee(full.input);
          sqrt = target;
          continue;
        }
        const next = zeroForOne ? sqrt - (remaining * S) / l : (l * sqrt) / (l - (remaining * sqrt) / S);
        return { amount: input + withFee(step(zeroForOne, l, sqrt, next).input), crossed };
      }
    },
    /** Boundaries the price can cross on this side before the model's last range. */
    boundaries(zeroForOne: boolean): number {
      return zeroForOne ? current : buckets.length - 1 - current;
    },
    /** Input (base units, fee included) that takes the price across `n` boundaries and halfway into the next range. */
    inputAcross(zeroForOne: boolean, n: number): bigint {
      let total = 0n;
      let sqrt = s0;
      for (let k = 0, idx = current; k <= n; k++, idx += zeroForOne ? -1 : 1) {
        const b = buckets[idx]!;
        const lo = sqrtAt(b.lower);
        const hi = sqrtAt(b.upper);
        // The last range only halfway (in sqrt price) from where the walk enters it.
        const target = k < n ? (zeroForOne ? lo : hi) : (sqrt + (zeroForOne ? lo : hi)) / 2n;
        if (L(idx) > 0n) total += withFee(step(zeroForOne, L(idx), sqrt, target).input);
        sqrt = target;
      }
      return total / S;
    },
    /** Base units of the output one unit of input buys at the spot price, rounded up (the tolerance's unit). */
    unitWorth(zeroForOne: boolean): bigint {
      const p = (s0 * s0) / S; // token1 per token0, S-scaled
      return (zeroForOne ? p : (S * S) / p) / S + 1n;
    },
  };
}

const snapshot = loadOfflineSnapshot(TakerFees.none());
/** The ids data/pools/osmosis-1.json records with a tick model. */
const recordedWithModel = readDataFile<{ pools: { chain_model: { id?: string }; tick_model?: unknown }[] }>(
  'pools/osmosis-1.json',
).pools.flatMap((p) => (p.tick_model !== undefined && p.chain_model.id ? [p.chain_model.id] : []));
const modelled = snapshot.pools.filter(
  (p): p is ConcentratedPool => p.kind === 'concentrated' && (p as ConcentratedPool).hasTickModel,
);

describe('recorded tick models of the offline snapshot', () => {
  it('are every pool recorded with one, each with its ranges and its active range holding the current tick', () => {
    expect(modelled.map((p) => p.id).sort()).toEqual(recordedWithModel.sort());
    expect(modelled.length).toBeGreaterThanOrEqual(4);
    for (const p of modelled) {
      expect(p.buckets.length).toBeGreaterThan(1);
      const active = p.buckets.find((b) => b.lower <= p.state.currentTick && p.state.currentTick < b.upper);
      // The chain's current tick liquidity is the active range's liquidity.
      expect(active?.liquidity).toBe(p.state.liquidity);
    }
  });

  for (const zeroForOne of [true, false]) {
    it(`exact in crossing 1, 5 and 20 ranges (${zeroForOne ? 'token0' : 'token1'} in) agrees with the formulas`, () => {
      for (const pool of modelled) {
        const ref = reference(pool);
        const [denomIn, denomOut] = zeroForOne ? pool.denoms : [...pool.denoms].reverse();
        for (const n of [1, 5, 20].filter((k) => k < ref.boundaries(zeroForOne))) {
          const amountIn = ref.inputAcross(zeroForOne, n);
          const want = ref.exactIn(zeroForOne, amountIn);
          expect(want.crossed, `${pool.id}: ${n} boundaries`).toBe(n);
          const got = pool.exactIn(denomIn!, denomOut!, amountIn);
          expect(got, `${pool.id} ${n}`).toBeDefined();
          const exact = want.amount / S;
          // Never more than the formulas give; less by at most about one input unit's worth per range crossed.
          const slack = BigInt(n + 2) * ref.unitWorth(zeroForOne) + BigInt(n + 2);
          expect(got!, `${pool.id} ${n}: ${got} vs ${exact}`).toBeLessThanOrEqual(exact + 1n);
          expect(got!, `${pool.id} ${n}: ${got} vs ${exact}`).toBeGreaterThanOrEqual(exact - slack);
        }
      }
    });

    it(`exact out across ranges (${zeroForOne ? 'token0' : 'token1'} in) asks what the formulas ask, rounded up`, () => {
      for (const pool of modelled) {
        const ref = reference(pool);
        const [denomIn, denomOut] = zeroForOne ? pool.denoms : [...pool.denoms].reverse();
        for (const n of [1, 5, 20].filter((k) => k < ref.boundaries(zeroForOne))) {
          const amountOut = ref.exactIn(zeroForOne, ref.inputAcross(zeroForOne, n)).amount / S;
          const want = ref.exactOut(zeroForOne, amountOut);
          expect(want.crossed).toBe(n);
          const got = pool.exactOut(denomIn!, denomOut!, amountOut);
          expect(got, `${pool.id} ${n}`).toBeDefined();
          const exact = want.amount / S;
          expect(got!, `${pool.id} ${n}: ${got} vs ${exact}`).toBeGreaterThanOrEqual(exact);
          // Plus one part in 10^12 for trades far out (20 ranges of 1094 is 37 billion OSMO): the next sqrt price from
          // an output amount is rounded to 36 decimals as the chain does, and its error grows with the trade.
          expect(got!, `${pool.id} ${n}: ${got} vs ${exact}`).toBeLessThanOrEqual(
            exact + 2n * BigInt(n + 2) + exact / 10n ** 12n,
          );
        }
      }
    });
  }
});
