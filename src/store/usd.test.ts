import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addUsd, isUsdAmount } from './usd.js';

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
