/**
 * Following an ICS-20 transfer on chain (the IBC BridgeTracker). A leg is one packet: `send_packet` in a transaction
 * of the sending chain, `recv_packet` on the receiving chain, the acknowledgement that chain writes
 * (`write_acknowledgement`: a result, or an error that refunds the sender), the relay of that acknowledgement back
 * (`acknowledge_packet`), or instead a `timeout_packet` on the sending chain once the packet's deadline has passed.
 * Transactions are found with CometBFT event queries on those events' packet attributes.
 *
 * Multi-hop transfers: a packet-forward memo (`forward`) makes the receiving chain send the next packet in the same
 * transaction that receives this one, and acknowledge this one only when the next is settled (so this leg stays
 * TRANSFER_RECEIVED meanwhile, and a failure further on comes back as an error acknowledgement). An IBC-hooks memo
 * whose contract call ends in an IBC transfer (Skip's entry point `post_swap_action.ibc_transfer`) sends the next
 * packet in that same transaction too, but acknowledges this one at once; so does the Hub's IBC callbacks adapter
 * calling the entry point (`dest_callback` and `wasm` memo), whose `action` may send an IBC v2 (Eureka) packet, which
 * the Eureka tracker follows, and Noble's Orbiter (an `orbiter` memo to its module account), whose CCTP burn in the
 * receiving transaction the CCTP tracker follows. A GMP memo to Axelar hands the funds over
 * to Axelar once the packet is received with a result (the Axelar tracker follows from there). A packet over a
 * channel the registry does not know cannot be followed: it is reported as such, never as a success.
 */
