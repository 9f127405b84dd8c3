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
