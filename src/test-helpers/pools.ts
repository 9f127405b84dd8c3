/**
 * A constant-product pool for engine and message tests that must not depend on a venue's real state. Real pool
 * math is tested in venues/; routing tests on the shipped snapshot use the real venues.
 */
import type { Pool } from '../venues/types.js';

/** x·y = k with a fee on the input (fee in parts per million). */
export function testXykPool(id: string, venue: string, a: [string, bigint], b: [string, bigint], feePpm = 3000n): Pool {
  const reserves = new Map([a, b]);
  const other = (d: string) => (d === a[0] ? b[0] : a[0]);
  return {
    id,
    venue,
    kind: 'test-xyk',
    denoms: [a[0], b[0]],
    swapFee: feePpm * 10n ** 12n,
    exactIn(denomIn, denomOut, amountIn) {
      const x = reserves.get(denomIn);
      const y = reserves.get(denomOut);
      if (x === undefined || y === undefined || denomOut !== other(denomIn) || amountIn <= 0n) return undefined;
      const net = (amountIn * (1_000_000n - feePpm)) / 1_000_000n;
      const out = (y * net) / (x + net);
      return out > 0n ? out : undefined;
    },
    exactOut(denomIn, denomOut, amountOut) {
      const x = reserves.get(denomIn);
      const y = reserves.get(denomOut);
      if (x === undefined || y === undefined || amountOut <= 0n || amountOut >= y) return undefined;
      const net = (x * amountOut + (y - amountOut) - 1n) / (y - amountOut);
      return (net * 1_000_000n + (1_000_000n - feePpm) - 1n) / (1_000_000n - feePpm);
    },
    spotPrice(denomIn, denomOut) {
      const x = reserves.get(denomIn);
      const y = reserves.get(denomOut);
      return x === undefined || y === undefined ? undefined : { num: y, den: x };
    },
    reserve(denom) {
      return reserves.get(denom) ?? 0n;
    },
  };
}
