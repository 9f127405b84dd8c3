/**
 * Amount simulation over pool paths: exact-in walks the path forwards with each pool's exactIn; exact-out walks it
 * backwards with each pool's inverse math (exactOut). The best of the candidate paths wins: most output for a fixed
 * input, least input for a fixed output.
 */
import type { PoolHop, SwapRoute } from './types.js';

export function simulateExactIn(path: readonly PoolHop[], amountIn: bigint): bigint | undefined {
  let amount = amountIn;
  for (const hop of path) {
    const out = hop.pool.exactIn(hop.denomIn, hop.denomOut, amount);
    if (out === undefined || out <= 0n) return undefined;
    amount = out;
  }
  return amount;
}

export function simulateExactOut(path: readonly PoolHop[], amountOut: bigint): bigint | undefined {
  let amount = amountOut;
  for (let i = path.length - 1; i >= 0; i--) {
    const hop = path[i]!;
    const inp = hop.pool.exactOut(hop.denomIn, hop.denomOut, amount);
    if (inp === undefined || inp <= 0n) return undefined;
    amount = inp;
  }
  return amount;
}

export function bestExactIn(paths: readonly PoolHop[][], amountIn: bigint): SwapRoute | undefined {
  let best: SwapRoute | undefined;
  for (const path of paths) {
    const out = simulateExactIn(path, amountIn);
    if (out !== undefined && (!best || out > best.amountOut)) best = { path, amountIn, amountOut: out };
  }
  return best;
}

export function bestExactOut(paths: readonly PoolHop[][], amountOut: bigint): SwapRoute | undefined {
  let best: SwapRoute | undefined;
  for (const path of paths) {
    const inp = simulateExactOut(path, amountOut);
    if (inp !== undefined && (!best || inp < best.amountIn)) best = { path, amountIn: inp, amountOut };
  }
  return best;
}
