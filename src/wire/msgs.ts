/** /v2/fungible/msgs and /msgs_direct requests, and the Msg / Tx envelopes (wire sections 3.11, 3.12, 4.4, 4.8). */
import { Type, type Static } from '@sinclair/typebox';
import {
  MAX_ADDRESS_CHAINS,
  MAX_ADDRESS_LENGTH,
  MAX_AFFILIATE_CHAINS,
  MAX_AFFILIATES_PER_CHAIN,
  MAX_LIST_ITEMS,
  MAX_WASM_MSG_LENGTH,
} from './limits.js';
import { AmountString, ChainIdField, DenomField, Nullable, ShortString, StringEnum } from './common.js';
import { OperationInput } from './operation.js';
import { FeeSchema, GasOnArrival, Route, RouteOptions } from './route.js';
import { GasCheckList, GasEstimateList, MsgsWarning } from './gas.js';

const AddressField = Type.String({ minLength: 1, maxLength: MAX_ADDRESS_LENGTH });

const Affiliate = Type.Object(
  {
    address: AddressField,
    basis_points_fee: Type.String({ minLength: 1, maxLength: 5, description: 'fee in basis points, integer 0..10000' }),
  },
  { title: 'Affiliate' },
);
export const ChainAffiliates = Type.Object(
  { affiliates: Type.Array(Affiliate, { maxItems: MAX_AFFILIATES_PER_CHAIN }) },
  { title: 'ChainAffiliates' },
);
export type ChainAffiliates = Static<typeof ChainAffiliates>;
const ChainIdsToAffiliates = Type.Record(Type.String(), ChainAffiliates, {
  description: 'affiliates per swap chain; every listed chain must carry the same cumulative bps',
  maxProperties: MAX_AFFILIATE_CHAINS,
});

export const PostRouteHandler = Type.Object(
  {
    wasm_msg: Type.Optional(
      Nullable(
        Type.Object({
          contract_address: AddressField,
          msg: Type.String({
            maxLength: MAX_WASM_MSG_LENGTH,
            description: 'JSON-encoded contract message (an object nested at most 64 levels)',
          }),
        }),
      ),
    ),
    autpilot_msg: Type.Optional(
      Nullable(Type.Object({ action: StringEnum(['LIQUID_STAKE', 'CLAIM'] as const), receiver: AddressField })),
    ),
  },
  { title: 'PostRouteHandler' },
);
export type PostRouteHandler = Static<typeof PostRouteHandler>;

const MessageOptions = {
  slippage_tolerance_percent: Type.Optional(Nullable(ShortString({ description: 'percent, e.g. "1"' }))),
  chain_ids_to_affiliates: Type.Optional(Nullable(ChainIdsToAffiliates)),
  post_route_handler: Type.Optional(Nullable(PostRouteHandler)),
  timeout_seconds: Type.Optional(Nullable(ShortString({ description: 'IBC timeout in seconds; default 300' }))),
  enable_gas_warnings: Type.Optional(Nullable(Type.Boolean())),
  fee_payer_address: Type.Optional(Nullable(Type.String({ maxLength: MAX_ADDRESS_LENGTH }))),
};

export const MsgsRequest = Type.Object(
  {
    source_asset_denom: DenomField,
    source_asset_chain_id: ChainIdField,
    dest_asset_denom: DenomField,
    dest_asset_chain_id: ChainIdField,
    amount_in: AmountString,
    amount_out: Type.Optional(Nullable(AmountString)),
    estimated_amount_out: Type.Optional(Nullable(AmountString)),
    address_list: Type.Array(Type.String({ maxLength: MAX_ADDRESS_LENGTH }), {
      maxItems: MAX_LIST_ITEMS,
      description: 'one address per required_chain_addresses entry (or per chain_ids entry)',
    }),
    operations: Type.Array(OperationInput, { minItems: 1, maxItems: 32 }),
    ...MessageOptions,
    junction_gas_on_arrival: RouteOptions.junction_gas_on_arrival,
    client_id: Type.Optional(ShortString()),
  },
  { title: 'MsgsRequest' },
);
export type MsgsRequest = Static<typeof MsgsRequest>;

