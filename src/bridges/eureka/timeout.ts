/**
 * How long an IBC Eureka packet may wait for its relay. One rule for both directions (Ethereum → Hub, Hub → Ethereum):
 *
 *   packet timeout − now = min(ACCEPTED, max(timeout_seconds, SKIP_GO_WINDOW, expected + margin)),
 *   SKIP_GO_WINDOW = 12 h, margin = max(expected, 10 min)
 *
 * - It outlives the relay. IBC v2 refuses to receive a packet past its timeout (ibc-go v10 channel v2 RecvPacket on
 *   the Hub, ICS26Router.recvPacket on Ethereum) and the packet is then refunded — after a timeout proof is relayed
 *   back, with the relaying fee already paid and lost. A packet from Ethereum is relayed only once its block is final
 *   (expected 1,140 s, data/bridge-durations.json eureka_seconds), so the caller's timeout_seconds alone (300 s by
 *   default) would time out every default transfer. Skip Go gives its own Eureka packets 12 hours, in both
 *   directions, and integrators who build the same transfers warn that a smaller value makes transfers fail
 *   (timewave-computer/valence-protocol's IBC Eureka transfer library, "Skip Go uses 12 hours (43200 seconds) as the
 *   default timeout"; informalsystems/hydro contracts/inflow/ibc-eureka-adapter-cosmoshub README, "Skip:Go uses 12
 *   hours; transfers may fail if this value is too small"). Junction gives the same window; the expected delivery
 *   plus a margin (double it, never under ten minutes) still rules should a lane's expected time ever exceed it.
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
/** The relay window Skip Go gives its Eureka packets (see above): the least a packet gets. */
export const SKIP_GO_EUREKA_WINDOW_SECONDS = 43_200;
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
  const outlivesRelay = Math.max(
    timeoutSeconds,
    SKIP_GO_EUREKA_WINDOW_SECONDS,
    expectedSeconds + relayMarginSeconds(expectedSeconds),
  );
  return Math.min(EUREKA_MAX_PACKET_SECONDS, opensAfterSeconds + outlivesRelay);
}
