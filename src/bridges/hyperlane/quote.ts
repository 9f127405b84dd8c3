/**
 * A warp route delivers exactly what it takes (collateral locked or synthetic burned on one side, released or minted
 * on the other). The interchain gas payment is paid on top: from an EVM router it is live (quoteGasPayment through the
 * fee refresher) when the source chain has an endpoint, else the data file's estimate; from Neutron it is the route's
 * fee constant; from Celestia's warp module it is the data file's cap (max_fee), of which the module takes its gas
 * paymaster's quote only.
 */
import { liveFeeOf } from '../live-fees.js';
import type { LaneQuote, LaneRefusal, StepFee } from '../types.js';
import { hyperlaneConfig } from './config.js';
import type { HyperlaneLane } from './lanes.js';

/** CosmWasm routers take a Uint128 amount; EVM routers a uint256. */
const UINT128_MAX = 2n ** 128n - 1n;

export function interchainGas(lane: HyperlaneLane): StepFee {
  const live = liveFeeOf(lane);
  const table = hyperlaneConfig().gas(lane.fromChainId, lane.toChainId)!;
  return {
    type: 'SMART_RELAY',
    chainId: lane.fromChainId,
    denom: lane.gasDenom,
    amount: live ? live.nativeFee : table.amount,
    behavior: 'FEE_BEHAVIOR_ADDITIONAL',
    estimate: live ? 'live' : 'fee_table',
  };
}

export function hyperlaneQuote(lane: HyperlaneLane, amount: bigint): LaneQuote | LaneRefusal {
  if (lane.standard === 'CwHypCollateral' && amount > UINT128_MAX)
    return { refused: `the ${lane.symbol} warp router on ${lane.fromChainId} takes at most ${UINT128_MAX} (Uint128)` };
  return {
    amountIn: amount,
    amountOut: amount,
    fees: [interchainGas(lane)],
    seconds: hyperlaneConfig().seconds(lane.fromChainId, lane.toChainId),
  };
}
