/**
 * What an Axelar general message with token costs. Axelar charges no transfer fee on a general message (its nexus
 * module takes that fee on token transfers only); the cost is the execution on the destination, paid up front:
 * - from a Cosmos chain, the memo's `fee` to Axelar's gas receiver, taken out of the amount (FEE_BEHAVIOR_DEDUCTED):
 *   a fixed figure per asset and kind of destination (data/axelar.json gmp_fee). axelar-core refuses a type 2 call
 *   that leaves nothing after the fee, so an amount that does not exceed it is refused here;
 * - from an EVM chain, the native gas the handler pays the gas service, on top of the amount (the transaction's value,
 *   FEE_BEHAVIOR_ADDITIONAL): an estimate from data/axelar.json, of which Axelar refunds what the execution does not
 *   use. The amount itself arrives whole.
 */
import type { LaneQuote, LaneRefusal, StepFee } from '../types.js';
import type { AxelarLane } from './lanes.js';

export function axelarQuote(lane: AxelarLane, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal {
  if (lane.gmp) {
    const fees: StepFee[] = [
      {
        type: 'SMART_RELAY',
        chainId: lane.fromChainId,
        denom: lane.gmp.nativeDenom,
        amount: lane.gmp.gasPayment,
        behavior: 'FEE_BEHAVIOR_ADDITIONAL',
        estimate: 'fee_table',
      },
    ];
    if (amount <= 0n) return { refused: 'Axelar carries no zero amount (the handler reverts ZeroAmount)' };
    return { amountIn: amount, amountOut: amount, fees, seconds: lane.seconds };
  }
  const fees: StepFee[] = [
    {
      type: 'SMART_RELAY',
      chainId: lane.fromChainId,
      denom: lane.denomIn,
      amount: lane.fee,
      behavior: 'FEE_BEHAVIOR_DEDUCTED',
    },
  ];
  if (fixed === 'out') return { amountIn: amount + lane.fee, amountOut: amount, fees, seconds: lane.seconds };
  if (amount <= lane.fee) {
    return {
      refused: `Axelar's execution fee on this lane is ${lane.fee} ${lane.asset}, and the amount ${amount} does not exceed it`,
    };
  }
  return { amountIn: amount, amountOut: amount - lane.fee, fees, seconds: lane.seconds };
}
