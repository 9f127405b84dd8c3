/**
 * Axelar keeps a fixed fee out of the amount it moves, whatever the amount: the per-chain transfer fee of the asset
 * on the source and on the destination chain (sendToken and ICS-20 type 3 transfers), or, for a GMP call (the
 * unwrapping lane), the gas the memo pays Axelar's gas receiver for executing it on the destination. An amount that
 * does not exceed the fee would wait in Axelar's queue forever, so it is refused.
 */
import type { LaneQuote, LaneRefusal } from '../types.js';
import type { AxelarLane } from './lanes.js';

export function axelarQuote(lane: AxelarLane, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal {
  const fees = [{ type: 'SMART_RELAY' as const, chainId: lane.fromChainId, denom: lane.denomIn, amount: lane.fee, behavior: 'FEE_BEHAVIOR_DEDUCTED' as const }];
  if (fixed === 'out') return { amountIn: amount + lane.fee, amountOut: amount, fees, seconds: lane.seconds };
  if (amount <= lane.fee) {
    return { refused: `Axelar keeps a fee of ${lane.fee} ${lane.asset} on this lane, and the amount ${amount} does not exceed it` };
  }
  return { amountIn: amount, amountOut: amount - lane.fee, fees, seconds: lane.seconds };
}
