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
  junction_gas_on_arrival: Type.Optional(
    Nullable(
      Type.Boolean({
        description:
          "Junction extension: also deliver a small amount of the destination chain's gas token (about GAS_ON_ARRIVAL_USD, 0.25 USD), swapped from a slice of the input in the route's first transaction, so that the user can move the funds on arrival. Offered where the destination chain has a swap venue that trades its gas token and the route starts on a Cosmos chain (Osmosis: OSMO, Neutron: NTRN); /msgs_direct, and /msgs sent the route's operations with this option, deliver it only when the user's address there holds none. The answer's junction_gas_on_arrival says what was done and why.",
        'x-junction-extension': true,
      }),
    ),
  ),
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

/** What gas on arrival (request field junction_gas_on_arrival) did for a route: delivered, or why not. */
export const GasOnArrival = Type.Object(
  {
    delivered: Type.Boolean({ description: 'whether the route delivers the gas token beside the requested asset' }),
    reason: Type.String({ description: 'why it is delivered, or why not (not offered there, not needed, too small)' }),
    chain_id: Type.String({ description: 'the chain the gas token arrives on (the destination chain)' }),
    denom: Nullable(Type.String({ description: "the chain's gas token (its first fee asset); null when it has none" })),
    amount_in: Type.Optional(
      Type.String({ description: 'the slice of the source asset that buys the gas token, in its base units' }),
    ),
    amount_out: Type.Optional(Type.String({ description: 'gas token delivered (estimate), in base units' })),
    usd_amount_out: Type.Optional(Type.String({ description: 'USD value of the gas token delivered' })),
    tx_index: Type.Optional(
      Type.Integer({ description: "the route's transaction that carries it (its messages ride in that transaction)" }),
    ),
    operations: Type.Optional(
      Type.Array(Operation, {
        description:
          "the slice's own operations, from the source asset to the gas token; the route's operations carry the rest",
      }),
    ),
    balance_checked: Type.Optional(
      Type.Boolean({
        description:
          "/msgs_direct: whether the user's gas balance on the destination was read (false: the node did not answer in time, and the gas is delivered as asked)",
      }),
    ),
  },
  { title: 'GasOnArrival', 'x-junction-extension': true },
);
export type GasOnArrival = Static<typeof GasOnArrival>;

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
    junction_gas_on_arrival: Type.Optional(GasOnArrival),
  },
  { title: 'Route' },
);
export type Route = Static<typeof Route>;
