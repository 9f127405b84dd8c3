/** The OFT amount model: dust, the bridge fee on shared units, exact-out inversion, decimals on both sides, limits. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pad } from 'viem';
import { buildRegistry } from '../../registry/build.js';
import { userAddress } from '../../test-helpers/registry.js';
import { minAmountAfterSlippage, oftAmounts, oftRecipient } from './oft.js';

const E12 = 10n ** 12n;

describe('oftAmounts', () => {
  it('keeps the dust below one shared unit in the wallet and charges the fee on shared units as FeeLibV1 rounds it', () => {
    expect(oftAmounts({ rate: E12, feePpm: 0n }, 1_234_567_890_123_456_789n, 'in')).toEqual({
      amountIn: 1_234_567_890_123_456_789n,
      amountOut: 1_234_567n * E12,
      tokenFee: 0n,
    });
    // As Stargate's FeeLibV1: 6 bps of 250 000 000 shared units is 150 000, plus one unit; of 1 unit, the whole unit.
    expect(oftAmounts({ rate: 1n, feePpm: 600n }, 250_000_000n, 'in')).toEqual({
      amountIn: 250_000_000n,
      amountOut: 249_849_999n,
      tokenFee: 150_001n,
    });
    expect(oftAmounts({ rate: 1n, feePpm: 600n }, 250_000_001n, 'in')).toMatchObject({ tokenFee: 150_001n });
    expect(oftAmounts({ rate: 1n, feePpm: 600n }, 1n, 'in')).toEqual({
      refused: expect.stringContaining('smallest unit'),
    });
  });

  it('converts to the destination decimals (18 → 6 and 6 → 18)', () => {
    expect(oftAmounts({ rate: E12, outRate: 1n, feePpm: 0n }, 5n * 10n ** 18n + 7n, 'in')).toMatchObject({
      amountOut: 5_000_000n,
    });
    expect(oftAmounts({ rate: 1n, outRate: E12, feePpm: 0n }, 5_000_000n, 'in')).toMatchObject({
      amountOut: 5n * 10n ** 18n,
    });
    expect(oftAmounts({ rate: E12, outRate: 1n, feePpm: 0n }, 5_000_000n, 'out')).toMatchObject({
      amountIn: 5n * 10n ** 18n,
      amountOut: 5_000_000n,
    });
  });

  it('exact out gives the least input that delivers at least the amount asked, and inverts exact in', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.bigInt({ min: 0n, max: 50_000n }),
        fc.constantFrom(1n, E12),
        (want, ppm, rate) => {
          const q = oftAmounts({ rate, feePpm: ppm }, want, 'out');
          if ('refused' in q) return true;
          expect(q.amountOut >= want).toBe(true);
          const fwd = oftAmounts({ rate, feePpm: ppm }, q.amountIn, 'in');
          expect(fwd).toMatchObject({ amountOut: q.amountOut });
          if (q.amountIn > rate) {
            const less = oftAmounts({ rate, feePpm: ppm }, q.amountIn - rate, 'in');
            expect('refused' in less || less.amountOut < want).toBe(true);
          }
          return true;
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('refuses amounts whose shared value overflows uint64', () => {
    expect(oftAmounts({ rate: 1n, feePpm: 0n }, 2n ** 64n, 'in')).toEqual({
      refused: expect.stringContaining('uint64'),
    });
  });
});

describe('minAmountAfterSlippage and oftRecipient', () => {
  it('takes the tolerance off the expected shared amount, rounding against the sender', () => {
    expect(minAmountAfterSlippage(1_234_567n, 5_000n, E12)).toBe((1_234_567n - 6_173n) * E12);
    expect(minAmountAfterSlippage(100n, 0n, 1n)).toBe(100n);
  });

  it('encodes EVM and Cosmos recipients as left-padded 32 bytes', () => {
    const registry = buildRegistry();
    expect(oftRecipient(registry, '1', '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829')).toBe(
      pad('0x0f7833777bfc9ef72d8b76ae954d3849dd71f829'),
    );
    expect(oftRecipient(registry, 'neutron-1', userAddress(registry, 'neutron-1'))).toMatch(/^0x0{24}[0-9a-f]{40}$/);
  });
});