export const MsgsDirectRequest = Type.Object(
  {
    ...RouteOptions,
    chain_ids_to_addresses: Type.Record(Type.String(), Type.String({ maxLength: MAX_ADDRESS_LENGTH }), {
      description: 'user address per chain that may be on the path',
      maxProperties: MAX_ADDRESS_CHAINS,
    }),
    ...MessageOptions,
  },
  { title: 'MsgsDirectRequest' },
);
export type MsgsDirectRequest = Static<typeof MsgsDirectRequest>;

const CosmosMsg = Type.Object(
  { msg: Type.String({ description: 'JSON of the message, proto field names' }), msg_type_url: Type.String() },
  { title: 'CosmosMsg' },
);
export const CosmosTx = Type.Object(
  {
    chain_id: Type.String(),
    path: Type.Array(Type.String()),
    signer_address: Type.String(),
    msgs: Type.Array(CosmosMsg),
  },
  { title: 'CosmosTx' },
);
const Erc20Approval = Type.Object(
  { token_contract: Type.String(), spender: Type.String(), amount: Type.String() },
  { title: 'Erc20Approval' },
);
export const EvmTx = Type.Object(
  {
    chain_id: Type.String(),
    to: Type.String(),
    value: Type.String(),
    data: Type.String({ description: 'hex calldata without 0x' }),
    signer_address: Type.String(),
    required_erc20_approvals: Type.Array(Erc20Approval),
  },
  { title: 'EvmTx' },
);
export const SvmTx = Type.Object(
  { chain_id: Type.String(), signer_address: Type.String(), tx: Type.String({ description: 'base64' }) },
  { title: 'SvmTx' },
);
const MultiChainMsg = Type.Object(
  {
    chain_id: Type.String(),
    path: Type.Array(Type.String()),
    msg: Type.String(),
    msg_type_url: Type.String(),
  },
  { title: 'MultiChainMsg' },
);

export const Msg = Type.Union(
  [Type.Object({ multi_chain_msg: MultiChainMsg }), Type.Object({ evm_tx: EvmTx }), Type.Object({ svm_tx: SvmTx })],
  { title: 'Msg' },
);
export type Msg = Static<typeof Msg>;
export const Tx = Type.Union(
  [
    Type.Object({ cosmos_tx: CosmosTx, operations_indices: Type.Array(Type.Integer()) }),
    Type.Object({ evm_tx: EvmTx, operations_indices: Type.Array(Type.Integer()) }),
    Type.Object({ svm_tx: SvmTx, operations_indices: Type.Array(Type.Integer()) }),
  ],
  { title: 'Tx' },
);
export type Tx = Static<typeof Tx>;
export type CosmosTx = Static<typeof CosmosTx>;

export const MsgsResponse = Type.Object(
  {
    msgs: Type.Array(Msg),
    txs: Type.Array(Tx),
    min_amount_out: Type.String(),
    estimated_fees: Type.Array(FeeSchema),
    warning: Type.Optional(MsgsWarning),
    junction_gas_checks: Type.Optional(GasCheckList),
    junction_gas_estimates: Type.Optional(GasEstimateList),
    junction_gas_on_arrival: Type.Optional(GasOnArrival),
  },
  { title: 'MsgsResponse' },
);
export type MsgsResponse = Static<typeof MsgsResponse>;

export const MsgsDirectResponse = Type.Object(
  {
    msgs: Type.Array(Msg),
    txs: Type.Array(Tx),
    min_amount_out: Type.String(),
    route: Route,
    warning: Type.Optional(MsgsWarning),
    junction_gas_checks: Type.Optional(GasCheckList),
    junction_gas_estimates: Type.Optional(GasEstimateList),
  },
  { title: 'MsgsDirectResponse' },
);
export type MsgsDirectResponse = Static<typeof MsgsDirectResponse>;
