/**
 * TIA warp messages of Celestia's own Hyperlane module (hyperlane-cosmos x/core and x/warp in celestia-app) and the
 * events its transactions carry. The modules emit typed events (Cosmos SDK EmitTypedEvent): the event type is the
 * proto message's full name and each attribute value is the field's JSON (strings in double quotes, uint32 as a
 * number), plus the SDK's `msg_index` — bcp-innovations/hyperlane-cosmos proto/hyperlane/core/v1/events.proto
 * (EventDispatch, EventProcess), proto/hyperlane/warp/v1/events.proto (EventSendRemoteTransfer), emitted by
 * x/core/keeper/logic_message.go and x/warp/keeper/logic_collateral.go at 37f9235f (v1.2.0-rc.0). Addresses and ids
 * from hyperlane-xyz/hyperlane-registry b34b59e9 (chains/celestia/addresses.yaml and metadata.yaml,
 * deployments/warp_routes/TIA/*-config.yaml).
 */
import { encodePacked, keccak256, pad, type Hex } from 'viem';
import type { CosmosEvent } from '../../../tx/tracker.js';

export const CELESTIA_DOMAIN = 1128614981;
/** Celestia's mailbox id (chains/celestia/addresses.yaml `mailbox`). */
const CELESTIA_MAILBOX = '0x68797065726c616e650000000000000000000000000000000000000000000000';
/** The TIA collateral tokens of Celestia's warp module: connected to Ethereum (0), Base (1) and Arbitrum's TIA.n (5). */
export const CELESTIA_TOKEN = {
  '1': '0x726f757465725f61707000000000000000000000000000010000000000000000',
  '8453': '0x726f757465725f61707000000000000000000000000000010000000000000001',
  '42161': '0x726f757465725f61707000000000000000000000000000010000000000000005',
} as const;
export const TIA_ETHEREUM = '0xB8fB4E8512c8272e8986058D0318C8cEFcB21aa7';
export const TIA_BASE = '0x5d27225a5D8A756e5655617b22cC03616C3B26c3';

const json = (s: string) => JSON.stringify(s);

/** A warp message from a Celestia token to its EVM router (Message.sol layout; warp body: recipient, amount). */
export function celestiaWarpMessage(m: {
  version: number;
  nonce: number;
  token: Hex;
  toDomain: number;
  router: Hex;
  to: Hex;
  amount: bigint;
}): Hex {
  return encodePacked(
    ['uint8', 'uint32', 'uint32', 'bytes32', 'uint32', 'bytes32', 'bytes32', 'uint256'],
    [m.version, m.nonce, CELESTIA_DOMAIN, m.token, m.toDomain, pad(m.router), pad(m.to), m.amount],
  );
}

/** The events of the Celestia transaction whose MsgRemoteTransfer dispatched `message` (warp event, then core's). */
export function celestiaDispatchEvents(message: Hex, sender: string): CosmosEvent[] {
  const hex = (from: number, to: number) => `0x${message.slice(2 + 2 * from, 2 + 2 * to)}`;
  const destination = Number.parseInt(message.slice(2 + 2 * 41, 2 + 2 * 45), 16);
  const amount = BigInt(`0x${message.slice(2 + 2 * 109, 2 + 2 * 141)}`);
  return [
    {
      type: 'hyperlane.warp.v1.EventSendRemoteTransfer',
      attributes: [
        { key: 'amount', value: json(`${amount}utia`) },
        { key: 'destination_domain', value: String(destination) },
        { key: 'recipient', value: json(hex(77, 109)) },
        { key: 'sender', value: json(sender) },
        { key: 'token_id', value: json(hex(9, 41)) },
        { key: 'msg_index', value: '0' },
      ],
    },
    {
      type: 'hyperlane.core.v1.EventDispatch',
      attributes: [
        { key: 'destination', value: String(destination) },
        { key: 'message', value: json(message.toLowerCase()) },
        { key: 'origin_mailbox_id', value: json(CELESTIA_MAILBOX) },
        { key: 'recipient', value: json(hex(45, 77)) },
        { key: 'sender', value: json(hex(9, 41)) },
        { key: 'msg_index', value: '0' },
      ],
    },
  ];
}

/** The event of the Celestia transaction in which the core module processed `message` (a relayer's MsgProcessMessage). */
export function celestiaProcessEvents(message: Hex): CosmosEvent[] {
  const hex = (from: number, to: number) => `0x${message.slice(2 + 2 * from, 2 + 2 * to)}`;
  return [
    {
      type: 'hyperlane.core.v1.EventProcess',
      attributes: [
        { key: 'message', value: json(message.toLowerCase()) },
        { key: 'message_id', value: json(keccak256(message)) },
        { key: 'origin', value: String(Number.parseInt(message.slice(2 + 2 * 5, 2 + 2 * 9), 16)) },
        { key: 'origin_mailbox_id', value: json(CELESTIA_MAILBOX) },
        { key: 'recipient', value: json(hex(45, 77)) },
        { key: 'sender', value: json(hex(9, 41)) },
        { key: 'msg_index', value: '0' },
      ],
    },
  ];
}
