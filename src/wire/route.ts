/** /v2/fungible/route request and the Route resource (wire sections 3.10, 4.5, 4.7). */
import { Type, type Static } from '@sinclair/typebox';
import { Asset } from './asset.js';
import { MAX_LIST_ITEMS } from './limits.js';
import {
  AmountString,
  BridgeType,
  ChainIdField,
  DenomField,
  Nullable,
  ShortString,
  StringEnum,
  SwapVenue,
  SwapVenueRequest,
} from './common.js';
import { Operation } from './operation.js';

const SmartSwapOptions = Type.Object({
  split_routes: Type.Optional(Type.Boolean()),
  evm_swaps: Type.Optional(Type.Boolean()),
});

/** Route options shared by /route and /msgs_direct. */
export const RouteOptions = {
  source_asset_denom: DenomField,
  source_asset_chain_id: ChainIdField,
  dest_asset_denom: DenomField,
  dest_asset_chain_id: ChainIdField,
  amount_in: Type.Optional(Nullable(AmountString)),
  amount_out: Type.Optional(Nullable(AmountString)),
  swap_venues: Type.Optional(Nullable(Type.Array(SwapVenueRequest, { maxItems: MAX_LIST_ITEMS }))),
  allow_unsafe: Type.Optional(Nullable(Type.Boolean())),
  experimental_features: Type.Optional(Nullable(Type.Array(ShortString(), { maxItems: MAX_LIST_ITEMS }))),
  allow_multi_tx: Type.Optional(Nullable(Type.Boolean())),
  bridges: Type.Optional(Nullable(Type.Array(BridgeType, { maxItems: MAX_LIST_ITEMS }))),
  smart_relay: Type.Optional(Nullable(Type.Boolean())),
  smart_swap_options: Type.Optional(Nullable(SmartSwapOptions)),
  allow_swaps: Type.Optional(Nullable(Type.Boolean())),
  go_fast: Type.Optional(Nullable(Type.Boolean())),
  client_id: Type.Optional(ShortString({ description: 'deprecated; ignored' })),
  cumulative_affiliate_fee_bps: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 5,
        description: 'total affiliate fee in bps, integer 0..10000; the SDK always sends it ("0" by default)',
      }),
    ),
  ),
};

export const RouteRequest = Type.Object(
  {
    ...RouteOptions,
    fast_transfer: Type.Optional(Nullable(Type.Boolean())),
  },
  { title: 'RouteRequest' },
);
export type RouteRequest = Static<typeof RouteRequest>;

export const FeeSchema = Type.Object(
  {
    fee_type: StringEnum(['SMART_RELAY'] as const),
    bridge_id: BridgeType,
    amount: Type.String(),
    usd_amount: Type.Optional(Nullable(Type.String())),
    origin_asset: Nullable(Asset),
    chain_id: Type.String(),
    tx_index: Type.Integer(),
    operation_index: Type.Optional(Nullable(Type.Integer())),
    fee_behavior: StringEnum(['FEE_BEHAVIOR_DEDUCTED', 'FEE_BEHAVIOR_ADDITIONAL'] as const),
  },
  { title: 'Fee' },
);
export type Fee = Static<typeof FeeSchema>;

const RouteWarning = Type.Object({
  type: StringEnum(['LOW_INFO_WARNING', 'BAD_PRICE_WARNING'] as const),
  message: Type.String(),
});
type RouteWarning = Static<typeof RouteWarning>;

export const Route = Type.Object(
  {
    source_asset_denom: Type.String(),
    source_asset_chain_id: Type.String(),
    dest_asset_denom: Type.String(),
    dest_asset_chain_id: Type.String(),
    amount_in: Type.String(),
    amount_out: Type.String(),
    estimated_amount_out: Type.String(),
    operations: Type.Array(Operation),
    chain_ids: Type.Array(Type.String()),
    required_chain_addresses: Type.Array(Type.String()),
    txs_required: Type.Integer(),
    estimated_route_duration_seconds: Type.Integer(),
    does_swap: Type.Boolean(),
    swap_venues: Type.Array(SwapVenue),
    swap_venue: Type.Optional(SwapVenue),
    usd_amount_in: Type.Optional(Type.String()),
    usd_amount_out: Type.Optional(Type.String()),
    swap_price_impact_percent: Type.Optional(Nullable(Type.String())),
    warning: Type.Optional(Nullable(RouteWarning)),
    estimated_fees: Type.Array(FeeSchema),
  },
  { title: 'Route' },
);
export type Route = Static<typeof Route>;
