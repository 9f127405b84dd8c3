import { describe, expect, it } from 'vitest';
import { StablePair } from './stable.js';
import { XykPair } from './xyk.js';
import { buildPair, denomOf, pairKind, poolAssets, stableAmp } from './parse.js';

const FEE_30BPS = 3_000_000_000_000_000n;

/**
 * Vectors from Astroport's own unit tests (astroport-fi/astroport-core, contracts/pair/src/testing.rs and
 * contracts/pair_stable/src/testing.rs, `try_native_to_token`): pool uusd 30,000,000,000 / asset0000 20,000,000,000,
 * offer 1,500,000,000 uusd, commission 0.3% of the return amount.
 */
describe('Astroport xyk pair', () => {
  const pair = new XykPair('neutron1pair', FEE_30BPS, [
    { denom: 'uusd', amount: 30_000_000_000n },
    { denom: 'cw20:asset0000', amount: 20_000_000_000n },
  ]);

  it('matches contracts/pair testing.rs: return 952380952, commission 2857142', () => {
    // expected_ret_amount = 952_380_952; commission = 952_380_952 · 3 / 1000 = 2_857_142
    expect(pair.exactIn('uusd', 'cw20:asset0000', 1_500_000_000n)).toBe(952_380_952n - 2_857_142n);
  });

  it('inverts exactly: the quoted input delivers the output, one unit less does not', () => {
    const want = 949_523_810n;
    const need = pair.exactOut('uusd', 'cw20:asset0000', want) as bigint;
    expect(pair.exactIn('uusd', 'cw20:asset0000', need)).toBeGreaterThanOrEqual(want);
    expect(pair.exactIn('uusd', 'cw20:asset0000', need - 1n) ?? 0n).toBeLessThan(want);
  });

  it('refuses outputs at or beyond the reserve and empty pools', () => {
    expect(pair.exactOut('uusd', 'cw20:asset0000', 20_000_000_000n)).toBeUndefined();
    const empty = new XykPair('p', FEE_30BPS, [
      { denom: 'a', amount: 0n },
      { denom: 'b', amount: 5n },
    ]);
    expect(empty.exactIn('a', 'b', 1n)).toBeUndefined();
  });
});

describe('Astroport stable pair', () => {
  // amp 100 (A), both assets with 6 decimals
  const pair = new StablePair(
    'neutron1stable',
    FEE_30BPS,
    [
      { denom: 'uusd', amount: 30_000_000_000n, decimals: 6 },
      { denom: 'cw20:asset0000', amount: 20_000_000_000n, decimals: 6 },
    ],
    100n * 100n,
  );

  it('matches contracts/pair_stable testing.rs: return_amount 1487928894 (±1: the contract stops Newton at 1e-6)', () => {
    const out = pair.exactIn('uusd', 'cw20:asset0000', 1_500_000_000n) as bigint;
    expect(out - 1_487_928_894n).toBeGreaterThanOrEqual(-1n);
    expect(out - 1_487_928_894n).toBeLessThanOrEqual(1n);
  });

  it('is close to 1:1 for small swaps in a balanced pool and worse for large ones', () => {
    const bal = new StablePair(
      's',
      0n,
      [
        { denom: 'a', amount: 1_000_000_000_000n, decimals: 6 },
        { denom: 'b', amount: 1_000_000_000_000n, decimals: 6 },
      ],
      1000n,
    );
    expect(bal.exactIn('a', 'b', 1_000_000n)).toBe(999_999n);
    expect((bal.exactIn('a', 'b', 500_000_000_000n) as bigint) < 499_000_000_000n).toBe(true);
  });

  it('normalizes decimals: 6- and 18-decimal tokens trade 1:1 in value', () => {
    const mixed = new StablePair(
      'm',
      0n,
      [
        { denom: 'usdc', amount: 1_000_000_000_000n, decimals: 6 },
        { denom: 'dai', amount: 1_000_000n * 10n ** 18n, decimals: 18 },
      ],
      10_000n,
    );
    const out = mixed.exactIn('usdc', 'dai', 1_000_000n) as bigint; // 1 USDC
    expect(out / 10n ** 12n).toBe(999_999n); // ≈ 1 DAI, rounded down
  });

  it('needs decimals', () => {
    expect(() =>
      buildPair({
        address: 'x',
        kind: 'stable',
        totalFeeRate: 0n,
        amp: 1000n,
        assets: [
          { denom: 'a', amount: 1n },
          { denom: 'b', amount: 1n },
        ],
      }),
    ).toThrow();
  });
});

describe('Astroport query shapes', () => {
  it('reads asset infos, pair types, pool reserves and stable params', () => {
    expect(denomOf({ native_token: { denom: 'untrn' } }, 'i')).toBe('untrn');
    expect(denomOf({ token: { contract_addr: 'neutron1abc' } }, 'i')).toBe('cw20:neutron1abc');
    expect(pairKind({ xyk: {} }, 't')).toBe('xyk');
    expect(pairKind({ stable: {} }, 't')).toBe('stable');
    expect(pairKind({ custom: 'concentrated' }, 't')).toBe('other');
    expect(
      poolAssets({ assets: [{ info: { native_token: { denom: 'untrn' } }, amount: '5' }], total_share: '1' }, 'p'),
    ).toEqual([{ denom: 'untrn', amount: 5n }]);
    const params = Buffer.from(JSON.stringify({ amp: '10', fee_share: null })).toString('base64');
    expect(stableAmp({ block_time_last: 1, params, owner: 'o', factory_addr: 'f' }, 'c')).toBe(1000n);
  });
});
