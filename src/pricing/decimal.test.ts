import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, absDigits, divRound, type Rounding } from './decimal.js';

const dec = (s: string) => Decimal.parse(s);

/** Arbitrary decimals with up to 30 fractional digits and large mantissas. */
const arbDecimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }))
  .map(([u, s]) => Decimal.of(u, s));
const arbRounding = fc.constantFrom<Rounding>('half-up', 'down', 'floor', 'ceil');

describe('Decimal.parse', () => {
  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['12', '12'],
    ['12.50', '12.5'],
    ['.25', '0.25'],
    ['3.', '3'],
    ['+1.0', '1'],
    ['7.351024717e-05', '0.00007351024717'],
    ['1E3', '1000'],
    ['1.5e+2', '150'],
    ['0.000000000000000000000000000000000001', '0.000000000000000000000000000000000001'],
    ['-98811.81', '-98811.81'],
  ])('%s → %s', (input, canonical) => {
    expect(dec(input).toString()).toBe(canonical);
  });

  it.each([
    '',
    '.',
    'abc',
    '1.2.3',
    '1e',
    'e5',
    '--1',
    '1,5',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '0x10',
    '1e401',
    '1e-401',
  ])('refuses %j', (input) => {
    expect(Decimal.tryParse(input)).toBeUndefined();
    expect(() => Decimal.parse(input)).toThrow(RangeError);
  });

  it('refuses overlong input', () => {
    expect(Decimal.tryParse('1'.repeat(201))).toBeUndefined();
  });

  it('recovers JSON numbers digit for digit', () => {
    expect(Decimal.fromJsonNumber(JSON.parse('7.351024717e-05') as number)?.toString()).toBe('0.00007351024717');
    expect(Decimal.fromJsonNumber(JSON.parse('3246.9') as number)?.toString()).toBe('3246.9');
    expect(Decimal.fromJsonNumber(0.1)?.toString()).toBe('0.1');
    expect(Decimal.fromJsonNumber(Number.NaN)).toBeUndefined();
    expect(Decimal.fromJsonNumber(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('rounding', () => {
  it.each<[string, number, Rounding, string]>([
    ['1.005', 2, 'half-up', '1.01'],
    ['1.004999', 2, 'half-up', '1.00'],
    ['-1.005', 2, 'half-up', '-1.01'],
    ['2.5', 0, 'half-up', '3'],
    ['-2.5', 0, 'half-up', '-3'],
    ['1.009', 2, 'down', '1.00'],
    ['-1.009', 2, 'down', '-1.00'],
    ['-1.001', 2, 'floor', '-1.01'],
    ['1.001', 2, 'ceil', '1.01'],
    ['-0.001', 2, 'half-up', '0.00'],
    ['12', 2, 'half-up', '12.00'],
  ])('%s to %i places (%s) = %s', (x, places, mode, out) => {
    expect(dec(x).toFixed(places, mode)).toBe(out);
  });

  it('divRound agrees with floor/ceil definitions for every sign combination', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        (n, d) => {
          fc.pre(d !== 0n);
          const f = divRound(n, d, 'floor');
          const c = divRound(n, d, 'ceil');
          // floor·d ≤ n < (floor+1)·d, in the orientation of d's sign.
          const pos = d > 0n;
          expect(pos ? f * d <= n && n < (f + 1n) * d : f * d >= n && n > (f + 1n) * d).toBe(true);
          expect(c - f).toBe(n % d === 0n ? 0n : 1n);
          const h = divRound(n, d, 'half-up');
          expect(h === f || h === c).toBe(true);
        },
      ),
    );
  });

  it('round stays within half a unit of the last kept place (half-up) and within one unit (others)', () => {
    fc.assert(
      fc.property(arbDecimal, fc.integer({ min: 0, max: 20 }), arbRounding, (x, places, mode) => {
        const err = x.round(places, mode).sub(x).abs();
        const unit = Decimal.of(1n, places);
        if (mode === 'half-up') expect(err.mul(Decimal.fromInt(2)).lte(unit)).toBe(true);
        else expect(err.lt(unit)).toBe(true);
      }),
    );
  });
});

describe('arithmetic properties', () => {
  it('toString round-trips exactly', () => {
    fc.assert(
      fc.property(arbDecimal, (x) => {
        expect(dec(x.toString()).eq(x)).toBe(true);
      }),
    );
  });

  it('toFixed round-trips to the rounded value', () => {
    fc.assert(
      fc.property(arbDecimal, fc.integer({ min: 0, max: 20 }), (x, p) => {
        const s = x.toFixed(p);
        expect(dec(s).eq(x.round(p))).toBe(true);
        expect(s.includes('.') ? s.split('.')[1]?.length : 0).toBe(p);
      }),
    );
  });

  it('add and sub are exact inverses; add commutes and associates', () => {
    fc.assert(
      fc.property(arbDecimal, arbDecimal, arbDecimal, (a, b, c) => {
        expect(a.add(b).sub(b).eq(a)).toBe(true);
        expect(a.add(b).eq(b.add(a))).toBe(true);
        expect(
          a
            .add(b)
            .add(c)
            .eq(a.add(b.add(c))),
        ).toBe(true);
      }),
    );
  });

  it('mul distributes over add', () => {
    fc.assert(
      fc.property(arbDecimal, arbDecimal, arbDecimal, (a, b, c) => {
        expect(a.mul(b.add(c)).eq(a.mul(b).add(a.mul(c)))).toBe(true);
      }),
    );
  });

  it('div is within one unit of the last place of the true quotient', () => {
    fc.assert(
      fc.property(arbDecimal, arbDecimal, fc.integer({ min: 0, max: 30 }), (a, b, scale) => {
        fc.pre(!b.isZero());
        const q = a.div(b, scale);
        // |q·b − a| ≤ ½·10^-scale·|b|
        const err = q.mul(b).sub(a).abs().mul(Decimal.fromInt(2));
        expect(err.lte(Decimal.of(1n, scale).mul(b.abs()))).toBe(true);
      }),
    );
  });

  it('rounding is monotone', () => {
    fc.assert(
      fc.property(arbDecimal, arbDecimal, fc.integer({ min: 0, max: 10 }), arbRounding, (a, b, p, mode) => {
        const [lo, hi] = a.lte(b) ? [a, b] : [b, a];
        expect(lo.round(p, mode).lte(hi.round(p, mode))).toBe(true);
      }),
    );
  });

  it('shift multiplies by powers of ten exactly', () => {
    fc.assert(
      fc.property(arbDecimal, fc.integer({ min: -30, max: 30 }), (x, n) => {
        expect(x.shift(n).shift(-n).eq(x)).toBe(true);
        if (n >= 0) expect(x.shift(n).eq(x.mul(Decimal.fromInt(10n ** BigInt(n))))).toBe(true);
      }),
    );
  });

  it('division by zero throws', () => {
    expect(() => Decimal.ONE.div(Decimal.ZERO, 2)).toThrow(RangeError);
    expect(() => Decimal.fromRatio(1n, 0n, 2)).toThrow(RangeError);
  });

  it('compares across scales', () => {
    expect(dec('1.50').eq(dec('1.5'))).toBe(true);
    expect(dec('0.1').lt(dec('0.10000000000000000001'))).toBe(true);
    expect(Decimal.min(dec('2'), dec('-3')).toString()).toBe('-3');
    expect(Decimal.max(dec('2'), dec('-3')).toString()).toBe('2');
    expect(JSON.stringify({ v: dec('1.50') })).toBe('{"v":"1.5"}');
  });
});

describe('absDigits', () => {
  it('counts the decimal digits of |n| as toString does, at every magnitude and around powers of ten', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 300n), max: 10n ** 300n }), (n) => {
        expect(absDigits(n)).toBe((n < 0n ? -n : n).toString().length);
      }),
      { numRuns: 2000 },
    );
    for (let k = 0n; k <= 200n; k++)
      for (const n of [10n ** k - 1n, 10n ** k, 10n ** k + 1n, 2n ** k, -(2n ** k)])
        expect(absDigits(n), String(n)).toBe((n < 0n ? -n : n).toString().length);
  });
});