import { denomOfTrace, ibcDenomOfPath, parseTracePath } from '../../denom/trace.js';
import type { IbcTransferState, TransferEvent } from '../../wire/tx.js';
import { entryPointCall } from '../../messages/cosmos/entry-point.js';
import { attr } from '../../tx/cosmos-client.js';
import type { AssetAt, IbcLeg, IbcPacketRef, Leg } from '../../tx/record.js';
import type { Advance, BridgeTracker, CosmosEvent, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';
import { swapPaid } from './swap-paid.js';
import { eventFields, packetTxs } from '../transfer-event.js';

type PacketEventType =
  'send_packet' | 'recv_packet' | 'write_acknowledgement' | 'acknowledge_packet' | 'timeout_packet';

export const ibcTracker: BridgeTracker<IbcLeg> = {
  kind: 'ibc',

  discover(tx: IncludedTx, env: TrackerEnv): IbcLeg[] {
    const legs: IbcLeg[] = [];
    for (const e of tx.events) {
      if (e.type !== 'send_packet') continue;
      const leg = legOf(tx, e, env);
      if (leg) legs.push(leg);
    }
    return legs;
  },

  /** ICS-20 packets over channels the registry does not know: where they go cannot be followed. */
  unfollowable(tx: IncludedTx, env: TrackerEnv) {
    const out: { message: string; release: AssetAt | null }[] = [];
    for (const e of tx.events) {
      if (e.type !== 'send_packet') continue;
      const packet = packetOf(e);
      if (!packet || env.registry.channelEnd(tx.chainId, packet.src_port, packet.src_channel)) continue;
      out.push({
        message: `IBC packet ${packet.sequence} sent over ${packet.src_port}/${packet.src_channel}, a channel the registry does not know: Junction cannot follow it`,
        release: {
          chain_id: tx.chainId,
          denom: denomOfTrace(parseTracePath(packet.data.denom)),
          amount: packet.data.amount,
        },
      });
    }
    return out;
  },

  async advance(leg: IbcLeg, env: TrackerEnv): Promise<Advance<IbcLeg>> {
    const out: IbcLeg = { ...leg };
    let next: Leg | null = null;
    const receiving = env.clients.cosmos(leg.to_chain_id);
    const sending = env.clients.cosmos(leg.from_chain_id);

    if (!out.receive_tx && !out.timeout_tx) {
      const recv = (await receiving.searchTxs(packetQuery('recv_packet', 'dst', out.packet)))[0];
      if (recv) {
        out.receive_tx = env.chainTx(recv.chainId, recv.hash, recv.time);
        out.state = 'TRANSFER_RECEIVED';
        applyAck(out, recv);
        if (out.ack === 'result') out.swap_out = swapPaid(out.packet.data.memo, recv, out.to_chain_id);
        if (out.next && out.next.via !== 'handover' && !out.next_found) {
          next = nextLeg(out, recv, env);
          if (next) out.next_found = true;
        }
      } else if (timeoutPassed(out.packet, env.now())) {
        const timeout = (await sending.searchTxs(packetQuery('timeout_packet', 'src', out.packet)))[0];
        if (timeout) {
          const retry = retriedPacket(out, timeout);
          if (retry) {
            // Packet forwarding retries a timed-out forward with a new packet in the timeout transaction.
            out.packet = retry;
          } else {
            out.timeout_tx = env.chainTx(timeout.chainId, timeout.hash, timeout.time);
            out.state = 'TRANSFER_FAILURE';
            out.error = { type: 'PACKET_ERROR_TIMEOUT', message: 'packet timed out', details: null };
          }
        }
      }
    }
    if (out.receive_tx && out.ack === null) {
      // Asynchronous acknowledgement (packet forwarding): written when the forwarded packet settles.
      const written = (await receiving.searchTxs(packetQuery('write_acknowledgement', 'dst', out.packet)))[0];
      if (written) applyAck(out, written);
    }
    if (out.next?.via === 'handover' && !out.next_found && out.ack === 'result' && env.handOver) {
      // The receiving chain's own bridge takes the funds on from here (Axelar routes a GMP memo's message).
      const handed = env.handOver(out);
      if (handed) {
        next = handed;
        out.next_found = true;
      }
    }
    if (out.ack !== null && !out.acknowledge_tx) {
      const acked = (await sending.searchTxs(packetQuery('acknowledge_packet', 'src', out.packet)))[0];
      if (acked) out.acknowledge_tx = env.chainTx(acked.chainId, acked.hash, acked.time);
    }
    return { leg: out, next };
  },

  summarize(leg: IbcLeg): LegSummary {
    const outcome = packetOutcome(leg.state);
    const { packet } = leg;
    return {
      event: eventOf(leg),
      outcome,
      settled: leg.acknowledge_tx !== null || leg.timeout_tx !== null,
      expectsNext: leg.next !== null && !leg.next_found && outcome !== 'failure',
      carriesBackFailure: leg.next?.via === 'forward',
      // After a swap on arrival the user holds the swap's output, not the packet's asset.
      arrived: leg.swap_out ?? { chain_id: leg.to_chain_id, denom: receivedDenom(packet), amount: packet.data.amount },
      origin: {
        chain_id: leg.from_chain_id,
        denom: denomOfTrace(parseTracePath(packet.data.denom)),
        amount: packet.data.amount,
      },
    };
  },
};

/** What an IBC packet's state (classic or Eureka) means for the transfer. */
export function packetOutcome(state: IbcTransferState): LegSummary['outcome'] {
  if (state === 'TRANSFER_SUCCESS') return 'success';
  if (state === 'TRANSFER_FAILURE') return 'failure';
  return state === 'TRANSFER_RECEIVED' ? 'received' : 'pending';
}

function eventOf(leg: IbcLeg): TransferEvent {
  return {
    ibc_transfer: eventFields(leg, { state: leg.state, packet_txs: packetTxs(leg) }),
  };
}

/**
 * A leg from a `send_packet` event of an ICS-20 transfer over a channel the registry knows (also used by the CCTP
 * tracker for the packet a Noble forwarding account sends at the end of a block).
 */
export function legOf(tx: IncludedTx, e: CosmosEvent, env: TrackerEnv): IbcLeg | null {
  const packet = packetOf(e);
  if (!packet) return null;
  const end = env.registry.channelEnd(tx.chainId, packet.src_port, packet.src_channel);
  if (!end) return null;
  return {
    kind: 'ibc',
    from_chain_id: tx.chainId,
    to_chain_id: end.counterpartyChainId,
    state: 'TRANSFER_PENDING' satisfies IbcTransferState,
    send_tx: env.chainTx(tx.chainId, tx.hash, tx.time),
    receive_tx: null,
    acknowledge_tx: null,
    timeout_tx: null,
    error: null,
    packet,
    ack: null,
    next: nextFromMemo(packet.data.memo),
    next_found: false,
  };
}

function packetOf(e: CosmosEvent): IbcPacketRef | null {
  const raw = attr(e, 'packet_data') ?? hexText(attr(e, 'packet_data_hex'));
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw ?? '') as Record<string, unknown>;
  } catch {
    return null;
  }
  // ICS-20 only: other applications (interchain accounts, CCV) carry other packet data.
  if (typeof data.denom !== 'string' || typeof data.amount !== 'string') return null;
  const sequence = attr(e, 'packet_sequence');
  const src_port = attr(e, 'packet_src_port');
  const src_channel = attr(e, 'packet_src_channel');
  const dst_port = attr(e, 'packet_dst_port');
  const dst_channel = attr(e, 'packet_dst_channel');
  if (!sequence || !src_port || !src_channel || !dst_port || !dst_channel) return null;
  return {
    sequence,
    src_port,
    src_channel,
    dst_port,
    dst_channel,
    timeout_timestamp: attr(e, 'packet_timeout_timestamp') ?? '0',
    timeout_height: attr(e, 'packet_timeout_height') ?? '0-0',
    data: {
      denom: data.denom,
      amount: data.amount,
      sender: String(data.sender ?? ''),
      receiver: String(data.receiver ?? ''),
      memo: typeof data.memo === 'string' ? data.memo : '',
    },
  };
}

