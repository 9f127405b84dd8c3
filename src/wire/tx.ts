/**
 * Transaction endpoints (wire sections 3.13–3.15 and 5): submit, track, status, and the Junction push extensions
 * (server-sent events, webhooks). Junction emits the transfer event kinds of the bridges it tracks (IBC, CCTP).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ChainId, Nullable, StringEnum } from './common.js';

export const TRANSACTION_STATES = [
  'STATE_SUBMITTED',
  'STATE_PENDING',
  'STATE_ABANDONED',
  'STATE_COMPLETED_SUCCESS',
  'STATE_COMPLETED_ERROR',
  'STATE_PENDING_ERROR',
] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];
export const TransactionStateSchema = StringEnum(TRANSACTION_STATES, {
  description: 'overall state (wire section 5.3)',
});

export const IBC_TRANSFER_STATES = [
  'TRANSFER_UNKNOWN',
  'TRANSFER_PENDING',
  'TRANSFER_RECEIVED',
  'TRANSFER_SUCCESS',
  'TRANSFER_FAILURE',
] as const;
export type IbcTransferState = (typeof IBC_TRANSFER_STATES)[number];
export const CCTP_TRANSFER_STATES = [
  'CCTP_TRANSFER_UNKNOWN',
  'CCTP_TRANSFER_SENT',
  'CCTP_TRANSFER_PENDING_CONFIRMATION',
  'CCTP_TRANSFER_CONFIRMED',
  'CCTP_TRANSFER_RECEIVED',
] as const;
export type CctpTransferState = (typeof CCTP_TRANSFER_STATES)[number];
export const PACKET_ERROR_TYPES = [
  'PACKET_ERROR_UNKNOWN',
  'PACKET_ERROR_ACKNOWLEDGEMENT',
  'PACKET_ERROR_TIMEOUT',
] as const;
export type PacketErrorType = (typeof PACKET_ERROR_TYPES)[number];
export const STATUS_ERROR_TYPES = [
  'STATUS_ERROR_UNKNOWN',
  'STATUS_ERROR_TRANSACTION_EXECUTION',
  'STATUS_ERROR_INDEXING',
  'STATUS_ERROR_TRANSFER',
] as const;
export type StatusErrorType = (typeof STATUS_ERROR_TYPES)[number];

const TxHash = Type.String({
  description: 'transaction hash: hex for Cosmos (no 0x) and EVM (0x), base58 signature for Solana',
  minLength: 1,
  maxLength: 128,
});

export const SubmitRequest = Type.Object(
  {
    tx: Type.String({ description: 'base64 of the signed transaction bytes' }),
    chain_id: ChainId,
  },
  { title: 'SubmitTxRequest' },
);
export const TxRefResponse = Type.Object(
  { tx_hash: Type.String(), explorer_link: Type.String() },
  { title: 'SubmitTxResponse' },
);
export const TrackRequest = Type.Object({ tx_hash: TxHash, chain_id: ChainId }, { title: 'TrackTxRequest' });
export const StatusQuery = Type.Object({ tx_hash: TxHash, chain_id: ChainId });

export const ChainTransaction = Type.Object(
  {
    chain_id: Type.String(),
    tx_hash: Type.String(),
    explorer_link: Type.String(),
    on_chain_at: Type.Optional(Nullable(Type.String({ description: 'RFC 3339 UTC block time' }))),
  },
  { title: 'ChainTransaction' },
);
export type ChainTransaction = Static<typeof ChainTransaction>;

const ErrorDetails = Nullable(Type.Object({ code: Type.Number(), message: Type.String() }));

export const PacketError = Type.Object(
  { type: StringEnum(PACKET_ERROR_TYPES), message: Type.String(), details: ErrorDetails },
  { title: 'PacketError' },
);
export type PacketError = Static<typeof PacketError>;

export const IbcTransferEvent = Type.Object(
  {
    ibc_transfer: Type.Object({
      from_chain_id: Type.String(),
      to_chain_id: Type.String(),
      state: StringEnum(IBC_TRANSFER_STATES),
      packet_txs: Type.Object({
        send_tx: Nullable(ChainTransaction),
        receive_tx: Nullable(ChainTransaction),
        acknowledge_tx: Nullable(ChainTransaction),
        timeout_tx: Nullable(ChainTransaction),
        error: Nullable(PacketError),
      }),
      src_chain_id: Type.String(),
      dst_chain_id: Type.String(),
    }),
  },
  { title: 'IbcTransferEvent' },
);
export const CctpTransferEvent = Type.Object(
  {
    cctp_transfer: Type.Object({
      from_chain_id: Type.String(),
      to_chain_id: Type.String(),
      state: StringEnum(CCTP_TRANSFER_STATES),
      txs: Type.Object({ send_tx: Nullable(ChainTransaction), receive_tx: Nullable(ChainTransaction) }),
      src_chain_id: Type.String(),
      dst_chain_id: Type.String(),
    }),
  },
  { title: 'CctpTransferEvent' },
);
export const TransferEvent = Type.Union([IbcTransferEvent, CctpTransferEvent], { title: 'TransferEvent' });
export type TransferEvent = Static<typeof TransferEvent>;

export const TransferAssetRelease = Type.Object(
  {
    chain_id: Type.String(),
    denom: Type.String(),
    amount: Type.Optional(Nullable(Type.String())),
    released: Type.Boolean({ description: 'the funds are unlocked and usable (false: still escrowed or in flight)' }),
  },
  { title: 'TransferAssetRelease' },
);
export type TransferAssetRelease = Static<typeof TransferAssetRelease>;

export const StatusError = Type.Object(
  { type: StringEnum(STATUS_ERROR_TYPES), message: Type.String(), details: ErrorDetails },
  { title: 'StatusError' },
);
export type StatusError = Static<typeof StatusError>;

const NextBlocking = Nullable(Type.Object({ transfer_sequence_index: Type.Integer() }));

export const TransferStatus = Type.Object(
  {
    state: TransactionStateSchema,
    transfer_sequence: Type.Array(TransferEvent),
    next_blocking_transfer: NextBlocking,
    transfer_asset_release: Nullable(TransferAssetRelease),
    error: Nullable(StatusError),
  },
  { title: 'TransferStatus' },
);
export type TransferStatus = Static<typeof TransferStatus>;

export const StatusResponse = Type.Object(
  {
    transfers: Type.Array(TransferStatus),
    state: TransactionStateSchema,
    transfer_sequence: Type.Array(TransferEvent, { description: 'deprecated: every transfer event of every transfer' }),
    next_blocking_transfer: NextBlocking,
    transfer_asset_release: Nullable(TransferAssetRelease),
    error: Nullable(StatusError),
    status: StringEnum(['STATE_SUBMITTED', 'STATE_PENDING', 'STATE_COMPLETED'] as const, {
      description: 'summary (captured values)',
    }),
  },
  { title: 'StatusTxResponse' },
);
export type StatusResponse = Static<typeof StatusResponse>;

export const WebhookCreateRequest = Type.Object(
  {
    url: Type.String({
      description: "http(s) URL that receives a POST for every state change of the key's transactions",
      minLength: 1,
      maxLength: 2000,
    }),
  },
  { title: 'WebhookCreateRequest' },
);
export const Webhook = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    created_at: Type.String(),
    secret: Type.Optional(Type.String({ description: 'HMAC-SHA256 key, shown once at creation' })),
  },
  { title: 'Webhook' },
);
export const WebhookList = Type.Object({ webhooks: Type.Array(Webhook) });
export const WebhookDelivery = Type.Object(
  {
    id: Type.String(),
    chain_id: Type.String(),
    tx_hash: Type.String(),
    state: Type.String(),
    status: StringEnum(['pending', 'delivered', 'failed'] as const),
    attempts: Type.Integer(),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    created_at: Type.String(),
    delivered_at: Nullable(Type.String()),
  },
  { title: 'WebhookDelivery' },
);
export const WebhookDeliveries = Type.Object({ deliveries: Type.Array(WebhookDelivery) });
