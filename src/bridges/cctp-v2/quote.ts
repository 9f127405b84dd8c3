/**
 * CCTP V2 pricing. The burn names a `maxFee`; the destination's TokenMessengerV2 mints the amount less the fee Circle
 * actually charged, which never exceeds maxFee. Junction sets maxFee to Circle's fee for the lane (the live figure
 * when the refresher has one, else data/cctp-v2.json's table) plus the table's safety margin, plus the Forwarding
 * Service fee on forwarded lanes, and quotes the amount out net of maxFee: the user receives at least that.
 */
import type { LaneQuote, LaneRefusal, StepFee } from '../types.js';
import { cctpV2Config } from './config.js';
import type { CctpV2Lane } from './lanes.js';
import { cctpV2LiveFee } from './live.js';

const U64_MAX = 2n ** 64n - 1n;
const PPM = 1_000_000n;
/** When the data file has no attestation time for a source: the slowest L2 figure (Ethereum finality). */
const UNKNOWN_ATTESTATION_SECONDS = 1140;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Circle's fee terms for a lane now: transfer fee in ppm and the forwarding fee. */
function cctpV2FeeTerms(lane: CctpV2Lane): { feePpm: bigint; forwardFee: bigint } {
  const live = cctpV2LiveFee(lane);
  return {
    feePpm: live?.feePpm ?? lane.feePpm,
    forwardFee: lane.forwarded ? (live?.forwardFee ?? lane.forwardFee) : 0n,
  };
}

/** The burn's maxFee for `amount`: Circle's fee with the table's margin, plus the forwarding fee. */
export function cctpV2MaxFee(lane: CctpV2Lane, amount: bigint): bigint {
  const { feePpm, forwardFee } = cctpV2FeeTerms(lane);
  const margin = 100n + cctpV2Config().maxFeeMarginPercent;
  const transferFee = feePpm === 0n ? 0n : ceilDiv(amount * feePpm * margin, PPM * 100n);
  return transferFee + forwardFee;
}

function cctpV2Seconds(lane: CctpV2Lane): number {
  const cfg = cctpV2Config();
  const table = lane.speed === 'fast' ? cfg.fastSeconds : cfg.standardSeconds;
  return (table.get(lane.fromChainId) ?? UNKNOWN_ATTESTATION_SECONDS) + cfg.mintSeconds;
}

export function cctpV2Quote(lane: CctpV2Lane, amount: bigint, fixed: 'in' | 'out' = 'in'): LaneQuote | LaneRefusal {
  if (amount > U64_MAX && (lane.fromChainId === 'solana' || lane.toChainId === 'solana'))
    return { refused: `CCTP to or from Solana carries at most ${U64_MAX} base units (u64)` };
  let amountIn = amount;
  if (fixed === 'out') {
    // Smallest input whose output covers `amount`: start from the linear estimate, then step to the exact one.
    const { feePpm, forwardFee } = cctpV2FeeTerms(lane);
    const k = feePpm * (100n + cctpV2Config().maxFeeMarginPercent);
    amountIn = k >= PPM * 100n ? amount : ceilDiv((amount + forwardFee) * PPM * 100n, PPM * 100n - k);
    while (amountIn - cctpV2MaxFee(lane, amountIn) < amount) amountIn++;
    while (amountIn > 1n && amountIn - 1n - cctpV2MaxFee(lane, amountIn - 1n) >= amount) amountIn--;
  }
  const maxFee = cctpV2MaxFee(lane, amountIn);
  // TokenMessengerV2 requires maxFee < amount.
  if (maxFee >= amountIn)
    return {
      refused: `the amount ${amountIn} does not cover CCTP V2's ${lane.forwarded ? 'fast transfer and forwarding fees' : 'fee'} of ${maxFee}`,
    };
  const fees: StepFee[] = lane.forwarded
    ? [
        {
          type: 'SMART_RELAY',
          chainId: lane.fromChainId,
          denom: lane.denomIn,
          amount: cctpV2FeeTerms(lane).forwardFee,
          behavior: 'FEE_BEHAVIOR_DEDUCTED',
          estimate: cctpV2LiveFee(lane)?.forwardFee !== undefined ? 'live' : 'fee_table',
        },
      ]
    : [];
  return { amountIn, amountOut: amountIn - maxFee, fees, seconds: cctpV2Seconds(lane) };
}