const hexText = (hex: string | undefined) => (hex ? Buffer.from(hex, 'hex').toString('utf8') : undefined);

/** The continuation a memo asks for: `forward` (packet forwarding) or a hooks call ending in `ibc_transfer`. */
function nextFromMemo(memo: string): IbcLeg['next'] {
  if (!memo.trim().startsWith('{')) return null;
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(memo) as Record<string, unknown>;
  } catch {
    return null;
  }
  // Axelar's GMP memo (axelar-core x/axelarnet Message): the receiving chain's bridge carries the funds on.
  if (typeof m.destination_chain === 'string' && typeof m.destination_address === 'string' && 'type' in m) {
    return { port: '', channel: '', via: 'handover' };
  }
  // Noble's Orbiter (noble-assets/orbiter): it burns for CCTP in the transaction that receives the packet.
  const orbiter = m.orbiter as { forwarding?: { protocol_id?: unknown } } | undefined;
  if (orbiter?.forwarding?.protocol_id === 'PROTOCOL_CCTP') return { port: '', channel: '', via: 'orbiter' };
  const forward = m.forward as { port?: unknown; channel?: unknown } | undefined;
  if (forward && typeof forward.channel === 'string') {
    return {
      port: typeof forward.port === 'string' ? forward.port : 'transfer',
      channel: forward.channel,
      via: 'forward',
    };
  }
  // The entry point's call (IBC hooks, or the IBC callbacks adapter on the Hub): a swap whose post-swap action is a
  // transfer, or an action that is one (over an IBC v2 client: a relayed Eureka transfer from the Hub).
  type SendsOn = { ibc_transfer?: { ibc_info?: { source_channel?: unknown } } } | undefined;
  const call = entryPointCall((m.wasm as { msg?: unknown } | undefined)?.msg);
  const channel =
    (call.swapAndAction?.post_swap_action as SendsOn)?.ibc_transfer?.ibc_info?.source_channel ??
    (call.action?.action as SendsOn)?.ibc_transfer?.ibc_info?.source_channel;
  return typeof channel === 'string' ? { port: 'transfer', channel, via: 'hooks' } : null;
}

/** Event query for one packet: its sequence and channel end on the side the event is emitted. */
function packetQuery(type: PacketEventType, side: 'src' | 'dst', p: IbcPacketRef): string {
  const port = side === 'src' ? p.src_port : p.dst_port;
  const channel = side === 'src' ? p.src_channel : p.dst_channel;
  return `${type}.packet_${side}_port='${port}' AND ${type}.packet_${side}_channel='${channel}' AND ${type}.packet_sequence='${p.sequence}'`;
}

function isPacketEvent(e: CosmosEvent, type: PacketEventType, p: IbcPacketRef): boolean {
  return (
    e.type === type &&
    attr(e, 'packet_sequence') === p.sequence &&
    attr(e, 'packet_src_channel') === p.src_channel &&
    attr(e, 'packet_dst_channel') === p.dst_channel
  );
}

