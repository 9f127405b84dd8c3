import { describe, expect, it } from 'vitest';
import { l2Denom } from './l2.js';

describe('l2Denom', () => {
  it("gives rena-nuwa-1's fee token for bridge 30 and uinit (initia-registry mainnets/rena/chain.json)", () => {
    expect(l2Denom(30n, 'uinit')).toBe('l2/9d3d65bf3329e45ad659f9cbee7d6dc7b6246b001e32131a9b465215eab90562');
  });
  it('is SHA3-256, not Keccak-256, and depends on the bridge id', () => {
    expect(l2Denom(17n, 'uinit')).not.toBe(l2Denom(30n, 'uinit'));
    expect(l2Denom(17n, 'uinit')).toMatch(/^l2\/[0-9a-f]{64}$/);
  });
});
