/**
 * Following an IBC Eureka transfer (the Eureka BridgeTracker): one IBC v2 packet from its send on the source, through
 * its receipt on the destination (where the acknowledgement is written), to the acknowledgement or the timeout
 * relayed back to the source, which refunds the sender on an error acknowledgement or a timeout.
 *
 * - EVM chains: the ICS26 router's events (cosmos/solidity-ibc-eureka contracts/interfaces/IICS26Router.sol):
 *   `SendPacket(string indexed clientId, uint256 indexed sequence, Packet packet)` with the source client;
 *   `WriteAcknowledgement(string indexed clientId, uint256 indexed sequence, Packet packet, bytes[] acknowledgements)`
 *   with the destination client, emitted when the router receives a packet (the published router emits no separate
 *   receive event); `AckPacket(..., bytes acknowledgement)` and `TimeoutPacket(...)` with the source client.
 * - Cosmos chains: ibc-go v10's core channel v2 events (modules/core/04-channel/v2/types/events.go) `send_packet`,
 *   `recv_packet`, `write_acknowledgement`, `acknowledge_packet`, `timeout_packet`, each with `packet_source_client`,
 *   `packet_dest_client`, `packet_sequence`, `packet_timeout_timestamp` (seconds) and `encoded_packet_hex` (the
 *   protobuf ibc.core.channel.v2.Packet); `write_acknowledgement` adds `encoded_acknowledgement_hex` (the protobuf
 *   Acknowledgement). The v1 events carry `packet_src_channel` instead, so the IBC tracker and this one never match
 *   the same event.
 * - The ICS-20 payload (port `transfer`, version `ics20-1`) is ABI-encoded FungibleTokenPacketData
 *   (application/x-solidity-abi) or JSON (application/json).
 * - An error acknowledgement is IBC v2's universal one, sha256("UNIVERSAL_ERROR_ACKNOWLEDGEMENT") (ibc-go
 *   04-channel/v2/types/acknowledgement.go, solidity-ibc-eureka ICS24Host.UNIVERSAL_ERROR_ACK).
 *
 * A packet from Ethereum whose memo runs the Hub's entry point through the callbacks adapter may send an ICS-20
 * packet on in the receiving transaction: that packet is appended as the next (IBC) leg, so the route is a success
 * only where it ends. One that swaps on the Hub and pays the recipient there (`post_swap_action.transfer`) ends on
 * the Hub: the asset released is the swap's output, the bank `transfer`s to the recipient in the receiving
 * transaction (as the IBC and Go Fast trackers read it).
 */