/** Records this packet's acknowledgement when the transaction wrote it. */
function applyAck(leg: IbcLeg, tx: IncludedTx): void {
  const written = tx.events.find((e) => isPacketEvent(e, 'write_acknowledgement', leg.packet));
  if (!written) return;
  const text = attr(written, 'packet_ack') ?? hexText(attr(written, 'packet_ack_hex')) ?? '';
  let ack: { result?: unknown; error?: unknown } = {};
  try {
    ack = JSON.parse(text) as typeof ack;
  } catch {
    // Not the ICS-20 JSON acknowledgement: treat as an error, as ibc-go does for an undecodable one.
    ack = { error: text };
  }
  if (typeof ack.error === 'string' || ack.result === undefined) {
    const message = typeof ack.error === 'string' ? ack.error : text;
    // ibc-go's error acknowledgements read "ABCI code: <n>: error handling packet: see events for details".
    const code = /ABCI code: (\d+)/.exec(message)?.[1];
    leg.ack = 'error';
    leg.state = 'TRANSFER_FAILURE';
    leg.error = { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', message, details: { code: code ? Number(code) : 0, message } };
  } else {
    leg.ack = 'result';
    leg.state = 'TRANSFER_SUCCESS';
  }
}

/** The packet the receiving transaction sent on to the memo's channel, after receiving this one. */
function nextLeg(leg: IbcLeg, recv: IncludedTx, env: TrackerEnv): Leg | null {
  const at = recv.events.findIndex((e) => isPacketEvent(e, 'recv_packet', leg.packet));
  if (at < 0 || !leg.next) return null;
  if (leg.next.via === 'orbiter') {
    // The burn's circle.cctp.v1.MessageSent, between this receipt and the next packet's (the CCTP tracker's leg).
    const end = recv.events.findIndex((e, i) => i > at && e.type === 'recv_packet');
    const events = recv.events.slice(at + 1, end < 0 ? undefined : end);
    return env.discoverIn?.({ ...recv, events }).find((l) => l.kind === 'cctp') ?? null;
  }
  for (let i = at + 1; i < recv.events.length; i++) {
    const e = recv.events[i]!;
    if (e.type === 'recv_packet') break;
    if (e.type !== 'send_packet') continue;
    if (attr(e, 'packet_src_channel') === leg.next.channel && attr(e, 'packet_src_port') === leg.next.port)
      return legOf(recv, e, env);
    // An IBC v2 packet over that client (ibc-go v10 channel v2 events name it packet_source_client): another
    // tracker's leg (Eureka).
    if (attr(e, 'packet_source_client') === leg.next.channel)
      return env.discoverIn?.({ ...recv, events: [e] })[0] ?? null;
  }
  return null;
}

/** A new packet on the same channel to the same receiver, sent by the transaction that timed this one out. */
function retriedPacket(leg: IbcLeg, timeout: IncludedTx): IbcPacketRef | null {
  for (const e of timeout.events) {
    if (e.type !== 'send_packet' || attr(e, 'packet_src_channel') !== leg.packet.src_channel) continue;
    const p = packetOf(e);
    if (p && p.sequence !== leg.packet.sequence && p.data.receiver === leg.packet.data.receiver) return p;
  }
  return null;
}

/** Whether the packet's timestamp deadline has passed (a height-only deadline is checked by the timeout query). */
function timeoutPassed(p: IbcPacketRef, nowMs: number): boolean {
  const ns = BigInt(p.timeout_timestamp || '0');
  if (ns === 0n) return p.timeout_height !== '0-0';
  return BigInt(nowMs) * 1_000_000n >= ns;
}

/** The denom the receiving chain holds for this packet: the unwound denom, or a new voucher over its channel. */
function receivedDenom(p: IbcPacketRef): string {
  const prefix = `${p.src_port}/${p.src_channel}/`;
  if (p.data.denom.startsWith(prefix)) return denomOfTrace(parseTracePath(p.data.denom.slice(prefix.length)));
  return ibcDenomOfPath(`${p.dst_port}/${p.dst_channel}/${p.data.denom}`);
}
