import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

/** Asset (wire section 4.1). Metadata fields may be absent. */
export const Asset = Type.Object(
  {
    denom: Type.String(),
    chain_id: Type.String(),
    origin_denom: Type.String(),
    origin_chain_id: Type.String(),
    trace: Type.String({ description: 'port/channel hops unwinding to the origin; "" for a native asset' }),
    is_cw20: Type.Boolean(),
    is_evm: Type.Boolean(),
    is_svm: Type.Boolean(),
    symbol: Type.Optional(Nullable(Type.String())),
    name: Type.Optional(Nullable(Type.String())),
    logo_uri: Type.Optional(Nullable(Type.String())),
    decimals: Type.Optional(Nullable(Type.Integer())),
    token_contract: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    coingecko_id: Type.Optional(Nullable(Type.String())),
    recommended_symbol: Type.Optional(Nullable(Type.String())),
  },
  { title: 'Asset' },
);
export type Asset = Static<typeof Asset>;