import { createHash } from 'node:crypto';
import { Acknowledgement, Packet as PacketV2 } from 'cosmjs-types/ibc/core/channel/v2/packet';
import { decodeAbiParameters, decodeEventLog, getAddress, type Hex } from 'viem';
import { denomOfTrace, ibcDenomOfPath, parseTracePath } from '../../denom/trace.js';
import { attr } from '../../tx/cosmos-client.js';
import type { AssetAt, EurekaLeg, Leg } from '../../tx/record.js';
import type { Advance, BridgeTracker, CosmosEvent, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';
import type { ChainTransaction, TransferEvent } from '../../wire/tx.js';
import { swapPaid } from '../ibc/swap-paid.js';
import { ibcTracker, packetOutcome } from '../ibc/track.js';
import { eventFields, packetTxs } from '../transfer-event.js';
import {
  ACK_PACKET_EVENT,
  ICS20_PACKET_DATA,
  SEND_PACKET_EVENT,
  TIMEOUT_PACKET_EVENT,
  WRITE_ACKNOWLEDGEMENT_EVENT,
} from './abi.js';
import { eurekaConfig } from './config.js';
import { eurekaLanes } from './lanes.js';

/**
 * IBC v2 accepts packet timeouts up to a day after the send; a packet neither received nor timed out by then plus
 * two hours of relaying is stuck.
 */
const EUREKA_DEADLINE_MS = 26 * 60 * 60 * 1000;
/** Blocks before the first look that the destination's WriteAcknowledgement search covers. */
const SEARCH_MARGIN = 5_000n;
const UNIVERSAL_ERROR_ACK = createHash('sha256').update('UNIVERSAL_ERROR_ACKNOWLEDGEMENT').digest('hex');

/** One v2 packet as sent, with its ICS-20 payload. */
interface SentPacket {
  sequence: string;
  sourceClient: string;
  destClient: string;
  timeoutTimestamp: string;
  data: { denom: string; amount: string; sender: string; receiver: string; memo: string };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isEvm = (env: TrackerEnv, chainId: string) => env.registry.chain(chainId)?.wire.chain_type === 'evm';

/** The chain and client at the other end of a client (contracts.json eureka.clients, read both ways). */
function counterpartOf(chainId: string, clientId: string): { chainId: string; clientId: string } | null {
  for (const c of eurekaConfig().clients) {
    if (c.chainId === chainId && c.clientId === clientId)
      return { chainId: c.counterpartyChainId, clientId: c.counterpartyClientId };
    if (c.counterpartyChainId === chainId && c.counterpartyClientId === clientId)
      return { chainId: c.chainId, clientId: c.clientId };
  }
  return null;
}

/** The ICS-20 payload's data in the encodings Eureka uses; null for another application or encoding. */
function ics20Data(payload: {
  sourcePort: string;
  version: string;
  encoding: string;
  value: Uint8Array | Hex;
}): SentPacket['data'] | null {
  if (payload.sourcePort !== 'transfer') return null;
  const hex =
    typeof payload.value === 'string' ? payload.value : (`0x${Buffer.from(payload.value).toString('hex')}` as Hex);
  try {
    if (payload.encoding === 'application/x-solidity-abi') {
      const [d] = decodeAbiParameters(ICS20_PACKET_DATA, hex);
      return { denom: d.denom, amount: d.amount.toString(), sender: d.sender, receiver: d.receiver, memo: d.memo };
    }
    if (payload.encoding === 'application/json' || payload.encoding === '') {
      const d = JSON.parse(Buffer.from(hex.slice(2), 'hex').toString('utf8')) as Record<string, unknown>;
      if (typeof d.denom !== 'string' || typeof d.amount !== 'string') return null;
      return {
        denom: d.denom,
        amount: d.amount,
        sender: String(d.sender ?? ''),
        receiver: String(d.receiver ?? ''),
        memo: typeof d.memo === 'string' ? d.memo : '',
      };
    }
  } catch {
    // not ICS-20 packet data
  }
  return null;
}

/** The v2 packets an EVM transaction sent through its chain's ICS26 router. */
function evmSends(tx: IncludedTx): SentPacket[] {
  const router = eurekaConfig().ics26Router.get(tx.chainId);
  if (!router) return [];
  const out: SentPacket[] = [];
  for (const log of tx.logs) {
    if (!same(log.address, router)) continue;
    try {
      const { args } = decodeEventLog({
        abi: [SEND_PACKET_EVENT],
        data: log.data as Hex,
        topics: log.topics as [Hex, ...Hex[]],
      });
      const p = args.packet;
      const data = p.payloads.length === 1 ? ics20Data(p.payloads[0]!) : null;
      if (!data) continue;
      out.push({
        sequence: p.sequence.toString(),
        sourceClient: p.sourceClient,
        destClient: p.destClient,
        timeoutTimestamp: p.timeoutTimestamp.toString(),
        data,
      });
    } catch {
      // another event of the router
    }
  }
  return out;
}

/** A Cosmos v2 packet event's packet (the v1 events have no `packet_source_client`). */
function cosmosPacket(e: CosmosEvent): PacketV2 | null {
  const hex = attr(e, 'encoded_packet_hex');
  if (!attr(e, 'packet_source_client') || !hex) return null;
  try {
    return PacketV2.decode(Buffer.from(hex, 'hex'));
  } catch {
    return null;
  }
}

function cosmosSends(tx: IncludedTx): SentPacket[] {
  const out: SentPacket[] = [];
  for (const e of tx.events) {
    if (e.type !== 'send_packet') continue;
    const p = cosmosPacket(e);
    const payload = p?.payloads.length === 1 ? p.payloads[0]! : null;
    const data =
      payload &&
      ics20Data({
        sourcePort: payload.sourcePort,
        version: payload.version,
        encoding: payload.encoding,
        value: payload.value,
      });
    if (!p || !data) continue;
    out.push({
      sequence: p.sequence.toString(),
      sourceClient: p.sourceClient,
      destClient: p.destinationClient,
      timeoutTimestamp: p.timeoutTimestamp.toString(),
      data,
    });
  }
  return out;
}

const sendsOf = (tx: IncludedTx) => (tx.logs.length > 0 ? evmSends(tx) : cosmosSends(tx));

/** The denom a Cosmos chain holds for a received ICS-20 denom: unwound if it returns home, else a new voucher. */
function receivedOnCosmos(denom: string, sourceClient: string, destClient: string): string {
  const home = `transfer/${sourceClient}/`;
  if (denom.startsWith(home)) return denomOfTrace(parseTracePath(denom.slice(home.length)));
  return ibcDenomOfPath(`transfer/${destClient}/${denom}`);
}

/** What leaves the source and what arrives, by the Eureka lane the packet travels (the registry's denoms). */
function assetsOf(env: TrackerEnv, from: string, to: string, p: SentPacket): { sent: AssetAt; delivered: AssetAt } {
  const { denom, amount } = p.data;
  const sentGuess = /^0x[0-9a-f]{40}$/i.test(denom) ? getAddress(denom) : denomOfTrace(parseTracePath(denom));
  const receivedGuess = isEvm(env, to) ? null : receivedOnCosmos(denom, p.sourceClient, p.destClient);
  const lane = eurekaLanes(env.registry).find(
    (l) =>
      l.fromChainId === from &&
      l.toChainId === to &&
      (same(l.denomIn, sentGuess) || (receivedGuess !== null && l.denomOut === receivedGuess)),
  );
  return {
    sent: { chain_id: from, denom: lane?.denomIn ?? sentGuess, amount },
    delivered: { chain_id: to, denom: lane?.denomOut ?? receivedGuess ?? denom, amount },
  };
}

function legOf(tx: IncludedTx, p: SentPacket, env: TrackerEnv): EurekaLeg | null {
  const there = counterpartOf(tx.chainId, p.sourceClient);
  if (!there || !env.registry.chain(there.chainId)) return null;
  return {
    kind: 'eureka',
    from_chain_id: tx.chainId,
    to_chain_id: there.chainId,
    state: 'TRANSFER_PENDING',
    send_tx: env.chainTx(tx.chainId, tx.hash, tx.time),
    receive_tx: null,
    acknowledge_tx: null,
    timeout_tx: null,
    error: null,
    packet: {
      sequence: p.sequence,
      source_client: p.sourceClient,
      dest_client: p.destClient || there.clientId,
      timeout_timestamp: p.timeoutTimestamp,
      memo: p.data.memo,
    },
    ack: null,
    ...assetsOf(env, tx.chainId, there.chainId, p),
    send_height: tx.height,
    dest_from_block: null,
    next_found: false,
  };
}

/** Records the acknowledgement the destination wrote: the universal error acknowledgement, or the app's result. */
function applyAck(leg: EurekaLeg, ack: Uint8Array): void {
  const hex = Buffer.from(ack).toString('hex');
  let error = hex === UNIVERSAL_ERROR_ACK;
  if (!error) {
    try {
      // An ICS-20 JSON acknowledgement carrying an error (IBC v1 style) is a refusal too.
      const json = JSON.parse(Buffer.from(ack).toString('utf8')) as { error?: unknown };
      error = typeof json.error === 'string';
    } catch {
      // an opaque result acknowledgement
    }
  }
  if (error) {
    leg.ack = 'error';
    leg.state = 'TRANSFER_FAILURE';
    leg.error = {
      type: 'PACKET_ERROR_ACKNOWLEDGEMENT',
      message: `${leg.to_chain_id} refused the packet (error acknowledgement): the transfer is refunded on ${leg.from_chain_id}`,
      details: null,
    };
  } else {
    leg.ack = 'result';
    leg.state = 'TRANSFER_SUCCESS';
  }
}

type CosmosPacketEvent = 'recv_packet' | 'write_acknowledgement' | 'acknowledge_packet' | 'timeout_packet';

const cosmosQuery = (type: CosmosPacketEvent, leg: EurekaLeg) =>
  `${type}.packet_source_client='${leg.packet.source_client}' AND ${type}.packet_dest_client='${leg.packet.dest_client}' AND ${type}.packet_sequence='${leg.packet.sequence}'`;

function isPacketEvent(e: CosmosEvent, type: CosmosPacketEvent, leg: EurekaLeg): boolean {
  return (
    e.type === type &&
    attr(e, 'packet_source_client') === leg.packet.source_client &&
    attr(e, 'packet_dest_client') === leg.packet.dest_client &&
    attr(e, 'packet_sequence') === leg.packet.sequence
  );
}

/** The first app acknowledgement a Cosmos `write_acknowledgement` of this packet carries. */
function cosmosAck(tx: IncludedTx, leg: EurekaLeg): Uint8Array | null {
  const e = tx.events.find((x) => isPacketEvent(x, 'write_acknowledgement', leg));
  const hex = e && attr(e, 'encoded_acknowledgement_hex');
  if (!hex) return null;
  try {
    return Acknowledgement.decode(Buffer.from(hex, 'hex')).appAcknowledgements[0] ?? null;
  } catch {
    return null;
  }
}

interface Found {
  tx: ChainTransaction;
  ack: Uint8Array | null;
  /** Cosmos: the whole transaction (to find the packet it sent on). */
  included: IncludedTx | null;
}

/** The packet's receipt on the destination, with the acknowledgement written there when it already is. */
async function findReceipt(
  leg: EurekaLeg,
  env: TrackerEnv,
): Promise<{ found: Found | null; fromBlock: string | null }> {
  if (!isEvm(env, leg.to_chain_id)) {
    const tx = (await env.clients.cosmos(leg.to_chain_id).searchTxs(cosmosQuery('recv_packet', leg)))[0];
    if (!tx) return { found: null, fromBlock: null };
    return {
      found: { tx: env.chainTx(tx.chainId, tx.hash, tx.time), ack: cosmosAck(tx, leg), included: tx },
      fromBlock: null,
    };
  }
  const router = eurekaConfig().ics26Router.get(leg.to_chain_id);
  if (!router) return { found: null, fromBlock: null };
  const evm = env.clients.evm(leg.to_chain_id);
  let fromBlock = leg.dest_from_block;
  if (fromBlock === null) {
    const latest = await evm.client.getBlockNumber();
    fromBlock = (latest > SEARCH_MARGIN ? latest - SEARCH_MARGIN : 0n).toString();
  }
  const logs = await evm.findLogs(
    router,
    WRITE_ACKNOWLEDGEMENT_EVENT,
    { clientId: leg.packet.dest_client, sequence: BigInt(leg.packet.sequence) },
    BigInt(fromBlock),
  );
  for (const log of logs) {
    if (!log.transactionHash || log.blockNumber === null) continue;
    const { args } = decodeEventLog({ abi: [WRITE_ACKNOWLEDGEMENT_EVENT], data: log.data, topics: log.topics });
    if (args.packet.sourceClient !== leg.packet.source_client) continue;
    const time = await evm.blockTime(log.blockNumber);
    const ack = args.acknowledgements[0];
    return {
      found: {
        tx: env.chainTx(leg.to_chain_id, log.transactionHash, time),
        ack: ack ? Buffer.from(ack.slice(2), 'hex') : null,
        included: null,
      },
      fromBlock,
    };
  }
  return { found: null, fromBlock };
}

/** The acknowledgement or timeout of this packet relayed back to the source. */
async function findOnSource(
  leg: EurekaLeg,
  env: TrackerEnv,
  what: 'ack' | 'timeout',
): Promise<ChainTransaction | null> {
  if (!isEvm(env, leg.from_chain_id)) {
    const type = what === 'ack' ? 'acknowledge_packet' : 'timeout_packet';
    const tx = (await env.clients.cosmos(leg.from_chain_id).searchTxs(cosmosQuery(type, leg)))[0];
    return tx ? env.chainTx(tx.chainId, tx.hash, tx.time) : null;
  }
  const router = eurekaConfig().ics26Router.get(leg.from_chain_id);
  if (!router) return null;
  const evm = env.clients.evm(leg.from_chain_id);
  const logs = await evm.findLogs(
    router,
    what === 'ack' ? ACK_PACKET_EVENT : TIMEOUT_PACKET_EVENT,
    { clientId: leg.packet.source_client, sequence: BigInt(leg.packet.sequence) },
    BigInt(leg.send_height),
  );
  const log = logs.find((l) => l.transactionHash && l.blockNumber !== null);
  if (!log) return null;
  return env.chainTx(leg.from_chain_id, log.transactionHash!, await evm.blockTime(log.blockNumber!));
}

/** A memo that runs a contract on arrival (the Hub's callbacks adapter or IBC hooks): the route may go on from there. */
function continuesOnArrival(memo: string): boolean {
  try {
    const m = JSON.parse(memo) as Record<string, unknown>;
    return typeof m === 'object' && m !== null && ('dest_callback' in m || 'wasm' in m);
  } catch {
    return false;
  }
}

/** The ICS-20 packet the receiving transaction sent on after receiving this one (an onward transfer from the Hub). */
function onwardLeg(leg: EurekaLeg, recv: IncludedTx, env: TrackerEnv): Leg | null {
  const at = recv.events.findIndex((e) => isPacketEvent(e, 'recv_packet', leg));
  if (at < 0) return null;
  const after = { ...recv, events: recv.events.slice(at + 1) };
  return ibcTracker.discover(after, env)[0] ?? null;
}

export const eurekaTracker: BridgeTracker<EurekaLeg> = {
  kind: 'eureka',
  deadlineMs: EUREKA_DEADLINE_MS,

  discover(tx: IncludedTx, env: TrackerEnv): EurekaLeg[] {
    return sendsOf(tx).flatMap((p) => legOf(tx, p, env) ?? []);
  },

  /** IBC v2 packets over a client the data files do not pair with a known chain: where they go cannot be followed. */
  unfollowable(tx: IncludedTx, env: TrackerEnv) {
    return sendsOf(tx)
      .filter((p) => !legOf(tx, p, env))
      .map((p) => ({
        message: `IBC v2 packet ${p.sequence} sent over client ${p.sourceClient}, which Junction does not know: it cannot follow it`,
        release: {
          chain_id: tx.chainId,
          denom: /^0x[0-9a-f]{40}$/i.test(p.data.denom) ? getAddress(p.data.denom) : p.data.denom,
          amount: p.data.amount,
        },
      }));
  },

  async advance(leg: EurekaLeg, env: TrackerEnv): Promise<Advance<EurekaLeg>> {
    const out: EurekaLeg = { ...leg };
    let next: Leg | null = null;
    if (!out.receive_tx && !out.timeout_tx) {
      const { found, fromBlock } = await findReceipt(out, env);
      if (fromBlock !== null) out.dest_from_block = fromBlock;
      if (found) {
        out.receive_tx = found.tx;
        out.state = 'TRANSFER_RECEIVED';
        if (found.ack) applyAck(out, found.ack);
        if (out.ack === 'result' && found.included && continuesOnArrival(out.packet.memo) && !out.next_found) {
          next = onwardLeg(out, found.included, env);
          if (next) out.next_found = true;
          else out.swap_out = swapPaid(out.packet.memo, found.included, out.to_chain_id);
        }
      } else if (BigInt(env.now()) >= BigInt(out.packet.timeout_timestamp) * 1000n) {
        const timeout = await findOnSource(out, env, 'timeout');
        if (timeout) {
          out.timeout_tx = timeout;
          out.state = 'TRANSFER_FAILURE';
          out.error = {
            type: 'PACKET_ERROR_TIMEOUT',
            message: `the packet timed out before ${out.to_chain_id} received it: the transfer is refunded on ${out.from_chain_id}`,
            details: null,
          };
        }
      }
    }
    if (out.receive_tx && out.ack === null && !isEvm(env, out.to_chain_id)) {
      // An asynchronous acknowledgement, written after the receipt.
      const written = (
        await env.clients.cosmos(out.to_chain_id).searchTxs(cosmosQuery('write_acknowledgement', out))
      )[0];
      const ack = written && cosmosAck(written, out);
      if (ack) applyAck(out, ack);
    }
    if (out.ack !== null && !out.acknowledge_tx) out.acknowledge_tx = await findOnSource(out, env, 'ack');
    return { leg: out, next };
  },

  summarize(leg: EurekaLeg): LegSummary {
    const outcome = packetOutcome(leg.state);
    return {
      event: eventOf(leg),
      outcome,
      settled: leg.acknowledge_tx !== null || leg.timeout_tx !== null,
      // The onward packet is found in the receiving transaction itself: nothing is awaited beyond it.
      expectsNext: false,
      carriesBackFailure: false,
      arrived: leg.swap_out ?? leg.delivered,
      origin: leg.sent,
    };
  },

  recognises(tx: IncludedTx) {
    const cfg = eurekaConfig();
    const contracts = [cfg.ics20Transfer, cfg.handler, cfg.ics26Router]
      .map((m) => m.get(tx.chainId))
      .filter((a): a is string => a !== undefined);
    if (!tx.to || !contracts.some((c) => same(c, tx.to!))) return null;
    const router = cfg.ics26Router.get(tx.chainId);
    return { bridge: 'eureka', emitted: router !== undefined && tx.logs.some((l) => same(l.address, router)) };
  },
};

function eventOf(leg: EurekaLeg): TransferEvent {
  return {
    eureka_transfer: eventFields(leg, { state: leg.state, packet_txs: packetTxs(leg) }),
  };
}
