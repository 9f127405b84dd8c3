/**
 * ICS-20 denom traces: the `ibc/<HASH>` voucher denom is the upper-case hex SHA-256 of the full path
 * `port/channel/.../base_denom`, newest hop first (ibc-go modules/apps/transfer/types/denom.go).
 */
import { hash } from 'node:crypto';

export interface Hop {
  port: string;
  channel: string;
}

export interface DenomTrace {
  /** Hops newest first: hops[0] is the channel on the holding chain that the voucher arrived over. */
  hops: Hop[];
  baseDenom: string;
}

/** Classic channel ids and IBC v2 client ids (e.g. `08-wasm-1369`, Eureka) can both appear in a trace. */
const CHANNEL_ID = /^(channel-\d+|\d{2}-[a-z0-9-]+-\d+)$/;
/** Port ids: `transfer`, or contract ports `wasm.<bech32>`; ICS-024 identifier characters. */
const PORT_ID = /^[a-zA-Z0-9._+\-#[\]<>]{2,128}$/;

export function isChannelId(s: string): boolean {
  return CHANNEL_ID.test(s);
}

export function tracePath(trace: DenomTrace): string {
  return [...trace.hops.flatMap((h) => [h.port, h.channel]), trace.baseDenom].join('/');
}

/** The `trace` field of the wire Asset: hops only, no base denom; "" for a native asset. */
export function traceHopsString(hops: Hop[]): string {
  return hops.map((h) => `${h.port}/${h.channel}`).join('/');
}

export function ibcDenomOfPath(path: string): string {
  // One-shot crypto.hash (Node >= 20.12) is several times faster than createHash for short inputs; the registry
  // hashes some 20 000 paths at start-up.
  return `ibc/${hash('sha256', path, 'hex').toUpperCase()}`;
}

/** The denom a chain holds for this trace: the base denom itself when there are no hops. */
export function denomOfTrace(trace: DenomTrace): string {
  return trace.hops.length === 0 ? trace.baseDenom : ibcDenomOfPath(tracePath(trace));
}

/**
 * Splits a full path into hops and base denom the way ibc-go does: leading `port/channel` pairs are hops as long as
 * the second element is a channel (or client) identifier; the rest, slashes included, is the base denom
 * (`transfer/channel-1/factory/osmo1.../cult` has one hop and base `factory/osmo1.../cult`).
 */
export function parseTracePath(path: string): DenomTrace {
  const parts = path.split('/');
  const hops: Hop[] = [];
  let i = 0;
  while (i + 2 < parts.length) {
    const port = parts[i]!;
    const channel = parts[i + 1]!;
    if (!PORT_ID.test(port) || !CHANNEL_ID.test(channel)) break;
    hops.push({ port, channel });
    i += 2;
  }
  return { hops, baseDenom: parts.slice(i).join('/') };
}

/** The trace a voucher gets when it is received over (port, channel) on the receiving chain. */
export function receivedOver(trace: DenomTrace, receivingHop: Hop): DenomTrace {
  return { hops: [receivingHop, ...trace.hops], baseDenom: trace.baseDenom };
}

/** True when sending over `sendingHop` unwinds the newest hop (ICS-20 "sender chain is the sink" case). */
export function unwindsOver(trace: DenomTrace, sendingHop: Hop): boolean {
  const first = trace.hops[0];
  return first !== undefined && first.port === sendingHop.port && first.channel === sendingHop.channel;
}

const IBC_DENOM = /^ibc\/[0-9A-F]{64}$/;
export function isIbcDenom(denom: string): boolean {
  return IBC_DENOM.test(denom);
}
