/** GET /v2/fungible/venues. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { VenuesQuery, VenuesResponse } from '../../wire/info.js';
import { errorResponses } from '../../wire/responses.js';

export const venueRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/v2/fungible/venues',
    {
      schema: {
        summary: 'Swap venues',
        tags: ['fungible'],
        querystring: VenuesQuery,
        response: { 200: VenuesResponse, ...errorResponses },
      },
    },
    // Every venue Junction ships is on mainnet; a testnet-only listing is empty.
    async (req) => ({ venues: req.query.only_testnets ? [] : [...ctx.venues] }),
  );
};
