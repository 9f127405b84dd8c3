/**
 * Transaction endpoints (wire sections 3.13–3.15 and 5): submit, track, status, and the Junction push extensions
 * (server-sent events, webhooks). Every transfer event kind the official SDK types name is declared; Junction emits
 * those of the bridges it tracks.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { ChainId, Nullable, StringEnum } from './common.js';

const TRANSACTION_STATES = [
  'STATE_SUBMITTED',
  'STATE_PENDING',
  'STATE_ABANDONED',
  'STATE_COMPLETED_SUCCESS',
  'STATE_COMPLETED_ERROR',
  'STATE_PENDING_ERROR',
] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];
const TransactionStateSchema = StringEnum(TRANSACTION_STATES, {
  description: 'overall state (wire section 5.3)',
});

const IBC_TRANSFER_STATES = [
  'TRANSFER_UNKNOWN',
  'TRANSFER_PENDING',
  'TRANSFER_RECEIVED',
  'TRANSFER_SUCCESS',
  'TRANSFER_FAILURE',
] as const;
export type IbcTransferState = (typeof IBC_TRANSFER_STATES)[number];
const CCTP_TRANSFER_STATES = [
  'CCTP_TRANSFER_UNKNOWN',
  'CCTP_TRANSFER_SENT',
  'CCTP_TRANSFER_PENDING_CONFIRMATION',
  'CCTP_TRANSFER_CONFIRMED',
  'CCTP_TRANSFER_RECEIVED',
] as const;
export type CctpTransferState = (typeof CCTP_TRANSFER_STATES)[number];
/** The other bridges' transfer states, as the official SDK's types enumerate them (@skip-go/client swaggerTypes). */
const AXELAR_TRANSFER_STATES = [
  'AXELAR_TRANSFER_UNKNOWN',
  'AXELAR_TRANSFER_PENDING_CONFIRMATION',
  'AXELAR_TRANSFER_PENDING_RECEIPT',
  'AXELAR_TRANSFER_SUCCESS',
  'AXELAR_TRANSFER_FAILURE',
] as const;
export type AxelarTransferState = (typeof AXELAR_TRANSFER_STATES)[number];
const HYPERLANE_TRANSFER_STATES = [
  'HYPERLANE_TRANSFER_UNKNOWN',
  'HYPERLANE_TRANSFER_SENT',
  'HYPERLANE_TRANSFER_FAILED',
  'HYPERLANE_TRANSFER_RECEIVED',
] as const;
export type HyperlaneTransferState = (typeof HYPERLANE_TRANSFER_STATES)[number];
const OPINIT_TRANSFER_STATES = ['OPINIT_TRANSFER_UNKNOWN', 'OPINIT_TRANSFER_SENT', 'OPINIT_TRANSFER_RECEIVED'] as const;
export type OpinitTransferState = (typeof OPINIT_TRANSFER_STATES)[number];
const GO_FAST_TRANSFER_STATES = [
  'GO_FAST_TRANSFER_UNKNOWN',
  'GO_FAST_TRANSFER_SENT',
  'GO_FAST_POST_ACTION_FAILED',
  'GO_FAST_TRANSFER_TIMEOUT',
  'GO_FAST_TRANSFER_FILLED',
  'GO_FAST_TRANSFER_REFUNDED',
] as const;
export type GoFastTransferState = (typeof GO_FAST_TRANSFER_STATES)[number];
const STARGATE_TRANSFER_STATES = [
  'STARGATE_TRANSFER_UNKNOWN',
  'STARGATE_TRANSFER_SENT',
  'STARGATE_TRANSFER_PENDING_CONFIRMATION',
  'STARGATE_TRANSFER_CONFIRMED',
  'STARGATE_TRANSFER_RECEIVED',
  'STARGATE_TRANSFER_FAILED',
] as const;
const LAYER_ZERO_TRANSFER_STATES = [
  'LAYER_ZERO_TRANSFER_UNKNOWN',
  'LAYER_ZERO_TRANSFER_SENT',
  'LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE',
  'LAYER_ZERO_TRANSFER_RECEIVED',
  'LAYER_ZERO_TRANSFER_FAILED',
] as const;
const PACKET_ERROR_TYPES = ['PACKET_ERROR_UNKNOWN', 'PACKET_ERROR_ACKNOWLEDGEMENT', 'PACKET_ERROR_TIMEOUT'] as const;
const STATUS_ERROR_TYPES = [
  'STATUS_ERROR_UNKNOWN',
  'STATUS_ERROR_TRANSACTION_EXECUTION',
  'STATUS_ERROR_INDEXING',
  'STATUS_ERROR_TRANSFER',
] as const;

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

