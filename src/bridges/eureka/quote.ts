/**
 * An IBC v2 packet moves the amount unchanged; the relayed form takes the relay fee (in the transferred token) out of
 * what the user gives: the user signs for amountIn = amount delivered + relay fee (fee_behavior DEDUCTED).
 */
import type { LaneQuote, LaneRefusal } from '../types.js';
import { eurekaConfig } from './config.js';
import type { EurekaLane } from './lanes.js';

/** Without a figure in the data file: the slower direction's (a packet from Ethereum waits for finality). */
const UNKNOWN_SECONDS = 1140;

/** The lane's expected delivery, from signing to funds usable on the far end (its packet's timeout covers it). */
export function eurekaLaneSeconds(lane: EurekaLane): number {
  return eurekaConfig().seconds.get(lane.fromChainId) ?? UNKNOWN_SECONDS;
}

export function eurekaQuote(lane: EurekaLane, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal {
  const seconds = eurekaLaneSeconds(lane);
  const fee = lane.relayFee;
  const fees = lane.relayed
    ? [
        {
          type: 'SMART_RELAY' as const,
          chainId: lane.fromChainId,
          denom: lane.denomIn,
          amount: fee,
          behavior: 'FEE_BEHAVIOR_DEDUCTED' as const,
        },
      ]
    : [];
  if (fixed === 'out') return { amountIn: amount + fee, amountOut: amount, fees, seconds };
  if (amount <= fee)
    return { refused: `the amount ${amount} does not cover the Eureka relay fee of ${fee} ${lane.denomIn}` };
  return { amountIn: amount, amountOut: amount - fee, fees, seconds };
}
