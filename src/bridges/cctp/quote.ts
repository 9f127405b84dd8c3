/**
 * CCTP V1 standard transfers burn exactly what they are given and mint exactly that on the destination: Circle
 * takes no fee, so exact-in and exact-out coincide. The duration is Circle's attestation time for the source chain
 * plus one relayer pass to mint on the destination. The smart-relayed forms into and out of Noble charge a relaying
 * fee (data/smart-relay-fees.json) deducted from the amount.
 */
import type { LaneQuote, LaneRefusal } from '../types.js';
import { cctpConfig } from './config.js';
import type { CctpLane } from './lanes.js';

/** Solana token amounts are u64. */
const U64_MAX = 2n ** 64n - 1n;
/** When the data file has no figure for a source chain: the slowest documented one (Ethereum finality). */
const UNKNOWN_ATTESTATION_SECONDS = 1140;

export function cctpQuote(lane: CctpLane, amount: bigint, fixed: 'in' | 'out' = 'in'): LaneQuote | LaneRefusal {
  if (amount > U64_MAX && (lane.fromChainId === 'solana' || lane.toChainId === 'solana')) {
    return { refused: `CCTP to or from Solana carries at most ${U64_MAX} base units (u64)` };
  }
  const cfg = cctpConfig();
  const seconds = (cfg.attestationSeconds.get(lane.fromChainId) ?? UNKNOWN_ATTESTATION_SECONDS) + cfg.mintSeconds;
  if (!lane.relayed) return { amountIn: amount, amountOut: amount, fees: [], seconds };
  // Relayed: the fee comes out of what the user gives (user signs for amount delivered + fee).
  const fee = lane.relayFee;
  const fees = [
    {
      type: 'SMART_RELAY' as const,
      chainId: lane.fromChainId,
      denom: lane.denomIn,
      amount: fee,
      behavior: 'FEE_BEHAVIOR_DEDUCTED' as const,
    },
  ];
  if (fixed === 'out') return { amountIn: amount + fee, amountOut: amount, fees, seconds };
  if (amount <= fee)
    return {
      refused: `the amount ${amount} does not cover the CCTP relaying fee of ${fee} (set smart_relay to false to relay the mint yourself)`,
    };
  return { amountIn: amount, amountOut: amount - fee, fees, seconds };
}
