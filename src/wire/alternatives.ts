/**
 * POST /junction/routes (a Junction extension): the body of /v2/fungible/route, answered with up to five ranked,
 * distinct routes in the wire Route shape, each with `junction_ranking` saying why it ranks where it does.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { Route } from './route.js';

export const RouteRanking = Type.Object(
  {
    rank: Type.Integer({ minimum: 1, description: '1 for the route /v2/fungible/route answers, then in order' }),
    why: Type.String({ description: 'why the route ranks here, compared with the first' }),
    usd_costs_on_top: Nullable(
      Type.String({ description: 'fees paid beside the amount plus the gas of every transaction and claim, in USD' }),
    ),
    usd_fees_on_top: Nullable(Type.String({ description: 'fees paid beside the amount (FEE_BEHAVIOR_ADDITIONAL)' })),
    usd_gas: Nullable(Type.String({ description: 'estimated gas of every transaction the user signs and claim' })),
    usd_net: Nullable(
      Type.String({
        description:
          'exact in: USD value delivered less the costs on top; exact out: USD value spent plus the costs on top',
      }),
    ),
    signatures: Type.Integer({ description: 'transactions the user signs, claims on arrival included' }),
    claims: Type.Integer({ description: 'transfers the user completes on the destination (an unrelayed CCTP mint)' }),
    estimated_route_duration_seconds: Type.Integer(),
    needs_gas_on: Type.Array(Type.String(), {
      description:
        'EVM and Solana chains where the user must already hold the native gas token: a later transaction or a claim is signed there and the route delivers another token there (Junction does not see balances; Cosmos chains, whose fee tokens vary, are not listed)',
    }),
  },
  { title: 'RouteRanking' },
);
export type RouteRanking = Static<typeof RouteRanking>;

export const RankedRoute = Type.Composite([Route, Type.Object({ junction_ranking: RouteRanking })], {
  title: 'RankedRoute',
});
export type RankedRoute = Static<typeof RankedRoute>;

export const AlternativesResponse = Type.Object(
  { routes: Type.Array(RankedRoute, { maxItems: 5 }) },
  { title: 'AlternativeRoutes' },
);
export type AlternativesResponse = Static<typeof AlternativesResponse>;
