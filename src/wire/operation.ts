/**
 * Operation records (wire section 4.6): exactly one kind key plus tx_index / amount_in / amount_out.
 * Junction emits the kinds of the bridges and venues it runs; every kind is described so clients and the OpenAPI
 * document see the whole format.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Asset } from './asset.js';
import { MAX_AMOUNT_DIGITS } from './limits.js';
import { BridgeType, Nullable, SwapVenue } from './common.js';

const S = Type.String();
const NS = Type.Optional(Nullable(Type.String()));
const NAsset = Type.Optional(Nullable(Asset));

const SmartRelayFeeQuote = Type.Object({
  fee_amount: S,
  relayer_address: S,
  expiration: S,
  fee_denom: S,
  fee_payment_address: NS,
});

export const TransferRecord = Type.Object(
  {
    port: S,
    channel: S,
    from_chain_id: S,
    to_chain_id: S,
    pfm_enabled: Type.Boolean(),
    supports_memo: Type.Boolean(),
    denom_in: S,
    denom_out: S,
    fee_amount: NS,
    usd_fee_amount: NS,
    fee_asset: NAsset,
    bridge_id: BridgeType,
    smart_relay: Type.Boolean(),
    to_chain_entry_contract_address: NS,
    to_chain_callback_contract_address: NS,
    dest_denom: Type.Optional(Type.String({ description: 'deprecated copy of denom_out' })),
    chain_id: Type.Optional(Type.String({ description: 'equal to from_chain_id (captured responses carry it)' })),
  },
  { title: 'Transfer' },
);
export type TransferRecord = Static<typeof TransferRecord>;

const SwapOperation = Type.Object({ pool: S, denom_in: S, denom_out: S, interface: NS });
type SwapOperation = Static<typeof SwapOperation>;

const SwapIn = Type.Object({
  swap_venue: SwapVenue,
  swap_operations: Type.Array(SwapOperation),
  swap_amount_in: NS,
  price_impact_percent: NS,
  estimated_amount_out: NS,
});
const SwapOut = Type.Object({
  swap_venue: SwapVenue,
  swap_operations: Type.Array(SwapOperation),
  swap_amount_out: S,
  price_impact_percent: NS,
});
const SmartSwapIn = Type.Object({
  swap_venue: SwapVenue,
  swap_routes: Type.Array(Type.Object({ swap_amount_in: S, denom_in: S, swap_operations: Type.Array(SwapOperation) })),
  estimated_amount_out: NS,
});

export const SwapRecord = Type.Object(
  {
    swap_in: Type.Optional(SwapIn),
    swap_out: Type.Optional(SwapOut),
    smart_swap_in: Type.Optional(SmartSwapIn),
    estimated_affiliate_fee: NS,
    from_chain_id: S,
    chain_id: S,
    denom_in: S,
    denom_out: S,
    swap_venues: Type.Optional(Type.Array(SwapVenue)),
  },
  { title: 'Swap' },
);
export type SwapRecord = Static<typeof SwapRecord>;

const loose = (title: string, fields: Record<string, TSchema>) => Type.Object(fields, { title });

const OtherRecords = {
  axelar_transfer: loose('AxelarTransfer', {
    from_chain_id: S,
    to_chain_id: S,
    asset: S,
    should_unwrap: Type.Boolean(),
    denom_in: S,
    denom_out: S,
    fee_amount: S,
    usd_fee_amount: S,
    fee_asset: Asset,
    is_testnet: Type.Boolean(),
    bridge_id: BridgeType,
    smart_relay: Type.Boolean(),
    ibc_transfer_to_axelar: Type.Optional(Nullable(TransferRecord)),
    from_chain: NS,
    to_chain: NS,
  }),
  bank_send: loose('BankSend', { chain_id: S, denom: S }),
  cctp_transfer: loose('CCTPTransfer', {
    from_chain_id: S,
    to_chain_id: S,
    burn_token: S,
    denom_in: S,
    denom_out: S,
    bridge_id: BridgeType,
    smart_relay: Type.Boolean(),
    smart_relay_fee_quote: Type.Optional(Nullable(SmartRelayFeeQuote)),
  }),
  cctp_transfer_v2: loose('CCTPTransferV2', {
    from_chain_id: S,
    to_chain_id: S,
    burn_token: S,
    denom_in: S,
    denom_out: S,
    bridge_id: BridgeType,
    smart_relay: Type.Boolean(),
    smart_relay_fee_quote: Type.Optional(Nullable(SmartRelayFeeQuote)),
    destination_domain: Type.Integer(),
    finality_threshold: Type.Integer(),
    max_fee: S,
  }),
  hyperlane_transfer: loose('HyperlaneTransfer', {
    from_chain_id: S,
    to_chain_id: S,
    denom_in: S,
    denom_out: S,
    hyperlane_contract_address: S,
    fee_amount: S,
    usd_fee_amount: NS,
    fee_asset: Asset,
    bridge_id: BridgeType,
    smart_relay: Type.Boolean(),
  }),
  evm_swap: loose('EvmSwap', {
    input_token: S,
    amount_in: S,
    swap_calldata: S,
    amount_out: S,
    from_chain_id: S,
    denom_in: S,
    denom_out: S,
    swap_venues: Type.Array(SwapVenue),
  }),
  op_init_transfer: loose('OPInitTransfer', {
    from_chain_id: S,
    to_chain_id: S,
    denom_in: S,
    denom_out: S,
    op_init_bridge_id: S,
    bridge_id: BridgeType,
    smart_relay: Type.Boolean(),
  }),
  go_fast_transfer: loose('GoFastTransfer', {
    from_chain_id: S,
    to_chain_id: S,
    bridge_id: BridgeType,
    denom_in: S,
    denom_out: S,
    source_domain: S,
    destination_domain: S,
    fee: Type.Object({
      fee_asset: Asset,
      bps_fee: S,
      bps_fee_amount: S,
      bps_fee_usd: NS,
      source_chain_fee_amount: S,
      source_chain_fee_usd: NS,
      destination_chain_fee_amount: S,
      destination_chain_fee_usd: NS,
    }),
  }),
  stargate_transfer: loose('StargateTransfer', {
    from_chain_id: S,
    to_chain_id: S,
    denom_in: S,
    denom_out: S,
    pool_address: S,
    destination_endpoint_id: Type.Integer(),
    oft_fee_asset: Asset,
    oft_fee_amount: S,
    oft_fee_amount_usd: NS,
    messaging_fee_asset: Asset,
    messaging_fee_amount: S,
    messaging_fee_amount_usd: NS,
    bridge_id: BridgeType,
  }),
  layer_zero_transfer: loose('LayerZeroTransfer', {
    from_chain_id: S,
    to_chain_id: S,
    denom_in: S,
    denom_out: S,
    source_oft_contract_address: S,
    destination_endpoint_id: Type.Integer(),
    messaging_fee_asset: Asset,
    messaging_fee_amount: S,
    messaging_fee_amount_usd: NS,
    bridge_id: BridgeType,
  }),
  eureka_transfer: loose('EurekaTransfer', {
    destination_port: S,
    source_client: S,
    from_chain_id: S,
    to_chain_id: S,
    pfm_enabled: Type.Boolean(),
    supports_memo: Type.Boolean(),
    denom_in: S,
    denom_out: S,
    entry_contract_address: S,
    callback_adapter_contract_address: NS,
    bridge_id: BridgeType,
    smart_relay: Type.Boolean(),
    smart_relay_fee_quote: Type.Optional(Nullable(SmartRelayFeeQuote)),
    to_chain_callback_contract_address: NS,
    to_chain_entry_contract_address: NS,
  }),
};

export const OPERATION_KINDS = ['transfer', 'swap', ...Object.keys(OtherRecords)] as const;
/** The kind key a bridge's records go under (a bridge plug-in names its own; the type checker holds it to the format). */
export type BridgeOperationKind = 'transfer' | Exclude<keyof typeof OtherRecords, 'bank_send' | 'evm_swap'>;

