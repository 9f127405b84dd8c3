import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceilDiv, floorDiv, formatFixed, isqrt, isqrtCeil, parseAmount, parseFixed } from './fixed.js';

describe('fixed-point helpers', () => {
  it('parses decimals at a scale, truncating or rounding up', () => {
    expect(parseFixed('0.002000000000000000', 18)).toBe(2_000_000_000_000_000n);
    expect(parseFixed('1.188208396503728215435481479429664466', 36)).toBe(
      1_188_208_396_503_728_215_435_481_479_429_664_466n,
    );
    expect(parseFixed('12', 2)).toBe(1200n);
    expect(parseFixed('-1.5', 1)).toBe(-15n);
    expect(parseFixed('0.123', 2)).toBe(12n);
    expect(parseFixed('0.123', 2, 'up')).toBe(13n);
    expect(parseFixed('0.120', 2, 'up')).toBe(12n);
    expect(() => parseFixed('1e5', 18)).toThrow(SyntaxError);
    expect(() => parseFixed('', 18)).toThrow(SyntaxError);
    expect(() => parseAmount('-1')).toThrow(SyntaxError);
    expect(parseAmount(42)).toBe(42n);
  });

  it('formats what it parses', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), (v) => {
        expect(parseFixed(formatFixed(v, 18), 18)).toBe(v);
      }),
    );
  });

  it('rounds divisions in the stated direction', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (a, b) => {
          const f = floorDiv(a, b);
          const c = ceilDiv(a, b);
          expect(f * b <= a && a < (f + 1n) * b).toBe(true);
          expect((c - 1n) * b < a && a <= c * b).toBe(true);
        },
      ),
    );
  });

  it('integer square roots bracket the root', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 80n }), (n) => {
        const r = isqrt(n);
        expect(r * r <= n && n < (r + 1n) * (r + 1n)).toBe(true);
        const c = isqrtCeil(n);
        expect(c * c >= n && (c === 0n || (c - 1n) * (c - 1n) < n)).toBe(true);
      }),
    );
  });
});
