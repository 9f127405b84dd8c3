/** POST /junction/routes: ranked alternatives to the route /v2/fungible/route answers (a Junction extension). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { rankedAlternatives } from '../../routing/alternatives.js';
import { parseRouteQuery, requireListedVenues } from '../../routing/query.js';
import { AlternativesResponse } from '../../wire/alternatives.js';
import { MAX_QUOTE_BODY_BYTES } from '../../wire/limits.js';
import { errorResponses } from '../../wire/responses.js';
import { RouteRequest } from '../../wire/route.js';

export const alternativesRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/junction/routes',
    {
      bodyLimit: Math.min(ctx.config.bodyLimitBytes, MAX_QUOTE_BODY_BYTES),
      schema: {
        summary: 'Ranked alternative routes (Junction extension)',
        description:
          'The body of /v2/fungible/route. Up to five distinct routes in the Route shape, best first — the first is the route /v2/fungible/route answers — ranked by the value delivered after every fee and the gas of every transaction and claim, then signatures, then duration; each carries `junction_ranking` saying why it ranks there. Routes the price-safety rules refuse are left out (kept with their warning under allow_unsafe); when none can be given, the error is the one /v2/fungible/route answers. Any of them can be sent to /v2/fungible/msgs.',
        tags: ['fungible'],
        body: RouteRequest,
        response: { 200: AlternativesResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const qc = {
        registry: ctx.registry,
        market: ctx.market(),
        thresholds: ctx.safety,
        nowMs: Date.now(),
        cache: ctx.routeCache,
        bridges: ctx.bridges,
      };
      const at = qc.market.oldestSnapshotAt;
      if (at)
        reply.header(
          'x-junction-market-age-seconds',
          String(Math.max(0, Math.round((qc.nowMs - at.getTime()) / 1000))),
        );
      const query = parseRouteQuery(ctx.registry, req.body);
      requireListedVenues(ctx.venues, req.body.swap_venues);
      return { routes: rankedAlternatives(qc, query) };
    },
  );
};
