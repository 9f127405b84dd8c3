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
import type { ChannelEnd } from '../registry/types.js';
import { stepTxIndices } from './transactions.js';
import { transferStep } from './types.js';

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
 * The forward steps from the origin to the holding, or undefined if a hop's channel is unknown.
 * hops[0] is the receive channel on the holding chain; its counterparty is the previous chain's send channel.
 */
export function stepsFromOrigin(registry: Registry, holding: Holding): { origin: string; steps: Step[] } | undefined {
  const steps: Step[] = [];
  let at = holding.chainId;
  for (const hop of holding.hops) {
    const receiveEnd = registry.channelEnd(at, hop.port, hop.channel);
    if (!receiveEnd || receiveEnd.ibcV2) return undefined;
    const sendEnd = registry.channelEnd(receiveEnd.counterpartyChainId, receiveEnd.counterpartyPort, receiveEnd.counterpartyChannel);
    if (!sendEnd) return undefined;
    steps.push(sendEnd);
    at = sendEnd.chainId;
  }
  steps.reverse();
  return { origin: at, steps };
}

const sameStep = (a: Step, b: Step) => a.chainId === b.chainId && a.port === b.port && a.channel === b.channel;

/**
 * The ordered hops that move `from` into `to`, [] when they are the same holding, or undefined when the two are not
 * the same origin asset or a channel on the way is unknown.
 */
export function transferPath(registry: Registry, from: Holding, to: Holding): TransferHop[] | undefined {
  if (from.baseDenom !== to.baseDenom) return undefined;
  const a = stepsFromOrigin(registry, from);
  const b = stepsFromOrigin(registry, to);
  if (!a || !b || a.origin !== b.origin) return undefined;

  let common = 0;
  while (common < a.steps.length && common < b.steps.length && sameStep(a.steps[common]!, b.steps[common]!)) common++;

  const hops: TransferHop[] = [];
  // Trace held after i forward steps: the receive channels of steps i-1 .. 0, newest first.
  const traceAfter = (steps: Step[], n: number): Hop[] =>
    steps
      .slice(0, n)
      .map((s) => ({ port: s.counterpartyPort, channel: s.counterpartyChannel }))
      .reverse();
  const denomAfter = (steps: Step[], n: number) => denomOfTrace({ hops: traceAfter(steps, n), baseDenom: from.baseDenom });

  // Unwind: send back over the receive channel of each step, newest first.
  for (let i = a.steps.length - 1; i >= common; i--) {
    const s = a.steps[i]!;
    hops.push({
      fromChainId: s.counterpartyChainId,
      toChainId: s.chainId,
      port: s.counterpartyPort,
      channel: s.counterpartyChannel,
      counterpartyPort: s.port,
      counterpartyChannel: s.channel,
      denomIn: denomAfter(a.steps, i + 1),
      denomOut: denomAfter(a.steps, i),
      unwinds: true,
    });
  }
  // Forward along the destination's remaining steps.
  for (let i = common; i < b.steps.length; i++) {
    const s = b.steps[i]!;
    hops.push({
      fromChainId: s.chainId,
      toChainId: s.counterpartyChainId,
      port: s.port,
      channel: s.channel,
      counterpartyPort: s.counterpartyPort,
      counterpartyChannel: s.counterpartyChannel,
      denomIn: denomAfter(b.steps, i),
      denomOut: denomAfter(b.steps, i + 1),
      unwinds: false,
    });
  }
  return hops;
}

/** Transaction index of each hop of a pure transfer path (see transactions.ts for the rules). */
export function txIndices(registry: Registry, hops: readonly TransferHop[], firstTx = 0): number[] {
  return stepTxIndices(registry, hops.map((hop) => transferStep(hop)), firstTx);
}


/** The trace a denom has on a chain: none for native denoms, the recorded path for known `ibc/` vouchers. */
export function traceOfDenom(registry: Registry, chainId: string, denom: string): { hops: Hop[]; baseDenom: string } | undefined {
  const asset = registry.asset(chainId, denom);
  if (asset) return { hops: asset.hops, baseDenom: asset.baseDenom };
  if (!denom.startsWith('ibc/')) return { hops: [], baseDenom: denom };
  const path = registry.pathOfIbcDenom(denom);
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
    : { hops: [{ port: end.counterpartyPort, channel: end.counterpartyChannel }, ...trace.hops], baseDenom: trace.baseDenom };
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
