/**
 * ICS-20 transfer paths between two holdings of the same origin asset.
 *
 * A voucher's trace fixes the chain of channels it travelled from its origin. To turn a holding with trace S into a
 * holding with trace D (same base denom, same origin), the only path that does not mint a doubly-wrapped voucher is:
 * unwind S back to the point where S and D diverge (their longest common prefix from the origin side), then forward
 * along the rest of D. So a transfer route is computed from the two traces, not searched.
 */
import { denomOfTrace, parseTracePath, type Hop } from '../denom/trace.js';
import type { Registry } from '../registry/registry.js';
import type { ChannelEnd, RegistryAsset } from '../registry/types.js';

/** A holding: the chain it is on and its trace there. */
export interface Holding {
  chainId: string;
  hops: readonly Hop[];
  baseDenom: string;
}

/** One ICS-20 packet: sent from `fromChainId` over (port, channel), received on `toChainId`. */
export interface TransferHop {
  fromChainId: string;
  toChainId: string;
  port: string;
  channel: string;
  /** Receiving side of the channel. */
  counterpartyPort: string;
  counterpartyChannel: string;
  denomIn: string;
  denomOut: string;
  /** True when this packet returns a voucher toward its origin (burn on send, release on receive). */
  unwinds: boolean;
}

/** A step from the origin outwards: a send over `end` (from end.chainId to end.counterpartyChainId). */
type Step = ChannelEnd;

/**
 * The send ends of the holding's newest `count` hops, newest first, resolved as far as the registry knows them:
 * element i is the send end of hops[i] on the chain before it (so unwinding i + 1 hops lands on element i's chain).
 * Stops early at an unknown (or IBC v2) channel; an older hop that is never unwound needs no channel record.
 */
function unwindSteps(registry: Registry, holding: Holding, count: number): Step[] {
  const steps: Step[] = [];
  let at = holding.chainId;
  for (const hop of holding.hops.slice(0, count)) {
    const receiveEnd = registry.channelEnd(at, hop.port, hop.channel);
    if (!receiveEnd || receiveEnd.ibcV2) break;
    const sendEnd = registry.channelEnd(
      receiveEnd.counterpartyChainId,
      receiveEnd.counterpartyPort,
      receiveEnd.counterpartyChannel,
    );
    if (!sendEnd) break;
    steps.push(sendEnd);
    at = sendEnd.chainId;
  }
  return steps;
}

const sameHop = (a: Hop, b: Hop) => a.port === b.port && a.channel === b.channel;

/**
 * The ordered hops that move `from` into `to`, [] when they are the same holding, or undefined when the two are not
 * the same origin asset or a channel on the way is unknown.
 *
 * The two traces meet where, after unwinding u hops of `from` and v hops of `to`, both land on the same chain with
 * the same remaining trace: that is one holding, so the channels below it (toward the origin) are never crossed and
 * need not be known. This is what makes a voucher whose origin side the registry cannot resolve (a CW20 that left
 * Juno over a contract port, an IBC v2 / Eureka asset) routable where it already is. The meeting point with the
 * longest common remaining trace gives the path that does not mint a doubly-wrapped voucher.
 */
export function transferPath(registry: Registry, from: Holding, to: Holding): TransferHop[] | undefined {
  if (from.baseDenom !== to.baseDenom) return undefined;
  const n = from.hops.length;
  const m = to.hops.length;
  // Remaining traces are equal only if they are a common suffix of both hop lists (the origin side).
  let suffix = 0;
  while (suffix < n && suffix < m && sameHop(from.hops[n - 1 - suffix]!, to.hops[m - 1 - suffix]!)) suffix++;
  const a = unwindSteps(registry, from, n);
  const b = unwindSteps(registry, to, m);
  const chainAfter = (holding: Holding, steps: Step[], k: number) =>
    k === 0 ? holding.chainId : steps[k - 1]?.chainId;
  for (let common = suffix; common >= 0; common--) {
    const u = n - common;
    const v = m - common;
    if (u > a.length || v > b.length) continue;
    const chain = chainAfter(from, a, u);
    if (chain === undefined || chain !== chainAfter(to, b, v)) continue;
    return hopsThrough(from, a.slice(0, u), b.slice(0, v));
  }
  return undefined;
}

