/** Requests and responses of the information endpoints (wire sections 3.1-3.9). */
import { Type, type Static } from '@sinclair/typebox';
import { Asset } from './asset.js';
import { Chain } from './chain.js';
import { MAX_LIST_ITEMS } from './limits.js';
import {
  BridgeType,
  ChainIdField,
  DenomField,
  Nullable,
  Reason,
  ShortString,
  StringEnum,
  SwapVenue,
  SwapVenueRequest,
} from './common.js';

const Flag = (description: string) => Type.Optional(Type.Boolean({ description }));
/** Chains of a listing: a client may name every chain it knows (the registry has a few hundred). */
const ChainIds = Type.Optional(
  Type.Array(ChainIdField, { maxItems: 1024, description: 'repeat the key for several chains' }),
);
const ClientId = Type.Optional(ShortString({ description: 'deprecated; ignored' }));

export const ChainsQuery = Type.Object({
  chain_ids: ChainIds,
  include_evm: Flag('include EVM chains (default false)'),
  include_svm: Flag('include SVM chains (default false)'),
  only_testnets: Flag('only testnets (default false)'),
  client_id: ClientId,
});
export type ChainsQuery = Static<typeof ChainsQuery>;
export const ChainsResponse = Type.Object({ chains: Type.Array(Chain) }, { title: 'ChainsResponse' });

export const Bridge = Type.Object(
  { id: BridgeType, name: Type.String(), logo_uri: Type.String() },
  { title: 'Bridge' },
);
export const BridgesResponse = Type.Object({ bridges: Type.Array(Bridge) }, { title: 'BridgesResponse' });

export const VenuesQuery = Type.Object({
  only_testnets: Flag('only testnet venues (default false)'),
  client_id: ClientId,
});
export const VenuesResponse = Type.Object({ venues: Type.Array(SwapVenue) }, { title: 'VenuesResponse' });

export const AssetsQuery = Type.Object({
  chain_ids: ChainIds,
  native_only: Flag('only assets native to their chain (default false)'),
  include_no_metadata_assets: Flag('include assets without symbol/decimals (default false)'),
  include_cw20_assets: Flag('include CW20 tokens (default false)'),
  include_evm_assets: Flag('include EVM chains and tokens (default false)'),
  include_svm_assets: Flag('include SVM chains and tokens (default false)'),
  only_testnets: Flag('only testnets (default false)'),
  client_id: ClientId,
});
export type AssetsQuery = Static<typeof AssetsQuery>;
const ChainToAssets = Type.Record(Type.String(), Type.Object({ assets: Type.Array(Asset) }));
export const AssetsResponse = Type.Object({ chain_to_assets_map: ChainToAssets }, { title: 'AssetsResponse' });

export const AssetsFromSourceRequest = Type.Object(
  {
    source_asset_denom: DenomField,
    source_asset_chain_id: ChainIdField,
    allow_multi_tx: Type.Optional(Type.Boolean({ default: false })),
    recommendation_reason: Type.Optional(Nullable(Reason)),
    include_swaps: Type.Optional(Type.Boolean({ default: false })),
    swap_venues: Type.Optional(Nullable(Type.Array(SwapVenueRequest, { maxItems: MAX_LIST_ITEMS }))),
    native_only: Type.Optional(Type.Boolean({ default: false })),
    group_by: Type.Optional(Nullable(ShortString())),
    include_cw20_assets: Type.Optional(Type.Boolean({ default: false })),
    client_id: ClientId,
  },
  { title: 'AssetsFromSourceRequest' },
);
export type AssetsFromSourceRequest = Static<typeof AssetsFromSourceRequest>;
export const AssetsFromSourceResponse = Type.Object(
  { dest_assets: ChainToAssets },
  { title: 'AssetsFromSourceResponse' },
);

export const AssetsBetweenChainsRequest = Type.Object(
  {
    source_chain_id: ChainIdField,
    dest_chain_id: ChainIdField,
    include_no_metadata_assets: Type.Optional(Type.Boolean({ default: false })),
    include_cw20_assets: Type.Optional(Type.Boolean({ default: false })),
    include_evm_assets: Type.Optional(Type.Boolean({ default: false })),
    allow_multi_tx: Type.Optional(Type.Boolean({ default: false })),
    client_id: ClientId,
  },
  { title: 'AssetsBetweenChainsRequest' },
);
export type AssetsBetweenChainsRequest = Static<typeof AssetsBetweenChainsRequest>;
export const AssetBetweenChains = Type.Object({
  asset_on_source: Asset,
  asset_on_dest: Asset,
  txs_required: Type.Integer(),
  bridges: Type.Array(BridgeType),
});
export type AssetBetweenChains = Static<typeof AssetBetweenChains>;
export const AssetsBetweenChainsResponse = Type.Object(
  { assets_between_chains: Type.Array(AssetBetweenChains) },
  { title: 'AssetsBetweenChainsResponse' },
);

export const RecommendAssetsRequest = Type.Object(
  {
    requests: Type.Array(
      Type.Object({
        source_asset_denom: DenomField,
        source_asset_chain_id: ChainIdField,
        dest_chain_id: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
        reason: Type.Optional(Nullable(Reason)),
      }),
      { minItems: 1, maxItems: 100 },
    ),
    client_id: ClientId,
  },
  { title: 'RecommendAssetsRequest' },
);
export type RecommendAssetsRequest = Static<typeof RecommendAssetsRequest>;
const Recommendation = Type.Object({ asset: Asset, reason: Reason });
type Recommendation = Static<typeof Recommendation>;
export const RecommendationEntry = Type.Object({
  recommendations: Type.Array(Recommendation),
  error: Nullable(Type.Object({ message: Type.String() })),
});
export type RecommendationEntry = Static<typeof RecommendationEntry>;
export const RecommendAssetsResponse = Type.Object(
  { recommendation_entries: Type.Array(RecommendationEntry) },
  { title: 'RecommendAssetsResponse' },
);

export const IbcOriginAssetsRequest = Type.Object(
  {
    assets: Type.Array(Type.Object({ denom: DenomField, chain_id: ChainIdField }), {
      minItems: 1,
      maxItems: 1000,
    }),
    client_id: ClientId,
  },
  { title: 'IbcOriginAssetsRequest' },
);
export type IbcOriginAssetsRequest = Static<typeof IbcOriginAssetsRequest>;
export const OriginAssetEntry = Type.Object({ asset: Asset, asset_found: Type.Boolean() });
export type OriginAssetEntry = Static<typeof OriginAssetEntry>;
export const IbcOriginAssetsResponse = Type.Object(
  { origin_assets: Type.Array(OriginAssetEntry) },
  { title: 'IbcOriginAssetsResponse' },
);

export const HealthResponse = Type.Object(
  {
    status: StringEnum(['ok', 'starting', 'degraded', 'draining'] as const, {
      description:
        'ok; degraded: a dependency is down (routes and messages still work, HTTP 200); draining: shutting down (HTTP 503)',
    }),
    chains: Type.Integer(),
    assets: Type.Integer(),
    uptime_seconds: Type.Number(),
    dependencies: Type.Record(
      Type.String(),
      Type.Object({ state: StringEnum(['ready', 'degraded'] as const), detail: Type.String() }),
      { description: 'database (embedded SQLite or PostgreSQL) and, when configured, redis' },
    ),
    checks: Type.Record(Type.String(), Type.Object({ ok: Type.Boolean(), detail: Type.Optional(Type.String()) })),
  },
  { title: 'Health' },
);
