/** POST /v2/info/balances (wire section 3.2). */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

export const MAX_BALANCE_CHAINS = 20;
/** The SDK's gas check asks for every fee asset of the chain: Osmosis lists 163. */
const MAX_BALANCE_DENOMS = 1000;

export const BalancesRequest = Type.Object(
  {
    chains: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object({
          address: Type.String({ minLength: 1, maxLength: 128 }),
          denoms: Type.Optional(
            Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
              maxItems: MAX_BALANCE_DENOMS,
              description:
                'omit for a universal query (one chain per request without an API key; two or more need one)',
            }),
          ),
        }),
        { description: `chain id → address and denoms; at most ${MAX_BALANCE_CHAINS} chains` },
      ),
    ),
  },
  { title: 'BalancesRequest' },
);

const BalanceEntry = Type.Object(
  {
    amount: Type.String({ description: 'base units' }),
    decimals: Nullable(Type.Integer()),
    formatted_amount: Type.String({ description: 'amount shifted by decimals' }),
    price: Nullable(Type.String({ description: 'USD per whole token' })),
    value_usd: Nullable(Type.String()),
    error: Nullable(Type.Object({ message: Type.String() })),
  },
  { title: 'BalanceEntry' },
);

export const BalancesResponse = Type.Object(
  {
    chains: Type.Record(
      Type.String(),
      Type.Object({
        address: Type.String(),
        denoms: Type.Record(Type.String(), BalanceEntry),
        error: Type.Optional(
          Type.Object(
            { message: Type.String() },
            {
              description:
                'present when the chain could not be read at all (a universal query whose node failed): `denoms` is then empty because nothing was read, not because nothing is held',
            },
          ),
        ),
      }),
    ),
  },
  { title: 'BalancesResponse' },
);
