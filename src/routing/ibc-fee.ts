/**
 * Relayer fees of a post-swap IBC transfer. On chains whose transfer module charges contracts for relaying (Neutron's
 * feerefunder), the entry point's IBC adapter refuses an ibc_info without `fee`. The entry point
 * (skip-go-cosmwasm-contracts, entry-point execute.rs handle_ibc_transfer_fees) accepts exactly one attached coin,
 * so the user cannot send the fee alongside: it comes out of the swap input before the swap, either
 * - directly, when the input is already the fee denom (NTRN → ATOM: the fee is 200000 untrn of the input), or
 * - through `fee_swap`, a swap_exact_asset_out on the same venue that buys exactly the fee coin with the input.
 * Unused fees (ack or timeout, whichever does not happen) are refunded by the adapter to the recover address.
 */
import type { Registry } from '../registry/registry.js';
import type { IbcTransferFee } from '../registry/types.js';
import { bestExactOut } from './swap.js';
import type { VenueIndex } from './swap-index.js';
import type { PoolHop } from './types.js';

export interface IbcFeePayment {
  fee: IbcTransferFee;
  /** Swap input spent on the fee: the fee itself, or the input of the fee swap. */
  inputCost: bigint;
  /** The pools that buy the fee coin with the swap input (absent when the input is the fee denom). */
  feeSwap?: PoolHop[];
}

/**
 * What a swap of `denomIn` on `venue` pays for the IBC transfer that follows it: undefined when the chain charges
 * nothing, a problem string when the venue cannot buy the fee coin with the input.
 */
export function postSwapIbcFee(
  registry: Registry,
  venue: VenueIndex,
  denomIn: string,
): IbcFeePayment | string | undefined {
  const fee = registry.chain(venue.venue.chainId)?.entryPoint?.ibcTransferFee;
  if (!fee) return undefined;
  const { denom, amount } = fee.total;
  if (denom === denomIn) return { fee, inputCost: amount };
  const best = bestExactOut(venue.candidatePaths(denomIn, denom), amount);
  if (!best) return `${venue.venue.name} has no pool path to buy the ${amount}${denom} IBC relayer fee with ${denomIn}`;
  return { fee, inputCost: best.amountIn, feeSwap: best.path };
}
