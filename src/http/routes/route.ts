/** POST /v2/fungible/route, /v2/fungible/msgs, /v2/fungible/msgs_direct. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordRoute } from '../../auth/index.js';
import { addressesFromList, addressesFromMap, requireAddress } from '../../messages/address.js';
import { parseAffiliates, type AffiliatesByChain } from '../../messages/affiliates.js';
import { buildMessages, parseSlippagePpm, parseTimeoutSeconds, type MessageOptions } from '../../messages/build.js';
import { withOperatorShare, type CallerTier } from '../../messages/revenue-share.js';
import { requireAsset } from '../../routing/asset-queries.js';
import { chainIdsOf, estimatedFees, requiredChainAddresses } from '../../routing/assemble.js';
import { usdOfPrices } from '../../routing/fee-usd.js';
import { planFromOperations } from '../../routing/operations.js';
import { invalidArgument } from '../../errors.js';
import { parseAmount, parseBps, parseRouteQuery } from '../../routing/query.js';
import { responseKey } from '../../routing/route-cache.js';
import type { PlannedRoute } from '../../routing/types.js';
import { quoteRoute, type QuoteContext } from '../../routing/quote.js';
import type { AppContext } from '../../context.js';
import { MAX_QUOTE_BODY_BYTES } from '../../wire/limits.js';
import { sendJsonText } from '../reply.js';
import {
  MsgsDirectRequest,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  type PostRouteHandler,
} from '../../wire/msgs.js';
import { errorResponses } from '../../wire/responses.js';
import { Route, RouteRequest } from '../../wire/route.js';

/** The caller's tier, as the access layer decided it (no valid key = anonymous). */
function callerTier(req: FastifyRequest): CallerTier {
  return req.access?.tier === 'key' ? 'key' : 'anonymous';
}

function messageOptions(
  ctx: AppContext,
  req: FastifyRequest,
  b: {
    timeout_seconds?: string | null;
    slippage_tolerance_percent?: string | null;
    post_route_handler?: PostRouteHandler | null;
  },
  affiliates: AffiliatesByChain,
): MessageOptions {
  return {
    nowMs: Date.now(),
    timeoutSeconds: parseTimeoutSeconds(b.timeout_seconds),
    slippagePpm: parseSlippagePpm(b.slippage_tolerance_percent),
    postRouteHandler: b.post_route_handler,
    affiliates: withOperatorShare(affiliates, ctx.revenueShare, callerTier(req)),
  };
}

/**
 * A route whose transaction starts on Solana needs a recent blockhash from the Solana RPC endpoint, and its fee payer
 * when the caller names one: fetched here, only for such routes, so the message builder itself stays pure.
 */
async function withSolana(
  ctx: AppContext,
  route: PlannedRoute,
  opts: MessageOptions,
  feePayer: string | null | undefined,
): Promise<MessageOptions> {
  // Only a route's first transaction can start on Solana: the search never passes through it (routing/search.ts).
  const first = route.steps[0];
  const startsOnSolana = first?.kind === 'bridge' && first.lane.fromChainId === 'solana';
  if (!startsOnSolana) return opts;
  const payer = feePayer ? requireAddress(ctx.registry, 'solana', feePayer, 'fee_payer_address') : undefined;
  return {
    ...opts,
    solana: {
      recentBlockhash: await ctx.solanaBlockhash.latest(),
      feePayer: payer,
      newKeypairSeed: () => randomBytes(32),
    },
  };
}

export const routeRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { registry } = ctx;
  const responses = ctx.responseCache;
  // Quote requests are small (a 32-operation /msgs with a maximal wasm_msg is under 100 KiB): anything larger is
  // refused while it is still arriving, before it is parsed or validated.
  const bodyLimit = Math.min(ctx.config.bodyLimitBytes, MAX_QUOTE_BODY_BYTES);
  const quoteContext = (): QuoteContext => ({
    registry,
    market: ctx.market(),
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
      const key = responses.enabled ? responseKey(query) : '';
      const hit = responses.enabled ? responses.get(key, qc.market.version) : undefined;
      if (hit) {
        recordRoute(req, hit.extra);
        return sendJsonText(reply, hit.json);
      }
      const quote = quoteRoute(qc, query);
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
    async (req) => {
      const b = req.body;
      const source = requireAsset(registry, b.source_asset_chain_id, b.source_asset_denom, 'source_asset');
      const dest = requireAsset(registry, b.dest_asset_chain_id, b.dest_asset_denom, 'dest_asset');
      const amountIn = parseAmount('amount_in', b.amount_in);
      // The SDK's executeRoute sends the route's estimated_amount_out, or "0" when it has none; only an exact-out
      // swap needs it, so "0" means "not given".
      const amountOut = b.amount_out && b.amount_out !== '0' ? parseAmount('amount_out', b.amount_out) : undefined;
      const affiliates = parseAffiliates(registry, b.chain_ids_to_affiliates);
      const opts = messageOptions(ctx, req, b, affiliates);
      const route = planFromOperations(registry, ctx.market(), {
        source,
        dest,
        amountIn,
        amountOut,
        affiliateBps: (chainId) => (affiliates.byChain.get(chainId) ?? []).reduce((s, a) => s + a.bps, 0),
        operations: b.operations,
      });
      const addresses = addressesFromList(registry, b.address_list, requiredChainAddresses(route), chainIdsOf(route));
      const built = buildMessages(registry, route, addresses, await withSolana(ctx, route, opts, b.fee_payer_address));
      return {
        msgs: built.msgs,
        txs: built.txs,
        min_amount_out: built.minAmountOut.toString(),
        estimated_fees: estimatedFees(registry, route, usdOfPrices(registry, ctx.market().prices, opts.nowMs)),
      };
    },
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
    async (req, reply) => {
      const b = req.body;
      const affiliates = parseAffiliates(registry, b.chain_ids_to_affiliates);
      // The fee is what chain_ids_to_affiliates pays; a cumulative figure sent alongside must agree with it.
      const bps = parseBps('cumulative_affiliate_fee_bps', b.cumulative_affiliate_fee_bps);
      if (b.cumulative_affiliate_fee_bps && bps !== affiliates.cumulativeBps) {
        throw invalidArgument(
          `invalid cumulative_affiliate_fee_bps: ${bps} bps, but chain_ids_to_affiliates pays ${affiliates.cumulativeBps} bps; send the affiliates (or omit the field)`,
        );
      }
      const query = { ...parseRouteQuery(registry, b), cumulativeAffiliateFeeBps: affiliates.cumulativeBps };
      const opts = messageOptions(ctx, req, b, affiliates);
      const qc = quoteContext();
      marketAgeHeader(reply, qc);
      const quote = quoteRoute(qc, query);
      recordRoute(req, quote.figures);
      const addresses = addressesFromMap(registry, b.chain_ids_to_addresses, requiredChainAddresses(quote.planned));
      const built = buildMessages(
        registry,
        quote.planned,
        addresses,
        await withSolana(ctx, quote.planned, opts, b.fee_payer_address),
      );
      return { msgs: built.msgs, txs: built.txs, min_amount_out: built.minAmountOut.toString(), route: quote.route };
    },
  );
};
