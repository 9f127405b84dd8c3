/**
 * Axelar keeps a fixed fee out of the amount it moves, whatever the amount: the per-chain transfer fee of the asset
 * on the source and on the destination chain (sendToken, callContractWithToken and ICS-20 type 3 transfers), or, for a
 * GMP call from a Cosmos chain (the unwrapping lane), the gas the memo pays Axelar's gas receiver for executing it on
 * the destination. An amount that does not exceed the fee would wait in Axelar's queue forever, so it is refused.
 * A GMP call from an EVM chain also pays the gas service in native gas, on top of the amount (the transaction's
 * value): an estimate from data/axelar.json, of which Axelar refunds what the execution does not use.
 */
import type { LaneQuote, LaneRefusal, StepFee } from '../types.js';
import type { AxelarLane } from './lanes.js';

export function axelarQuote(lane: AxelarLane, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal {
  const fees: StepFee[] = [
    {
      type: 'SMART_RELAY',
      chainId: lane.fromChainId,
      denom: lane.denomIn,
      amount: lane.fee,
      behavior: 'FEE_BEHAVIOR_DEDUCTED',
    },
  ];
  if (lane.gmp) {
    fees.push({
      type: 'SMART_RELAY',
      chainId: lane.fromChainId,
      denom: lane.gmp.nativeDenom,
      amount: lane.gmp.gasPayment,
      behavior: 'FEE_BEHAVIOR_ADDITIONAL',
      estimate: 'fee_table',
    });
  }
  if (fixed === 'out') return { amountIn: amount + lane.fee, amountOut: amount, fees, seconds: lane.seconds };
  if (amount <= lane.fee) {
    return {
      refused: `Axelar keeps a fee of ${lane.fee} ${lane.asset} on this lane, and the amount ${amount} does not exceed it`,
    };
  }
  return { amountIn: amount, amountOut: amount - lane.fee, fees, seconds: lane.seconds };
}
