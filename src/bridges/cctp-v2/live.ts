/**
 * Circle's current fees per lane: the quote reads them synchronously and falls back to data/cctp-v2.json's table
 * without them. Nothing writes them yet (no refresher asks Circle's fee endpoint), so today every quote uses the table.
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
