/**
 * Affiliate fees as Skip's entry point takes them (skip-go-cosmwasm-contracts, entry-point execute_user_swap): each
 * affiliate gets floor(min_asset × bps / 10⁴) of the swap's output denom, and
 * - exact-in: the check is output − fees ≥ min_asset, so a quote estimates the fee on the gross output;
 * - exact-out (`swap_exact_asset_out`): the contract swaps for exactly min_asset + fees and hands on exactly
 *   min_asset, so the caller's amount_out is min_asset and the fee is computed on it.
 * Quotes know only the cumulative bps; per-affiliate rounding down can only make the real fees smaller.
 */

/** Exact-in estimate: cumulative bps of the gross swap output. */
export function affiliateFeeOf(grossOut: bigint, bps: number): bigint {
  return (grossOut * BigInt(bps)) / 10_000n;
}

/** Exact-out: the fee the contract adds on top of the net output the caller asked for. */
export function exactOutAffiliateFee(netOut: bigint, bps: number): bigint {
  return (netOut * BigInt(bps)) / 10_000n;
}

/**
 * EVM routers take their fee from what the swap actually gave, after checking their minimum on it: SwapRouter02's
 * sweepTokenWithFee / unwrapWETH9WithFee (@uniswap/v3-periphery PeripheryPaymentsWithFee: floor(balance × feeBips /
 * 10⁴)) and Skip's SkipGoSwapRouter (skip-go-evm-contracts SwapRouter/src/SkipGoSwapRouter.sol _payAffiliateFees:
 * floor(amountOut × feeBPS / 10⁴) per affiliate). Exact-in, the fee is affiliateFeeOf(gross). Exact-out, the swap
 * must give the least gross whose net is the asked output: gross − floor(gross × bps / 10⁴) grows by 0 or 1 per unit,
 * so that least gross leaves exactly `net`. Undefined when no gross leaves anything (10000 bps).
 */
export function evmGrossForNet(net: bigint, bps: number): bigint | undefined {
  const b = BigInt(bps);
  if (b >= 10_000n) return net === 0n ? 0n : undefined;
  const netOf = (g: bigint) => g - (g * b) / 10_000n;
  // ceil(net × 10⁴ / (10⁴ − bps)) is never below the answer; the floor of the fee can make a smaller gross enough.
  let g = (net * 10_000n + (10_000n - b) - 1n) / (10_000n - b);
  while (g > 0n && netOf(g - 1n) >= net) g--;
  return g;
}
