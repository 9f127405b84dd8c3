import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common.js';

const GasPrice = Type.Object({ low: Type.String(), average: Type.String(), high: Type.String() });

export const FeeAsset = Type.Object({ denom: Type.String(), gas_price: Nullable(GasPrice) });
export type FeeAsset = Static<typeof FeeAsset>;

/** Chain (wire section 4.2). */
export const Chain = Type.Object(
  {
    chain_name: Type.String(),
    chain_id: Type.String(),
    pretty_name: Type.String(),
    chain_type: StringEnum(['cosmos', 'evm', 'svm'] as const),
    bech32_prefix: Type.String(),
    pfm_enabled: Type.Boolean(),
    supports_memo: Type.Boolean(),
    is_testnet: Type.Boolean(),
    logo_uri: Type.Optional(Nullable(Type.String())),
    fee_assets: Type.Array(FeeAsset),
    cosmos_module_support: Type.Object({ authz: Type.Boolean(), feegrant: Type.Boolean() }),
    ibc_capabilities: Type.Object({
      cosmos_pfm: Type.Boolean(),
      cosmos_ibc_hooks: Type.Boolean(),
      cosmos_memo: Type.Boolean(),
      cosmos_autopilot: Type.Boolean(),
    }),
  },
  { title: 'Chain' },
);
export type Chain = Static<typeof Chain>;
export type ChainType = Chain['chain_type'];
