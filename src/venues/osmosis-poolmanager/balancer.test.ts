import { describe, expect, it } from 'vitest';
import { BalancerPool } from './balancer.js';
import { TakerFees } from './taker-fee.js';

const dec = (s: string): bigint => BigInt(Math.round(Number(s) * 1e6)) * 1_000_000_000_000n;

/**
 * Osmosis' own test pool (app/apptesting/gamm.go DefaultPoolAssets: foo/bar/baz/uosmo at 5,000,000 each with weights
 * 100/200/300/400) and expected outputs from x/gamm/keeper/swap_test.go ("Proper swap", "Proper swap2",
 * "boundary valid spread factor given").
 */
function osmosisTestPool(fee: bigint): BalancerPool {
  return new BalancerPool(
    '1',
    fee,
    [
      { denom: 'foo', amount: 5_000_000n, weight: 100n },
      { denom: 'bar', amount: 5_000_000n, weight: 200n },
      { denom: 'baz', amount: 5_000_000n, weight: 300n },
      { denom: 'uosmo', amount: 5_000_000n, weight: 400n },
    ],
    TakerFees.none(),
  );
}

describe('Osmosis balancer pool', () => {
  it('matches x/gamm swap_test.go expected outputs', () => {
    expect(osmosisTestPool(0n).exactIn('foo', 'bar', 100_000n)).toBe(49_262n);
    // weight ratio 200/300: a fractional exponent (2/3)
    expect(osmosisTestPool(0n).exactIn('bar', 'baz', 2_451_783n)).toBe(1_167_843n);
    expect(osmosisTestPool(dec('0.05')).exactIn('foo', 'bar', 100_000n)).toBe(46_833n);
  });

  it('hand-computed 50/50 pool with a swap fee: out = bOut·in(1−f)/(bIn + in(1−f))', () => {
    const p = new BalancerPool(
      'x',
      dec('0.002'),
      [
        { denom: 'a', amount: 1_000_000_000n, weight: 1n },
        { denom: 'b', amount: 2_000_000_000n, weight: 1n },
      ],
      TakerFees.none(),
    );
    // 2e9 · 998000 / (1e9 + 998000) = 1994009.97... → 1994009
    expect(p.exactIn('a', 'b', 1_000_000n)).toBe(1_994_009n);
    // inverse: in = 1e9·1994009/(2e9 − 1994009) / 0.998 = 999999.5... → 1000000
    expect(p.exactOut('a', 'b', 1_994_009n)).toBe(1_000_000n);
    expect(p.spotPrice('a', 'b')).toEqual({ num: 2_000_000_000n, den: 1_000_000_000n });
  });

  it('refuses an exact out of half the reserve or more (Osmosis Pow needs a base below 2)', () => {
    const p = osmosisTestPool(0n);
    expect(p.exactOut('foo', 'bar', 2_499_999n)).toBeDefined();
    expect(p.exactOut('foo', 'bar', 2_500_000n)).toBeUndefined();
  });

  it('charges the taker fee on the token in', () => {
    const fees = new TakerFees(new Map([['foo|bar', dec('0.001')]]), 0n);
    const p = new BalancerPool('1', 0n, osmosisTestPool(0n).assets, fees);
    // 100000 · (1 − 0.001) = 99900 reaches the pool
    expect(p.exactIn('foo', 'bar', 100_000n)).toBe(osmosisTestPool(0n).exactIn('foo', 'bar', 99_900n));
    // the reverse direction has no override and the default here is 0
    expect(p.exactIn('bar', 'foo', 100_000n)).toBe(osmosisTestPool(0n).exactIn('bar', 'foo', 100_000n));
    // exact out adds it back, rounded up: ceil(x / 0.999)
    const poolIn = osmosisTestPool(0n).exactOut('foo', 'bar', 40_000n) as bigint;
    expect(p.exactOut('foo', 'bar', 40_000n)).toBe((poolIn * 1000n + 998n) / 999n);
  });

  it('returns undefined for unknown denoms, same denom and non-positive amounts', () => {
    const p = osmosisTestPool(0n);
    expect(p.exactIn('foo', 'nope', 1n)).toBeUndefined();
    expect(p.exactIn('foo', 'foo', 100n)).toBeUndefined();
    expect(p.exactIn('foo', 'bar', 0n)).toBeUndefined();
    expect(p.exactOut('foo', 'bar', -1n)).toBeUndefined();
  });
});
