/**
 * A Stargate V2 taxi transfer: the pool debits the amount without its dust below one shared unit, takes its protocol
 * fee on the shared amount (deducted: what arrives is less), and the native messaging fee is paid on top as the
 * transaction's value. Both fees are live (quoteOFT / quoteSend through the fee refresher) when the source chain has
 * an endpoint, else from data/stargate.json. Amounts arrive in the destination token's own decimals; pools of one
 * asset on two chains can differ in local decimals (USDC has 18 on BNB Chain), so the delivered amount is converted.
 */
import { liveFeeOf } from '../live-fees.js';
import { nativeDenomOf } from '../oft/native.js';
import { oftAmounts } from '../oft/oft.js';
import type { LaneQuote, LaneRefusal, StepFee } from '../types.js';
import { stargateConfig } from './config.js';
import type { StargateLane } from './lanes.js';

export function stargateFees(lane: StargateLane): {
  feePpm: bigint;
  nativeFee: bigint;
  estimate: 'live' | 'fee_table';
} {
  const live = liveFeeOf(lane);
  const cfg = stargateConfig();
  if (live) return { feePpm: live.feePpm ?? cfg.protocolFeePpm, nativeFee: live.nativeFee, estimate: 'live' };
  return {
    feePpm: cfg.protocolFeePpm,
    nativeFee: cfg.messagingFeeTable.get(lane.fromChainId) ?? 0n,
    estimate: 'fee_table',
  };
}

export function stargateQuote(lane: StargateLane, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal {
  const f = stargateFees(lane);
  const q = oftAmounts({ rate: lane.rate, outRate: lane.outRate, feePpm: f.feePpm }, amount, fixed);
  if ('refused' in q) return q;
  const fees: StepFee[] = [];
  if (q.tokenFee > 0n) {
    fees.push({
      type: 'SMART_RELAY',
      chainId: lane.fromChainId,
      denom: lane.denomIn,
      amount: q.tokenFee,
      behavior: 'FEE_BEHAVIOR_DEDUCTED',
      estimate: f.estimate,
    });
  }
  fees.push({
    type: 'SMART_RELAY',
    chainId: lane.fromChainId,
    denom: nativeDenomOf(lane.fromChainId)!,
    amount: f.nativeFee,
    behavior: 'FEE_BEHAVIOR_ADDITIONAL',
    estimate: f.estimate,
  });
  return { amountIn: q.amountIn, amountOut: q.amountOut, fees, seconds: stargateConfig().seconds(lane.fromChainId) };
}
