/**
 * A Go Fast order: the user locks amountIn on the source gateway and a solver pays amountOut on the destination at
 * once; amountIn − amountOut is the solver's fee, `fee_bps` of the amount plus a source-chain and a destination-chain
 * gas component (data/go-fast.json). Orders outside the documented limits are refused with the limit named.
 */
import type { LaneQuote, LaneRefusal } from '../types.js';
import { goFastConfig } from './config.js';
import type { GoFastLane } from './lanes.js';

export interface GoFastFee {
  bpsFee: bigint;
  bpsFeeAmount: bigint;
  sourceChainFee: bigint;
  destinationChainFee: bigint;
  total: bigint;
}

export function goFastFee(lane: GoFastLane, amountIn: bigint): GoFastFee {
  const cfg = goFastConfig();
  const bpsFeeAmount = (amountIn * cfg.feeBps) / 10_000n;
  const sourceChainFee = cfg.sourceFee.get(lane.fromChainId) ?? 0n;
  const destinationChainFee = cfg.destinationFee.get(lane.toChainId) ?? 0n;
  return {
    bpsFee: cfg.feeBps,
    bpsFeeAmount,
    sourceChainFee,
    destinationChainFee,
    total: bpsFeeAmount + sourceChainFee + destinationChainFee,
  };
}

const usd = (units: bigint) => `${units / 1_000_000n} USD`;

function limits(lane: GoFastLane, amountIn: bigint): LaneRefusal | undefined {
  const cfg = goFastConfig();
  const min = cfg.minAmount(lane.fromChainId);
  if (amountIn < min)
    return {
      refused: `Go Fast takes at least ${usd(min)} (${min} base units) from ${lane.fromChainId}; got ${amountIn}`,
    };
  if (amountIn > cfg.maxAmount)
    return {
      refused: `Go Fast takes at most ${usd(cfg.maxAmount)} (${cfg.maxAmount} base units) per order; got ${amountIn}`,
    };
  return undefined;
}

function seconds(lane: GoFastLane): number {
  return goFastConfig().orderSeconds.get(lane.fromChainId) ?? 30;
}

export function goFastQuote(lane: GoFastLane, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal {
  if (fixed === 'in') {
    const refused = limits(lane, amount);
    if (refused) return refused;
    const fee = goFastFee(lane, amount);
    if (fee.total >= amount) return { refused: `the Go Fast solver fee (${fee.total}) exceeds the amount ${amount}` };
    return { amountIn: amount, amountOut: amount - fee.total, fees: [], seconds: seconds(lane) };
  }
  // Exact out: the smallest input whose order pays at least `amount`; the order then promises exactly `amount` and
  // the solver keeps the rounding (at most a base unit or so more than the fee schedule).
  const cfg = goFastConfig();
  const fixedFees = (cfg.sourceFee.get(lane.fromChainId) ?? 0n) + (cfg.destinationFee.get(lane.toChainId) ?? 0n);
  let amountIn = ((amount + fixedFees) * 10_000n) / (10_000n - cfg.feeBps);
  // The estimate ignores the fee's rounding down: walk to the smallest input that still pays `amount`.
  const pays = (x: bigint) => x - goFastFee(lane, x).total >= amount;
  while (amountIn > 1n && pays(amountIn - 1n)) amountIn--;
  while (!pays(amountIn)) amountIn++;
  const refused = limits(lane, amountIn);
  if (refused) return refused;
  return { amountIn, amountOut: amount, fees: [], seconds: seconds(lane) };
}
