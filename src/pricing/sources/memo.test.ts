import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.js';
import { MemoPriceSource } from './memo.js';
import type { PriceSource } from './types.js';

describe('MemoPriceSource', () => {
  it('answers from memory until the entry expires, absences included', () => {
    let calls = 0;
    let price = Decimal.fromInt(1);
    const inner: PriceSource = {
      name: 'counting',
      usdPrice: (_c, denom) => {
        calls++;
        return denom === 'known' ? { price, asOf: new Date(0), source: 'counting' } : undefined;
      },
    };
    const memo = new MemoPriceSource(inner, 1000);
    expect(memo.usdPrice('c', 'known', 0)?.price.toString()).toBe('1');
    price = Decimal.fromInt(2);
    expect(memo.usdPrice('c', 'known', 999)?.price.toString()).toBe('1');
    expect(memo.usdPrice('c', 'missing', 0)).toBeUndefined();
    expect(memo.usdPrice('c', 'missing', 500)).toBeUndefined();
    expect(calls).toBe(2);
    expect(memo.usdPrice('c', 'known', 1000)?.price.toString()).toBe('2');
    expect(calls).toBe(3);
  });
});
