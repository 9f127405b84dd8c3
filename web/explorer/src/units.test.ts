import { describe, expect, it } from 'vitest';
import { duration, fromBaseUnits, shorten, toBaseUnits, usdCents, usdDifference } from './units.js';

describe('whole tokens ↔ base units (bigint, never a float)', () => {
  it("converts with the asset's decimals, exactly", () => {
    expect(toBaseUnits('1.5', 6)).toEqual({ ok: true, value: 1_500_000n });
    expect(toBaseUnits('10', 6)).toEqual({ ok: true, value: 10_000_000n });
    expect(toBaseUnits('.25', 2)).toEqual({ ok: true, value: 25n });
    expect(toBaseUnits('1_000', 0)).toEqual({ ok: true, value: 1000n });
    // 18 decimals: beyond a double's precision.
    expect(toBaseUnits('123456789.123456789123456789', 18)).toEqual({ ok: true, value: 123456789123456789123456789n });
  });
  it('refuses what is not a plain positive amount, saying why', () => {
    expect(toBaseUnits('1.2345678', 6)).toEqual({ ok: false, error: 'at most 6 decimal places for this asset' });
    expect(toBaseUnits('0', 6)).toEqual({ ok: false, error: 'the amount must be more than zero' });
    for (const bad of ['', '.', '-1', '1e6', 'abc', '1.2.3']) expect(toBaseUnits(bad, 6).ok).toBe(false);
  });
  it('formats base units back without losing digits', () => {
    expect(fromBaseUnits('129967015', 6)).toBe('129.967015');
    expect(fromBaseUnits('100000000', 6)).toBe('100');
    expect(fromBaseUnits('5', 6)).toBe('0.000005');
    expect(fromBaseUnits(123456789123456789123456789n, 18)).toBe('123456789.123456789123456789');
    expect(fromBaseUnits('-1500', 3)).toBe('-1.5');
    expect(fromBaseUnits('42', 0)).toBe('42');
  });
});

describe('display helpers', () => {
  it('subtracts USD strings in cents', () => {
    expect(usdDifference('63.06', '62.81')).toBe('0.25');
    expect(usdDifference('100.00', '99.89')).toBe('0.11');
    expect(usdDifference('1', '2.5')).toBe('-1.50');
    expect(usdDifference('x', '1')).toBeNull();
    expect(usdCents('12.345')).toBe(1234n);
  });
  it('writes durations and long ids for people', () => {
    expect(duration(30)).toBe('30 s');
    expect(duration(1200)).toBe('20 min');
    expect(duration(3900)).toBe('1 h 5 min');
    expect(shorten('ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2', 8)).toBe('ibc/2739…1E5EB2');
    expect(shorten('uatom')).toBe('uatom');
  });
});