const Tx = Nullable(ChainTransaction);
/** The fields every event carries: from/to and their legacy duplicates src/dst (captured bodies have both). */
const ends = { from_chain_id: Type.String(), to_chain_id: Type.String() };
const legacyEnds = { src_chain_id: Type.String(), dst_chain_id: Type.String() };

/** One bridge's transfer event: `{ <key>: { from_chain_id, to_chain_id, ...fields, src_chain_id, dst_chain_id } }`. */
function transferEvent<K extends string, F extends TProperties>(key: K, fields: F, title: string) {
  const info = Type.Object({ ...ends, ...fields, ...legacyEnds });
  return Type.Object({ [key]: info } as { [P in K]: typeof info }, { title });
}

/** The packet of an IBC transfer, classic or Eureka (IBC v2). */
const packetTxs = Type.Object({
  send_tx: Tx,
  receive_tx: Tx,
  acknowledge_tx: Tx,
  timeout_tx: Tx,
  error: Nullable(PacketError),
});
/** A burn or dispatch and its delivery (CCTP, Hyperlane, OPinit). */
const sendReceiveTxs = Type.Object({ send_tx: Tx, receive_tx: Tx });

const IbcTransferEvent = transferEvent(
  'ibc_transfer',
  { state: StringEnum(IBC_TRANSFER_STATES), packet_txs: packetTxs },
  'IbcTransferEvent',
);
const cctpFields = { state: StringEnum(CCTP_TRANSFER_STATES), txs: sendReceiveTxs };
const CctpTransferEvent = transferEvent('cctp_transfer', cctpFields, 'CctpTransferEvent');
/** A CCTP V2 leg: the official SDK reports it under its own key, in the same shape as a V1 leg (CCTPTransferInfo). */
const CctpTransferV2Event = transferEvent('cctp_transfer_v2', cctpFields, 'CctpTransferV2Event');
const EurekaTransferEvent = transferEvent(
  'eureka_transfer',
  { state: StringEnum(IBC_TRANSFER_STATES), packet_txs: packetTxs },
  'EurekaTransferEvent',
);
const AxelarTransferEvent = transferEvent(
  'axelar_transfer',
  {
    type: StringEnum(['AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN', 'AXELAR_TRANSFER_SEND_TOKEN'] as const),
    state: StringEnum(AXELAR_TRANSFER_STATES),
    txs: Type.Object({
      contract_call_with_token_txs: Type.Object({
        send_tx: Tx,
        gas_paid_tx: Tx,
        confirm_tx: Tx,
        approve_tx: Tx,
        execute_tx: Tx,
        error: Nullable(
          Type.Object({
            message: Type.String(),
            type: StringEnum(['CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR'] as const),
          }),
        ),
      }),
    }),
    axelar_scan_link: Type.String(),
  },
  'AxelarTransferEvent',
);
const HyperlaneTransferEvent = transferEvent(
  'hyperlane_transfer',
  { state: StringEnum(HYPERLANE_TRANSFER_STATES), txs: sendReceiveTxs },
  'HyperlaneTransferEvent',
);
const OpinitTransferEvent = transferEvent(
  'op_init_transfer',
  { state: StringEnum(OPINIT_TRANSFER_STATES), txs: sendReceiveTxs },
  'OpinitTransferEvent',
);
const GoFastTransferEvent = transferEvent(
  'go_fast_transfer',
  {
    state: StringEnum(GO_FAST_TRANSFER_STATES),
    txs: Type.Object({
      order_submitted_tx: Tx,
      order_filled_tx: Tx,
      order_refunded_tx: Tx,
      order_timeout_tx: Tx,
    }),
    error_message: Nullable(Type.String()),
  },
  'GoFastTransferEvent',
);
const StargateTransferEvent = transferEvent(
  'stargate_transfer',
  { state: StringEnum(STARGATE_TRANSFER_STATES), txs: Type.Object({ send_tx: Tx, receive_tx: Tx, error_tx: Tx }) },
  'StargateTransferEvent',
);
const LayerZeroTransferEvent = transferEvent(
  'layer_zero_transfer',
  {
    state: StringEnum(LAYER_ZERO_TRANSFER_STATES),
    txs: Type.Object({ send_tx: Tx, receive_tx: Tx, compose_tx: Tx, error_tx: Tx }),
  },
  'LayerZeroTransferEvent',
);

