import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addUsd, isUsdAmount, roundUsd, USD_STORED_PLACES } from './usd.js';

describe('addUsd', () => {
  it('adds exactly where floats would not', () => {
    expect(addUsd('0.1', '0.2')).toBe('0.3');
    expect(addUsd('12.50', '0.0001')).toBe('12.5001');
    expect(addUsd('0', '0')).toBe('0');
    expect(addUsd('0.5', '0.5')).toBe('1');
    expect(addUsd('99999999999999999999.99', '0.01')).toBe('100000000000000000000');
  });

  it('rejects what is not a non-negative decimal', () => {
    for (const bad of ['', '-1', '1e3', '1.', '.5', 'NaN', ' 1', '1,5']) {
      expect(isUsdAmount(bad)).toBe(false);
      expect(() => addUsd(bad, '1')).toThrow(RangeError);
    }
  });

  it('agrees with integer arithmetic on cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 10n ** 20n }), (a, b) => {
        const cents = (n: bigint) => `${n / 100n}.${(n % 100n).toString().padStart(2, '0')}`;
        const expected = addUsd(cents(a + b), '0');
        expect(addUsd(cents(a), cents(b))).toBe(expected);
      }),
    );
  });
});

describe('roundUsd', () => {
  it('rounds half up to the stored places, shortest form', () => {
    expect(roundUsd('1.2345', 3)).toBe('1.235');
    expect(roundUsd('1.2344', 3)).toBe('1.234');
    expect(roundUsd('0.9999', 3)).toBe('1');
    expect(roundUsd('12.50')).toBe('12.5');
    expect(roundUsd('7')).toBe('7');
    // The exact USD value of 0.1234… WETH: 42 fractional digits, which the store's format refused.
    const exact = '400.857755509204425515869750682340063274816983';
    expect(isUsdAmount(exact)).toBe(false);
    expect(roundUsd(exact)).toBe('400.857755509204');
    expect(isUsdAmount(roundUsd(exact))).toBe(true);
    expect(roundUsd(`1.${'9'.repeat(45)}`)).toBe('2');
    expect(roundUsd('0.000000000000499')).toBe('0');
    expect(roundUsd('0.0000000000005')).toBe(`0.${'0'.repeat(USD_STORED_PLACES - 1)}1`);
  });

  it('refuses what is not a non-negative decimal', () => {
    for (const bad of ['', '-1', '1e3', '.5', 'NaN']) expect(() => roundUsd(bad)).toThrow(RangeError);
  });

  it('agrees with rounding the exact rational, for any fraction length up to 45 digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 50n }), fc.integer({ min: 0, max: 45 }), (units, scale) => {
        const digits = units.toString().padStart(scale + 1, '0');
        const value = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
        const p = USD_STORED_PLACES;
        // round(units / 10^scale, p) = floor((units * 10^p * 2 + 10^scale) / (2 * 10^scale)) / 10^p
        const rounded =
          scale <= p
            ? units * 10n ** BigInt(p - scale)
            : (units * 2n + 10n ** BigInt(scale - p)) / (2n * 10n ** BigInt(scale - p));
        expect(addUsd(roundUsd(value), '0')).toBe(
          addUsd(`${rounded / 10n ** BigInt(p)}.${(rounded % 10n ** BigInt(p)).toString().padStart(p, '0')}`, '0'),
        );
      }),
    );
  });
});
