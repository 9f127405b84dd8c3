/**
 * Destination swaps on EVM chains: an EVM swap after a lane that arrives on its chain. It rides in the lane's
 * transaction only when the bridge can carry the call into a published contract on the destination that runs it (the
 * bridge's carriesNext says so). None does for CCTP: Circle's V2 hooks (depositForBurnWithHook) only deliver hook
 * data for a destinationCaller contract to act on, and no such contract that swaps is published (Circle ships
 * CCTPHookWrapper as a sample, not a deployment; Skip's CCTP relayer has no receive-and-swap entry), and Noble burns
 * over CCTP V1 (bridge-domains.json gives it no V2 domain), which has no hooks at all. Go Fast's lanes end on Cosmos
 * chains only (its EVM gateways take orders, Osmosis fills them), so its order data never reaches an EVM swap. There
 * the swap is the user's second transaction on arrival: SwapRouter02 (SkipGoSwapRouter for a Slipstream pool) with
 * the bridge's output as input and the USDC approval (route-txs/build.ts), counted in txs_required and refused
 * without allow_multi_tx.
 */

/** Why the swap after `bridge` is a transaction of its own (part of the MULTI_TX_REQUIRED explanation). */
export function evmSwapOnArrivalReason(bridge: string, chainId: string): string {
  return `${bridge} delivers on ${chainId} without a contract there to run the EVM swap on arrival, so the swap is a transaction of its own`;
}
