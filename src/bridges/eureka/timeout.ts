/**
 * How long an IBC Eureka packet may wait for its relay. One rule for both directions (Ethereum → Hub, Hub → Ethereum):
 *
 *   packet timeout − now = min(ACCEPTED, max(timeout_seconds, expected + margin)),   margin = max(expected, 10 min)
 *
 * - It outlives the relay. IBC v2 refuses to receive a packet past its timeout (ibc-go v10 channel v2 RecvPacket on
 *   the Hub, ICS26Router.recvPacket on Ethereum) and the packet is then refunded. A packet from Ethereum is relayed
 *   only once its block is final (expected 1,140 s, data/bridge-durations.json eureka_seconds), so the caller's
 *   timeout_seconds alone (300 s by default) would time out every default transfer. The margin doubles the expected
 *   delivery, and is never under ten minutes, for a relayer running late.
 * - It is never beyond what the sending side accepts, or the transaction itself fails: Ethereum's
 *   ICS26Router.sendPacket reverts IBCInvalidTimeoutDuration when the timeout is more than MAX_TIMEOUT_DURATION
 *   (1 day) after block.timestamp (cosmos/solidity-ibc-eureka contracts/ICS26Router.sol), and the Hub's channel v2
 *   SendPacket refuses a timeout after block time + MaxTimeoutDelta (24 h; ibc-go v10
 *   modules/core/04-channel/v2/types/msgs.go). Both count from the block that includes the transaction, whose
 *   timestamp may trail Junction's clock a little: two minutes of the day are kept back (ACCEPTED = 86,280 s).
 * - The steps a packet carries (the Hub's callback running the entry point on arrival) run after it lands, so their
 *   own deadlines lie after the packet's (checked by the Eureka tests against the message builder).
 */

/** ICS26Router MAX_TIMEOUT_DURATION (Ethereum) and ibc-go v10 channel v2 MaxTimeoutDelta (the Hub): one day. */
export const IBC_V2_MAX_TIMEOUT_SECONDS = 86_400;
/** Kept back from the one-day limit for a block timestamp behind Junction's clock. */
const CLOCK_ALLOWANCE_SECONDS = 120;
/** The longest packet timeout Junction sets, in seconds after the request. */
export const EUREKA_MAX_PACKET_SECONDS = IBC_V2_MAX_TIMEOUT_SECONDS - CLOCK_ALLOWANCE_SECONDS;
/** The least margin over the expected delivery. */
export const MIN_RELAY_MARGIN_SECONDS = 600;

/** The margin a packet keeps over the lane's expected delivery. */
export function relayMarginSeconds(expectedSeconds: number): number {
  return Math.max(expectedSeconds, MIN_RELAY_MARGIN_SECONDS);
}

/**
 * Seconds from the request to the packet's timeout, for a lane expected to deliver in `expectedSeconds`, sent in a
 * transaction whose window opens `opensAfterSeconds` after the request (a later transaction of a route, which waits
 * for its funds: src/messages/tx-window.ts). The window and the relay count from that opening; the one-day cap counts
 * from the request, because the transaction may be sent as early as that and the sending side measures from its block.
 */
export function eurekaPacketTimeoutSeconds(
  expectedSeconds: number,
  timeoutSeconds: number,
  opensAfterSeconds = 0,
): number {
  const outlivesRelay = Math.max(timeoutSeconds, expectedSeconds + relayMarginSeconds(expectedSeconds));
  return Math.min(EUREKA_MAX_PACKET_SECONDS, opensAfterSeconds + outlivesRelay);
}
