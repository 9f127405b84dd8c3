import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from './decimal.js';
import { amountForUsd, formatPercent, formatUsd, percentChange, relativeChange, sumUsd, usdValue } from './usd.js';

const dec = (s: string) => Decimal.parse(s);
const arbAmount = fc.bigInt({ min: 0n, max: 10n ** 36n });
const arbDecimals = fc.integer({ min: 0, max: 24 });
/** Prices as the sources give them: up to 36 fractional digits, from dust to BTC. */
const arbPrice = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 42n }), fc.integer({ min: 0, max: 36 }))
  .map(([u, s]) => Decimal.of(u, s));

describe('usdValue', () => {
  it('matches the captured Axelar figures (10 WETH at 3487.18)', () => {
    const price = dec('3487.18');
    expect(formatUsd(usdValue(10_000000000000000000n, 18, price))).toBe('34871.80');
    expect(formatUsd(usdValue(9992274579512577377n, 18, price))).toBe('34844.86');
    expect(formatUsd(usdValue(7725420487422623n, 18, price))).toBe('26.94');
  });

  it('is exact: value(a) + value(b) == value(a + b), no drift', () => {
    fc.assert(
      fc.property(arbAmount, arbAmount, arbDecimals, arbPrice, (a, b, d, p) => {
        expect(
          usdValue(a, d, p)
            .add(usdValue(b, d, p))
            .eq(usdValue(a + b, d, p)),
        ).toBe(true);
      }),
    );
  });

  it('formatted values add up to within one cent per term', () => {
    fc.assert(
      fc.property(arbAmount, arbAmount, arbDecimals, arbPrice, (a, b, d, p) => {
        const va = usdValue(a, d, p);
        const vb = usdValue(b, d, p);
        fc.pre(va.gte(dec('0.01')) && vb.gte(dec('0.01')));
        const sumOfFormatted = dec(formatUsd(va)).add(dec(formatUsd(vb)));
        const formattedSum = dec(formatUsd(va.add(vb)));
        expect(sumOfFormatted.sub(formattedSum).abs().lte(dec('0.01'))).toBe(true);
      }),
    );
  });

  it('is monotone in the amount and in the price', () => {
    fc.assert(
      fc.property(arbAmount, arbAmount, arbDecimals, arbPrice, arbPrice, (a, b, d, p, q) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(usdValue(lo, d, p).lte(usdValue(hi, d, p))).toBe(true);
        const [pl, ph] = p.lte(q) ? [p, q] : [q, p];
        expect(usdValue(a, d, pl).lte(usdValue(a, d, ph))).toBe(true);
        // …and so is its wire form.
        expect(dec(formatUsd(usdValue(lo, d, p))).lte(dec(formatUsd(usdValue(hi, d, p))))).toBe(true);
      }),
    );
  });

  it('amountForUsd inverts usdValue, rounding down', () => {
    fc.assert(
      fc.property(arbAmount, arbDecimals, arbPrice, (a, d, p) => {
        fc.pre(!p.isZero());
        const back = amountForUsd(usdValue(a, d, p), d, p);
        expect(back).toBe(a);
      }),
    );
    expect(amountForUsd(dec('10'), 6, dec('0.5'))).toBe(20_000000n);
    expect(amountForUsd(dec('10'), 6, Decimal.ZERO)).toBeUndefined();
  });

  it('refuses bad decimals', () => {
    expect(() => usdValue(1n, -1, Decimal.ONE)).toThrow(RangeError);
    expect(() => usdValue(1n, 1.5, Decimal.ONE)).toThrow(RangeError);
  });

  it('sums', () => {
    expect(sumUsd([dec('0.1'), dec('0.2')]).eq(dec('0.3'))).toBe(true);
    expect(sumUsd([]).isZero()).toBe(true);
  });
});

describe('formatUsd', () => {
  it.each([
    ['0', '0.00'],
    ['12', '12.00'],
    ['0.36', '0.36'],
    ['0.005', '0.01'],
    ['0.0049999', '0.0049'],
    ['0.0034', '0.0034'],
    ['0.003456', '0.0035'],
    ['0.0000012345', '0.0000012'],
    ['0.00999', '0.01'],
    // Below half a cent, a carry that would reach it is cut instead: "0.005" would print back as "0.01".
    ['0.00495', '0.0049'],
    ['-0.004999', '-0.0049'],
    ['0.004949', '0.0049'],
    ['98811.814999', '98811.81'],
    ['98811.815', '98811.82'],
    ['-26.945', '-26.95'],
    ['-0.0001234', '-0.00012'],
    ['123456789012345678901234567890.129', '123456789012345678901234567890.13'],
  ])('%s → %s', (v, out) => {
    expect(formatUsd(dec(v))).toBe(out);
  });

  it('never prints a nonzero value as zero and never uses exponent notation', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 40 }), (u, s) => {
        const v = Decimal.of(u, s);
        const out = formatUsd(v);
        expect(out).toMatch(/^-?\d+\.\d+$/);
        expect(dec(out).isZero()).toBe(v.isZero());
        // Two decimals whenever the value is at least half a cent.
        if (v.abs().gte(dec('0.005'))) expect(out.split('.')[1]).toHaveLength(2);
      }),
    );
  });

  it('round-trips: parsing the wire form and formatting again is the identity', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 40 }), (u, s) => {
        const once = formatUsd(Decimal.of(u, s));
        expect(formatUsd(dec(once))).toBe(once);
      }),
    );
  });
});

describe('percentages', () => {
  it('formats to four decimals', () => {
    expect(formatPercent(dec('0.26065'))).toBe('0.2607');
    expect(formatPercent(dec('98.69154'))).toBe('98.6915');
    expect(formatPercent(Decimal.ZERO)).toBe('0.0000');
  });

  it('relative and percent change', () => {
    expect(relativeChange(dec('100000.00'), dec('98811.81'))?.toString()).toBe('-0.0118819');
    expect(percentChange(dec('130.13'), dec('103.17'))?.toFixed(4)).toBe('-20.7177');
    expect(percentChange(dec('100'), dec('110'))?.toString()).toBe('10');
    expect(relativeChange(Decimal.ZERO, dec('1'))).toBeUndefined();
    expect(percentChange(Decimal.ZERO, dec('1'))).toBeUndefined();
  });

  it('percentChange is within one unit of its last place', () => {
    fc.assert(
      fc.property(arbPrice, arbPrice, (a, b) => {
        fc.pre(!a.isZero());
        const p = percentChange(a, b)!;
        // p·a/100 ≈ b − a, error ≤ ½·10^-18·a/100·100
        const err = p
          .mul(a)
          .sub(b.sub(a).mul(Decimal.fromInt(100)))
          .abs();
        expect(err.lte(a.mul(Decimal.of(1n, 18)))).toBe(true);
      }),
    );
  });
});
