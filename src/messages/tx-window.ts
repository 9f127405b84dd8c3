/**
 * When each transaction of a route may be sent, which is where its deadlines start counting.
 *
 * The first transaction is signed at once: its window opens at the request. A later one spends funds that an earlier
 * transaction delivers, and the SDK fetches every transaction up front but signs a later one only once those funds
 * have arrived; a deadline counted from the request would run out while they are still travelling (USDC from
 * Ethereum reaches Noble after about 1,200 s, well after now + 600 s). So a later transaction's window opens after the
 * expected arrival of its funds: the expected durations (src/routing/duration.ts, the figures behind
 * `estimated_route_duration_seconds`) of every step before it, allowed ARRIVAL_ALLOWANCE times over because they are
 * typical figures and a bridge can run late. Every deadline it carries (IBC timeouts, swap and entry-point deadlines,
 * order timeouts, packet timeouts) is then that opening plus `timeout_seconds`, or more when its bridge needs more.
 */
import { stepSeconds } from '../routing/duration.js';
import type { Step } from '../routing/types.js';

/** How many times over the expected arrival a later transaction allows (the carried steps of a lane allow as much). */
export const ARRIVAL_ALLOWANCE = 2;

/** Expected seconds from the request until the funds that step `firstStep` spends arrive (0 for the first step). */
function expectedArrivalSeconds(steps: readonly Step[], firstStep: number): number {
  return steps.slice(0, firstStep).reduce((sum, s) => sum + stepSeconds(s), 0);
}

/** Seconds after the request at which the transaction starting at step `firstStep` opens its window. */
export function txOpensAfterSeconds(steps: readonly Step[], firstStep: number): number {
  return expectedArrivalSeconds(steps, firstStep) * ARRIVAL_ALLOWANCE;
}