/** Unwind `up` (send ends, newest first), then forward along `down` (the destination's send ends, newest first). */
function hopsThrough(from: Holding, up: Step[], down: Step[]): TransferHop[] {
  const hops: TransferHop[] = [];
  // The trace held on the chain reached after unwinding i hops of `from`.
  let trace: Hop[] = [...from.hops];
  const denom = (t: Hop[]) => denomOfTrace({ hops: t, baseDenom: from.baseDenom });
  for (const s of up) {
    const next = trace.slice(1);
    hops.push({
      fromChainId: s.counterpartyChainId,
      toChainId: s.chainId,
      port: s.counterpartyPort,
      channel: s.counterpartyChannel,
      counterpartyPort: s.port,
      counterpartyChannel: s.channel,
      denomIn: denom(trace),
      denomOut: denom(next),
      unwinds: true,
    });
    trace = next;
  }
  // Forward: send over the destination's send ends, oldest (nearest the meeting point) first.
  for (let i = down.length - 1; i >= 0; i--) {
    const s = down[i]!;
    const next = [{ port: s.counterpartyPort, channel: s.counterpartyChannel }, ...trace];
    hops.push({
      fromChainId: s.chainId,
      toChainId: s.counterpartyChainId,
      port: s.port,
      channel: s.channel,
      counterpartyPort: s.counterpartyPort,
      counterpartyChannel: s.counterpartyChannel,
      denomIn: denom(trace),
      denomOut: denom(next),
      unwinds: false,
    });
    trace = next;
  }
  return hops;
}

/** A registry asset as a holding: where it is and the trace that names it. */
export function holding(a: RegistryAsset): Holding {
  return { chainId: a.wire.chain_id, hops: a.hops, baseDenom: a.baseDenom };
}

/** The trace a denom has on a chain: none for native denoms, the recorded path for known `ibc/` vouchers. */
export function traceOfDenom(
  registry: Registry,
  chainId: string,
  denom: string,
): { hops: Hop[]; baseDenom: string } | undefined {
  const asset = registry.asset(chainId, denom);
  if (asset) return { hops: asset.hops, baseDenom: asset.baseDenom };
  if (!denom.startsWith('ibc/')) return { hops: [], baseDenom: denom };
  const path = registry.pathOfIbcDenom(chainId, denom);
  return path ? parseTracePath(path) : undefined;
}

/** One packet of `denomIn` sent over `end`: unwinds when the trace's newest hop is this channel, else wraps. */
export function hopOver(registry: Registry, end: ChannelEnd, denomIn: string): TransferHop | undefined {
  const trace = traceOfDenom(registry, end.chainId, denomIn);
  if (!trace) return undefined;
  const first = trace.hops[0];
  const unwinds = first !== undefined && first.port === end.port && first.channel === end.channel;
  const out = unwinds
    ? { hops: trace.hops.slice(1), baseDenom: trace.baseDenom }
    : {
        hops: [{ port: end.counterpartyPort, channel: end.counterpartyChannel }, ...trace.hops],
        baseDenom: trace.baseDenom,
      };
  const denomOut = denomOfTrace(out);
  return {
    fromChainId: end.chainId,
    toChainId: end.counterpartyChainId,
    port: end.port,
    channel: end.channel,
    counterpartyPort: end.counterpartyPort,
    counterpartyChannel: end.counterpartyChannel,
    denomIn,
    denomOut,
    unwinds,
  };
}

/** The IBC path from a holding to a denom on a chain (e.g. the voucher a venue's pools trade). */
export function pathTo(registry: Registry, from: Holding, chainId: string, denom: string): TransferHop[] | undefined {
  const t = traceOfDenom(registry, chainId, denom);
  return t ? transferPath(registry, from, { chainId, hops: t.hops, baseDenom: t.baseDenom }) : undefined;
}

/** The IBC path from a denom on a chain to a holding. */
export function pathFrom(registry: Registry, chainId: string, denom: string, to: Holding): TransferHop[] | undefined {
  const t = traceOfDenom(registry, chainId, denom);
  return t ? transferPath(registry, { chainId, hops: t.hops, baseDenom: t.baseDenom }, to) : undefined;
}
