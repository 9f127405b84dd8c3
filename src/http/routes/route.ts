/** POST /v2/fungible/route, /v2/fungible/msgs, /v2/fungible/msgs_direct. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chargeAnonymous, recordRoute } from '../../auth/index.js';
import { messagesDirectFor, messagesFor, type MessagesCaller, type MessagesContext } from '../../route-txs/msgs.js';
import type { CallerTier } from '../../route-txs/revenue-share.js';
import { parseRouteQuery, requireListedVenues } from '../../routing/query.js';
import { responseKey } from '../../routing/route-cache.js';
import { quoteWithGasOnArrival } from '../../routing/gas-on-arrival.js';
import { quoteRoute, type QuoteContext } from '../../routing/quote.js';
import { GAS_BALANCE_TIMEOUT_MS } from '../../route-txs/gas-fields.js';
import { gasServices } from '../../tx/gas-services.js';
import type { TxService } from '../../tx/service.js';
import type { AppContext } from '../../context.js';
import { MAX_QUOTE_BODY_BYTES } from '../../wire/limits.js';
import { sendJsonText } from '../reply.js';
import { MsgsDirectRequest, MsgsDirectResponse, MsgsRequest, MsgsResponse } from '../../wire/msgs.js';
import { errorResponses } from '../../wire/responses.js';
import { Route, RouteRequest } from '../../wire/route.js';

/** The caller's tier, as the access layer decided it (no valid key = anonymous). */
function callerTier(req: FastifyRequest): CallerTier {
  return req.access?.tier === 'key' ? 'key' : 'anonymous';
}

export const routeRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; tx?: TxService }> = async (app, { ctx, tx }) => {
  const { registry } = ctx;
  const responses = ctx.responseCache;
  // Quote requests are small (a 32-operation /msgs with a maximal wasm_msg is under 100 KiB): anything larger is
  // refused while it is still arriving, before it is parsed or validated.
  const bodyLimit = Math.min(ctx.config.bodyLimitBytes, MAX_QUOTE_BODY_BYTES);
  const quoteContext = (): QuoteContext => ({
    registry,
    market: ctx.market(),
    bridges: ctx.bridges,
    thresholds: ctx.safety,
    nowMs: Date.now(),
    cache: ctx.routeCache,
  });
  /** Quotes say how old the pool state behind them is. */
  const marketAgeHeader = (reply: FastifyReply, q: QuoteContext) => {
    const at = q.market.oldestSnapshotAt;
    if (at)
      reply.header('x-junction-market-age-seconds', String(Math.max(0, Math.round((q.nowMs - at.getTime()) / 1000))));
  };
  const messages: MessagesContext = {
    registry,
    venues: ctx.venues,
    bridges: ctx.bridges,
    quoteContext,
    revenueShare: ctx.revenueShare,
    solanaBlockhash: ctx.solanaBlockhash,
    newKeypairSeed: () => randomBytes(32),
    gas: {
      chains: tx && gasServices(registry, tx.clients, tx.endpoints),
      balanceTimeoutMs: Math.min(GAS_BALANCE_TIMEOUT_MS, ctx.config.upstreamTimeoutMs),
    },
  };
  const caller = (req: FastifyRequest, reply: FastifyReply): MessagesCaller => ({
    tier: callerTier(req),
    onMarket: (qc) => marketAgeHeader(reply, qc),
    onQuote: (figures) => recordRoute(req, figures),
    // Each chain's gas balance is a node call, charged as /v2/info/balances charges a chain.
    beforeGasChecks: (chains) => chargeAnonymous(req, chains),
  });

  app.post(
    '/v2/fungible/route',
    {
      bodyLimit,
      schema: {
        summary: 'Best route between two assets',
        description:
          'Give exactly one of amount_in and amount_out. Routes needing more than one transaction are returned only with allow_multi_tx.',
        tags: ['fungible'],
        body: RouteRequest,
        response: { 200: Route, ...errorResponses },
      },
    },
    async (req, reply) => {
      const qc = quoteContext();
      marketAgeHeader(reply, qc);
      const query = parseRouteQuery(registry, req.body);
      requireListedVenues(ctx.venues, req.body.swap_venues);
      const key = responses.enabled ? responseKey(query) : '';
      const hit = responses.enabled ? responses.get(key, qc.market.version) : undefined;
      if (hit) {
        recordRoute(req, hit.extra);
        return sendJsonText(reply, hit.json);
      }
      const quote = query.gasOnArrival ? quoteWithGasOnArrival(qc, query).quote : quoteRoute(qc, query);
      recordRoute(req, quote.figures);
      const json = JSON.stringify(quote.route);
      responses.set(key, qc.market.version, { json, extra: quote.figures });
      return sendJsonText(reply, json);
    },
  );

  app.post(
    '/v2/fungible/msgs',
    {
      bodyLimit,
      schema: {
        summary: 'Messages to sign for a route',
        description: 'Send back the operations of a /route response and one address per required chain.',
        tags: ['fungible'],
        body: MsgsRequest,
        response: { 200: MsgsResponse, ...errorResponses },
      },
    },
    async (req) =>
      messagesFor(messages, req.body, {
        tier: callerTier(req),
        beforeGasChecks: (chains) => chargeAnonymous(req, chains),
      }),
  );

  app.post(
    '/v2/fungible/msgs_direct',
    {
      bodyLimit,
      schema: {
        summary: 'Route and messages in one call',
        tags: ['fungible'],
        body: MsgsDirectRequest,
        response: { 200: MsgsDirectResponse, ...errorResponses },
      },
    },
    async (req, reply) => messagesDirectFor(messages, req.body, caller(req, reply)),
  );
};
