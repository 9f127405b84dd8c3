/**
 * A relayer and the IBC modules of the local test chains: the transactions ibc-go and packet-forward middleware put
 * on chain for a transfer, with their events (attribute keys of ibc-go v8, test/fixtures/cometbft/SOURCES.md).
 * Each method includes one transaction on one chain and returns its hash.
 */
import type { Registry } from '../../registry/registry.js';
import type { AbciEvent, Attribute, FakeCosmosNetwork } from './cosmos-network.js';

export interface Packet {
  sourceChain: string;
  destChain: string;
  sequence: string;
  src_port: string;
  src_channel: string;
  dst_port: string;
  dst_channel: string;
  timeout_timestamp: string;
  data: { denom: string; amount: string; sender: string; receiver: string; memo: string };
}

export const RESULT_ACK = '{"result":"AQ=="}';
export const errorAck = (code: number) =>
  `{"error":"ABCI code: ${code}: error handling packet: see events for details"}`;

const a = (key: string, value: string): Attribute => ({ key, value });

function packetAttributes(p: Packet): Attribute[] {
  const data = JSON.stringify({
    amount: p.data.amount,
    denom: p.data.denom,
    memo: p.data.memo,
    receiver: p.data.receiver,
    sender: p.data.sender,
  });
  return [
    a('packet_data', data),
    a('packet_data_hex', Buffer.from(data).toString('hex')),
    a('packet_timeout_height', '0-0'),
    a('packet_timeout_timestamp', p.timeout_timestamp),
    a('packet_sequence', p.sequence),
    a('packet_src_port', p.src_port),
    a('packet_src_channel', p.src_channel),
    a('packet_dst_port', p.dst_port),
    a('packet_dst_channel', p.dst_channel),
    a('packet_channel_ordering', 'ORDER_UNORDERED'),
    a('packet_connection', 'connection-0'),
    a('connection_id', 'connection-0'),
    a('msg_index', '0'),
  ];
}

export const sendPacket = (p: Packet): AbciEvent => ({ type: 'send_packet', attributes: packetAttributes(p) });
const recvPacket = (p: Packet): AbciEvent => ({ type: 'recv_packet', attributes: packetAttributes(p) });
export const writeAck = (p: Packet, ack: string): AbciEvent => ({
  type: 'write_acknowledgement',
  attributes: [...packetAttributes(p), a('packet_ack', ack), a('packet_ack_hex', Buffer.from(ack).toString('hex'))],
});
const withoutData = (p: Packet) => packetAttributes(p).filter((x) => !x.key.startsWith('packet_data'));
const acknowledgePacket = (p: Packet): AbciEvent => ({ type: 'acknowledge_packet', attributes: withoutData(p) });
const timeoutPacket = (p: Packet): AbciEvent => ({ type: 'timeout_packet', attributes: withoutData(p) });
const messageEvent = (action: string, sender: string): AbciEvent => ({
  type: 'message',
  attributes: [a('action', action), a('sender', sender), a('module', 'ibc_channel'), a('msg_index', '0')],
});

export class TestRelayer {
  private readonly sequences = new Map<string, number>();
  constructor(
    private readonly net: FakeCosmosNetwork,
    private readonly registry: Registry,
  ) {}

  /** The packet a transfer over (chain, channel) gets: the next sequence of that channel, ends from the registry. */
  packet(sourceChain: string, channel: string, data: Packet['data'], timeoutSeconds = 600): Packet {
    const end = this.registry.channelEnd(sourceChain, 'transfer', channel);
    if (!end) throw new Error(`no channel ${channel} on ${sourceChain}`);
    const key = `${sourceChain}/${channel}`;
    const sequence = (this.sequences.get(key) ?? 41_000) + 1;
    this.sequences.set(key, sequence);
    return {
      sourceChain,
      destChain: end.counterpartyChainId,
      sequence: String(sequence),
      src_port: 'transfer',
      src_channel: channel,
      dst_port: end.counterpartyPort,
      dst_channel: end.counterpartyChannel,
      timeout_timestamp: String(BigInt(this.net.now + timeoutSeconds * 1000) * 1_000_000n),
      data,
    };
  }

  /** The user's MsgTransfer transaction on the source chain. */
  send(p: Packet, extra: AbciEvent[] = []): string {
    return this.net
      .chain(p.sourceChain)
      .include([messageEvent('/ibc.applications.transfer.v1.MsgTransfer', p.data.sender), sendPacket(p), ...extra]);
  }

  /** MsgRecvPacket on the destination: the acknowledgement written at once, or none (forwarded: written later). */
  recv(p: Packet, ack: string | null, extra: AbciEvent[] = []): string {
    const events = [messageEvent('/ibc.core.channel.v1.MsgRecvPacket', 'relayer'), recvPacket(p), ...extra];
    if (ack !== null) events.push(writeAck(p, ack));
    return this.net.chain(p.destChain).include(events);
  }

  /** MsgAcknowledgement on the source chain; `extra` carries what the source's middleware does in the same tx. */
  acknowledge(p: Packet, extra: AbciEvent[] = []): string {
    return this.net
      .chain(p.sourceChain)
      .include([messageEvent('/ibc.core.channel.v1.MsgAcknowledgement', 'relayer'), acknowledgePacket(p), ...extra]);
  }

  /** MsgTimeout on the source chain, after the packet's deadline. */
  timeout(p: Packet, extra: AbciEvent[] = []): string {
    return this.net
      .chain(p.sourceChain)
      .include([messageEvent('/ibc.core.channel.v1.MsgTimeout', 'relayer'), timeoutPacket(p), ...extra]);
  }
}
