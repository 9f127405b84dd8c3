/**
 * The contract every Pool implementation honours, checked with fast-check on generated pools of every model (one
 * suite, many implementations — the Hono habit):
 *  1. exact out, then exact in with that input, yields at least the requested output (inverse math + rounding);
 *     at dust amounts exact in may refuse instead: the input and fee are both rounded up, which can overshoot a thin
 *     concentrated bucket's capacity into empty ticks, and the chain refuses such a swap too;
 *  2. the output never exceeds the pool's reserve of the output denom (except a minted alloyed denom);
 *  3. a higher fee never gives more output, nor asks less input (where both fees give a quote);
 *  4. exact in is monotone in the amount, and so is exact out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_CASES, amountFor, feeArb, type PoolCase } from './test-helpers/pool-arbitraries.js';

const RUNS = Number(process.env.FC_RUNS ?? 150);
/** Generated inputs are replayable: a failure prints its seed, and FC_SEED=<seed> reruns exactly that sequence. */
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
/** Below this input, rounding up input and fee may overshoot a thin bucket (see 1. above). */
const DUST_INPUT = 1_000n;

function caseWith<T>(
  arb: fc.Arbitrary<PoolCase>,
  extra: (c: PoolCase) => fc.Arbitrary<T>,
): fc.Arbitrary<[PoolCase, T]> {
  return arb.chain((c) => extra(c).map((t) => [c, t] as [PoolCase, T]));
}

describe.each(Object.entries(POOL_CASES))('%s', (_name, arb) => {
  it('exactOut then exactIn with that input yields at least the requested output', () => {
    fc.assert(
      fc.property(
        caseWith(arb, (c) => fc.tuple(amountFor(c.outScale), feeArb())),
        ([c, [out, fee]]) => {
          const pool = c.make(fee);
          const need = pool.exactOut(c.denomIn, c.denomOut, out);
          if (need === undefined) return;
          const got = pool.exactIn(c.denomIn, c.denomOut, need);
          if (got === undefined && need <= DUST_INPUT) return;
          expect(got).toBeDefined();
          expect(got as bigint).toBeGreaterThanOrEqual(out);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('never outputs more than the output reserve', () => {
    fc.assert(
      fc.property(
        caseWith(arb, (c) => fc.tuple(amountFor(c.inScale), feeArb())),
        ([c, [amount, fee]]) => {
          if (c.outputMinted) return;
          const pool = c.make(fee);
          const out = pool.exactIn(c.denomIn, c.denomOut, amount);
          if (out === undefined) return;
          expect(out).toBeLessThanOrEqual(pool.reserve(c.denomOut));
          expect(out).toBeGreaterThan(0n);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('a higher fee never gives more output or asks less input', () => {
    fc.assert(
      fc.property(
        caseWith(arb, (c) => fc.tuple(amountFor(c.inScale), amountFor(c.outScale), feeArb(), feeArb())),
        ([c, [amount, want, f1, f2]]) => {
          const [lo, hi] = f1 <= f2 ? [f1, f2] : [f2, f1];
          const cheap = c.make(lo);
          const dear = c.make(hi);
          // Compared where both are quotable: a swap refused at the lower fee (its input after fee would exceed a
          // pool limit) can become possible at a higher fee, which is the chain's behaviour too.
          const outDear = dear.exactIn(c.denomIn, c.denomOut, amount);
          const outCheap = cheap.exactIn(c.denomIn, c.denomOut, amount);
          if (outDear !== undefined && outCheap !== undefined) expect(outDear).toBeLessThanOrEqual(outCheap);
          const inDear = dear.exactOut(c.denomIn, c.denomOut, want);
          const inCheap = cheap.exactOut(c.denomIn, c.denomOut, want);
          if (inDear !== undefined && inCheap !== undefined) expect(inDear).toBeGreaterThanOrEqual(inCheap);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('is monotone in the amount', () => {
    fc.assert(
      fc.property(
        caseWith(arb, (c) =>
          fc.tuple(amountFor(c.inScale), amountFor(c.inScale), amountFor(c.outScale), amountFor(c.outScale), feeArb()),
        ),
        ([c, [a1, a2, o1, o2, fee]]) => {
          const pool = c.make(fee);
          const [a, b] = a1 <= a2 ? [a1, a2] : [a2, a1];
          const outA = pool.exactIn(c.denomIn, c.denomOut, a);
          const outB = pool.exactIn(c.denomIn, c.denomOut, b);
          if (outA !== undefined && outB !== undefined) expect(outA).toBeLessThanOrEqual(outB);
          const [x, y] = o1 <= o2 ? [o1, o2] : [o2, o1];
          const inX = pool.exactOut(c.denomIn, c.denomOut, x);
          const inY = pool.exactOut(c.denomIn, c.denomOut, y);
          if (inX !== undefined && inY !== undefined) expect(inX).toBeLessThanOrEqual(inY);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