export const TransferEvent = Type.Union(
  [
    IbcTransferEvent,
    CctpTransferEvent,
    CctpTransferV2Event,
    EurekaTransferEvent,
    AxelarTransferEvent,
    HyperlaneTransferEvent,
    OpinitTransferEvent,
    GoFastTransferEvent,
    StargateTransferEvent,
    LayerZeroTransferEvent,
  ],
  { title: 'TransferEvent' },
);
export type TransferEvent = Static<typeof TransferEvent>;

const TransferAssetRelease = Type.Object(
  {
    chain_id: Type.String(),
    denom: Type.String(),
    amount: Type.Optional(Nullable(Type.String())),
    released: Type.Boolean({ description: 'the funds are unlocked and usable (false: still escrowed or in flight)' }),
  },
  { title: 'TransferAssetRelease' },
);
type TransferAssetRelease = Static<typeof TransferAssetRelease>;

export const StatusError = Type.Object(
  { type: StringEnum(STATUS_ERROR_TYPES), message: Type.String(), details: ErrorDetails },
  { title: 'StatusError' },
);
export type StatusError = Static<typeof StatusError>;

const NextBlocking = Nullable(Type.Object({ transfer_sequence_index: Type.Integer() }));

const NEXT_STEP_ACTIONS = ['none', 'wait', 'retry', 'execute', 'claim', 'track_again'] as const;
/**
 * Junction extension: what the holder of the funds can do now, so that a wallet can act on the status without
 * interpreting bridge states. Not in the Skip API; clients that do not know it ignore it.
 */
export const NextStep = Type.Object(
  {
    action: StringEnum(NEXT_STEP_ACTIONS, {
      description:
        'none: delivered; wait: in flight or a refund is on its way; retry: the funds are usable where transfer_asset_release says, ask a new route from there; execute: a delivery approved on the destination failed and can be executed again; claim: the funds must be claimed on chain_id (tx, when given, is ready to sign); track_again: tracking gave up, POST /v2/tx/track re-arms it',
    }),
    chain_id: Nullable(Type.String({ description: 'the chain the step happens on' })),
    message: Type.String({ description: 'the step in words' }),
    tx: Nullable(
      Type.Object(
        {
          chain_id: Type.String({ description: 'the chain to sign it for' }),
          to: Type.String({ description: 'the contract or module it calls' }),
          data: Type.String({ description: 'the call: EVM calldata (0x hex) or a Cosmos message as JSON' }),
        },
        { description: 'a ready-to-sign transaction for the step, where one exists' },
      ),
    ),
  },
  { title: 'NextStep' },
);
export type NextStep = Static<typeof NextStep>;
const NextStepField = Type.Optional(Nullable(NextStep));

export const TransferStatus = Type.Object(
  {
    state: TransactionStateSchema,
    transfer_sequence: Type.Array(TransferEvent),
    next_blocking_transfer: NextBlocking,
    transfer_asset_release: Nullable(TransferAssetRelease),
    error: Nullable(StatusError),
    next_step: NextStepField,
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
    next_step: NextStepField,
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
const WebhookDelivery = Type.Object(
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
