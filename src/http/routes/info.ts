/** GET /v2/info/chains, GET /v2/info/bridges. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidArgument } from '../../errors.js';
import { chainsOf, selectChains } from '../../registry/catalog.js';
import type { AppContext } from '../../context.js';
import { BridgesResponse, ChainsQuery, ChainsResponse } from '../../wire/info.js';
import { errorResponses } from '../../wire/responses.js';

export const infoRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/v2/info/chains',
    {
      schema: {
        summary: 'Supported chains',
        description:
          'Cosmos chains by default; EVM and SVM chains with include_evm / include_svm. An explicit chain_ids list returns exactly those chains.',
        tags: ['info'],
        querystring: ChainsQuery,
        response: { 200: ChainsResponse, ...errorResponses },
      },
    },
    async (req) => {
      const q = req.query;
      const unknown = q.chain_ids?.find((id) => !ctx.registry.chain(id));
      if (unknown !== undefined) throw invalidArgument(`invalid chain_ids: unknown chain id "${unknown}"`);
      const chains = selectChains(ctx.registry, {
        chainIds: q.chain_ids,
        includeEvm: q.include_evm ?? false,
        includeSvm: q.include_svm ?? false,
        onlyTestnets: q.only_testnets ?? false,
      });
      return { chains: chainsOf(chains) };
    },
  );

  const bridges = { bridges: ctx.bridges.info.map((b) => ({ id: b.id, name: b.name, logo_uri: b.logoUri })) };
  app.get(
    '/v2/info/bridges',
    { schema: { summary: 'Supported bridges', tags: ['info'], response: { 200: BridgesResponse, ...errorResponses } } },
    async () => bridges,
  );
};
