import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { affiliateFeeOf, evmGrossForNet } from './affiliate-fee.js';

describe('evmGrossForNet', () => {
  it('is the least gross whose output net of floor(gross × bps / 10⁴) reaches the net, and leaves exactly it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 9_999 }), (net, bps) => {
        const g = evmGrossForNet(net, bps)!;
        expect(g - affiliateFeeOf(g, bps)).toBe(net);
        if (g > 0n) expect(g - 1n - affiliateFeeOf(g - 1n, bps)).toBeLessThan(net);
      }),
    );
  });

  it('no gross leaves anything at 10000 bps', () => {
    expect(evmGrossForNet(1n, 10_000)).toBeUndefined();
    expect(evmGrossForNet(0n, 10_000)).toBe(0n);
  });
});
