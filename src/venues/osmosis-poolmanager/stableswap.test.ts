import { describe, expect, it } from 'vitest';
import { StableswapPool } from './stableswap.js';
import { TakerFees } from './taker-fee.js';
import { cfmmK } from './cfmm.js';

/**
 * Reference values solve Osmosis' CFMM x·y·(x² + y² + w) = k (x/gamm/pool-models/stableswap/amm.go) by bisection
 * in Python's decimal module at 80 digits:
 *   two assets 10,000,000 / 10,000,000, 1,000,000 in           → out 999500.518…
 *   ImbalancedStableswapLiquidity (app/apptesting/gamm.go: foo 10e9, bar 20e9, baz 30e9), 1e8 foo in → bar out 144722946.518…
 *   same pool, 1e8 bar out                                        → foo in 68989944.958…
 */
describe('Osmosis stableswap pool', () => {
  const none = TakerFees.none();

  it('matches high-precision solutions of the CFMM', () => {
    const two = new StableswapPool(
      's',
      0n,
      [
        { denom: 'a', amount: 10_000_000n, scalingFactor: 1n },
        { denom: 'b', amount: 10_000_000n, scalingFactor: 1n },
      ],
      none,
    );
    expect(two.exactIn('a', 'b', 1_000_000n)).toBe(999_500n);

    const three = new StableswapPool(
      's3',
      0n,
      [
        { denom: 'foo', amount: 10_000_000_000n, scalingFactor: 1n },
        { denom: 'bar', amount: 20_000_000_000n, scalingFactor: 1n },
        { denom: 'baz', amount: 30_000_000_000n, scalingFactor: 1n },
      ],
      none,
    );
    expect(three.exactIn('foo', 'bar', 100_000_000n)).toBe(144_722_946n);
    expect(three.exactOut('foo', 'bar', 100_000_000n)).toBe(68_989_945n);
  });

  it('scaling factors change units, not the curve', () => {
    const raw = new StableswapPool(
      'r',
      0n,
      [
        { denom: 'a', amount: 10_000_000n, scalingFactor: 1n },
        { denom: 'b', amount: 10_000_000n, scalingFactor: 1n },
      ],
      none,
    );
    // b counted in units 1000× finer, with a scaling factor of 1000: same economics.
    const scaled = new StableswapPool(
      's',
      0n,
      [
        { denom: 'a', amount: 10_000_000n, scalingFactor: 1n },
        { denom: 'b', amount: 10_000_000_000n, scalingFactor: 1_000n },
      ],
      none,
    );
    const out = scaled.exactIn('a', 'b', 1_000_000n) as bigint;
    expect(out / 1000n).toBe(raw.exactIn('a', 'b', 1_000_000n));
  });

  it('never lowers the invariant (outputs round down)', () => {
    const p = new StableswapPool(
      '944',
      3_000_000_000_000_000n,
      [
        { denom: 'atom', amount: 42_678_069_500n, scalingFactor: 1_202_853_876n },
        { denom: 'qatom', amount: 70_488_173_547n, scalingFactor: 1_000_000_000n },
      ],
      none,
    );
    const amountIn = 5_000_000_000n;
    const out = p.exactIn('atom', 'qatom', amountIn) as bigint;
    const sc = (a: bigint, f: bigint): bigint => (a * 10n ** 18n) / f;
    const before = cfmmK(sc(42_678_069_500n, 1_202_853_876n), sc(70_488_173_547n, 1_000_000_000n), 0n);
    const after = cfmmK(sc(42_678_069_500n + amountIn, 1_202_853_876n), sc(70_488_173_547n - out, 1_000_000_000n), 0n);
    expect(after).toBeGreaterThanOrEqual(before);
  });

  it('refuses inputs at least as large as the input reserve (Osmosis panics on them)', () => {
    const p = new StableswapPool(
      's',
      0n,
      [
        { denom: 'a', amount: 1_000n, scalingFactor: 1n },
        { denom: 'b', amount: 1_000n, scalingFactor: 1n },
      ],
      none,
    );
    expect(p.exactIn('a', 'b', 999n)).toBeDefined();
    expect(p.exactIn('a', 'b', 1_000n)).toBeUndefined();
  });
});
