/**
 * A LayerZero OFT transfer delivers what it debits, less the dust below one shared-decimal unit (which never leaves
 * the wallet); the OFT itself takes no fee. The native messaging fee (`quoteSend`) is paid on top, as the
 * transaction's value: live from the fee refresher when the source chain has an endpoint, else the fee table.
 */
import { liveFeeOf } from '../live-fees.js';
import { nativeDenomOf } from '../oft/native.js';
import { oftAmounts } from '../oft/oft.js';
import { type LaneQuote, type LaneRefusal, type StepFee } from '../types.js';
import { layerZeroConfig } from './config.js';
import type { LayerZeroLane } from './lanes.js';

/** The native messaging fee of a lane and where the figure comes from. */
export function layerZeroMessagingFee(lane: LayerZeroLane): { amount: bigint; estimate: 'live' | 'fee_table' } {
  const live = liveFeeOf(lane);
  if (live) return { amount: live.nativeFee, estimate: 'live' };
  return { amount: layerZeroConfig().messagingFeeTable.get(lane.fromChainId) ?? 0n, estimate: 'fee_table' };
}

function messagingFee(lane: LayerZeroLane): StepFee {
  const fee = layerZeroMessagingFee(lane);
  return {
    type: 'SMART_RELAY',
    chainId: lane.fromChainId,
    denom: nativeDenomOf(lane.fromChainId)!,
    amount: fee.amount,
    behavior: 'FEE_BEHAVIOR_ADDITIONAL',
    estimate: fee.estimate,
  };
}

export function layerZeroQuote(lane: LayerZeroLane, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal {
  const q = oftAmounts({ rate: lane.rate, feePpm: 0n }, amount, fixed);
  if ('refused' in q) return q;
  return {
    amountIn: q.amountIn,
    amountOut: q.amountOut,
    fees: [messagingFee(lane)],
    seconds: layerZeroConfig().seconds(lane.fromChainId),
  };
}
