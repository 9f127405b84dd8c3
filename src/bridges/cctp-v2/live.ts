/**
 * Circle's current fees per lane, written by the refresher that asks Circle's fee endpoint when CCTP_FEES_URL is set
 * (live-fees.ts, off the request path): the quote reads them synchronously and falls back to data/cctp-v2.json's table
 * without them.
 */
import type { CctpV2Lane } from './lanes.js';

export interface CctpV2LiveFee {
  /** Circle's minimumFee for the lane's finality, in parts per million of the amount. */
  feePpm: bigint;
  /** The forwardFee the fee endpoint quotes for the destination (forwarded lanes). */
  forwardFee?: bigint;
  at: number;
}

const book = new WeakMap<CctpV2Lane, CctpV2LiveFee>();

export function cctpV2LiveFee(lane: CctpV2Lane): CctpV2LiveFee | undefined {
  return book.get(lane);
}

export function setCctpV2LiveFee(lane: CctpV2Lane, fee: CctpV2LiveFee): void {
  book.set(lane, fee);
}

export function clearCctpV2LiveFee(lane: CctpV2Lane): void {
  book.delete(lane);
}