/**
 * The bridge each bridge-transfer kind of the format belongs to (a fact of the wire format, like the records above):
 * what an error names when a caller echoes a kind whose bridge this instance does not run.
 */
export const BRIDGE_OF_KIND: Readonly<Record<BridgeOperationKind, BridgeType>> = {
  transfer: 'IBC',
  axelar_transfer: 'AXELAR',
  cctp_transfer: 'CCTP',
  cctp_transfer_v2: 'CCTP_V2',
  hyperlane_transfer: 'HYPERLANE',
  op_init_transfer: 'OPINIT',
  go_fast_transfer: 'GO_FAST',
  stargate_transfer: 'STARGATE',
  layer_zero_transfer: 'LAYER_ZERO',
  eureka_transfer: 'EUREKA',
};

const common = {
  tx_index: Type.Integer({ minimum: 0 }),
  amount_in: S,
  amount_out: S,
};

export type EvmSwapRecord = Static<typeof OtherRecords.evm_swap>;

/** A route operation as Junction emits it. */
export const Operation = Type.Union(
  [
    Type.Object({ transfer: TransferRecord, ...common }),
    Type.Object({ swap: SwapRecord, ...common }),
    ...Object.entries(OtherRecords).map(([k, v]) => Type.Object({ [k]: v, ...common })),
  ],
  { title: 'Operation', description: 'exactly one kind key plus tx_index, amount_in, amount_out' },
);
export type Operation = { tx_index: number; amount_in: string; amount_out: string } & (
  | { transfer: TransferRecord }
  | { swap: SwapRecord }
  /** A lane bridge's record under its kind key (cctp_transfer, ...), as its plug-in renders it. */
  | { [kind: string]: Record<string, unknown> }
);

/**
 * An operation as a caller sends it back to /msgs: the SDK echoes the route's operations unchanged, the service
 * spec says tx_index / amounts / bridge_id may be omitted, and unknown extra fields are tolerated. The engine checks
 * the kind record in detail (routing/operations.ts), naming the field at fault.
 */
export const OperationInput = Type.Object(
  {
    tx_index: Type.Optional(Type.Integer({ minimum: 0 })),
    amount_in: Type.Optional(Type.String({ maxLength: MAX_AMOUNT_DIGITS })),
    amount_out: Type.Optional(Type.String({ maxLength: MAX_AMOUNT_DIGITS })),
  },
  { additionalProperties: true, title: 'OperationInput', minProperties: 1 },
);
export type OperationInput = Static<typeof OperationInput> & Record<string, unknown>;
