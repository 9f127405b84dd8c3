/**
 * The engine's entries for /v2/fungible/msgs and /v2/fungible/msgs_direct: from a wire request to the wire answer,
 * so that their HTTP handlers read like /route's. /msgs re-validates and re-simulates the operations a caller echoes
 * (routing/operations.ts); /msgs_direct quotes the route itself (routing/quote.ts). Both then build the route's
 * transactions (build.ts).
 *
 * The one call that leaves the process is a recent Solana blockhash, and only for a route with a transaction that
 * starts on Solana: the source is handed in (tx/solana-blockhash.ts), so the builder itself stays pure.
 */
import type { BridgeSet } from '../bridges/set.js';
import type { SolanaTxContext } from '../bridges/types.js';
import { invalidArgument } from '../errors.js';
import { addressesFromList, addressesFromMap, requireAddress } from '../messages/address.js';
import type { Registry } from '../registry/registry.js';
import { requireAsset } from '../routing/asset-queries.js';
import { chainIdsOf, estimatedFees, requiredChainAddresses } from '../routing/assemble.js';
import { usdOfPrices } from '../routing/fee-usd.js';
import { planFromOperations } from '../routing/operations.js';
import { parseAmount, parseBps, parseRouteQuery } from '../routing/query.js';
import { quoteRoute, type Quote, type QuoteContext } from '../routing/quote.js';
import type { PlannedRoute } from '../routing/types.js';
import type { BlockhashSource } from '../tx/solana-blockhash.js';
import type { MsgsDirectRequest, MsgsDirectResponse, MsgsRequest, MsgsResponse } from '../wire/msgs.js';
import { parseAffiliates, type AffiliatesByChain } from './affiliates.js';
import { buildMessages, parseSlippagePpm, parseTimeoutSeconds, type MessageOptions } from './build.js';
import { withOperatorShare, type CallerTier, type RevenueShareConfig } from './revenue-share.js';
import { gasFields, type GasContext } from './gas-fields.js';

export interface MessagesContext {
  registry: Registry;
  bridges: BridgeSet;
  /** The market and the rest of a quote's context, read once per request (the same one /route reads). */
  quoteContext(): QuoteContext;
  revenueShare: RevenueShareConfig;
  solanaBlockhash: BlockhashSource;
  /** Makes the fresh keypair a Solana CCTP burn needs for its event account (the server's is random; tests fix it). */
  newKeypairSeed(): Uint8Array;
  /** Gas warnings and estimates (gas-fields.ts): the chains' balances and nodes; absent, balances are unreadable. */
  gas?: GasContext;
}

/** Who asks, and what the transport wants to know while the answer is made. */
export interface MessagesCaller {
  /** The caller's tier, as the access layer decided it (no valid key = anonymous): it sets the operator's share. */
  tier: CallerTier;
  /** The quote context was read (the HTTP layer reports the market's age from it). */
  onMarket?(qc: QuoteContext): void;
  /** /msgs_direct quoted its route (usage statistics). */
  onQuote?(figures: Quote['figures']): void;
  /** enable_gas_warnings is about to read this many chains' gas balances (the anonymous rate limit charges them). */
  beforeGasChecks?(chains: number): Promise<void>;
}

type MessageFields = Pick<MsgsRequest, 'timeout_seconds' | 'slippage_tolerance_percent' | 'post_route_handler'>;

function messageOptions(
  ctx: MessagesContext,
  b: MessageFields,
  affiliates: AffiliatesByChain,
  tier: CallerTier,
  nowMs: number,
): MessageOptions {
  return {
    nowMs,
    timeoutSeconds: parseTimeoutSeconds(b.timeout_seconds),
    slippagePpm: parseSlippagePpm(b.slippage_tolerance_percent),
    postRouteHandler: b.post_route_handler,
    affiliates: withOperatorShare(affiliates, ctx.revenueShare, tier),
  };
}

/**
 * Whether the route's transaction starts on Solana. Only a route's first transaction can: the search never passes
 * through Solana (routing/search.ts), and the builder refuses a later svm_tx.
 */
function startsOnSolana(route: PlannedRoute): boolean {
  const first = route.steps[0];
  return first?.kind === 'bridge' && first.lane.fromChainId === 'solana';
}

/**
 * A route whose transaction starts on Solana needs a recent blockhash from the Solana RPC endpoint, and its fee payer
 * when the caller names one: fetched only for such routes.
 */
async function solanaContext(
  ctx: MessagesContext,
  route: PlannedRoute,
  feePayer: string | null | undefined,
): Promise<SolanaTxContext | undefined> {
  if (!startsOnSolana(route)) return undefined;
  const payer = feePayer ? requireAddress(ctx.registry, 'solana', feePayer, 'fee_payer_address') : undefined;
  return {
    recentBlockhash: await ctx.solanaBlockhash.latest(),
    feePayer: payer,
    newKeypairSeed: () => ctx.newKeypairSeed(),
  };
}

async function withSolana(
  ctx: MessagesContext,
  route: PlannedRoute,
  opts: MessageOptions,
  feePayer: string | null | undefined,
): Promise<MessageOptions> {
  const solana = await solanaContext(ctx, route, feePayer);
  return solana ? { ...opts, solana } : opts;
}

/** /v2/fungible/msgs: the transactions of a route whose operations the caller sends back. */
export async function messagesFor(ctx: MessagesContext, b: MsgsRequest, caller: MessagesCaller): Promise<MsgsResponse> {
  const { registry } = ctx;
  const source = requireAsset(registry, b.source_asset_chain_id, b.source_asset_denom, 'source_asset');
  const dest = requireAsset(registry, b.dest_asset_chain_id, b.dest_asset_denom, 'dest_asset');
  const amountIn = parseAmount('amount_in', b.amount_in);
  // The SDK's executeRoute sends the route's estimated_amount_out, or "0" when it has none; only an exact-out
  // swap needs it, so "0" means "not given".
  const amountOut = b.amount_out && b.amount_out !== '0' ? parseAmount('amount_out', b.amount_out) : undefined;
  const affiliates = parseAffiliates(registry, b.chain_ids_to_affiliates);
  const qc = ctx.quoteContext();
  const opts = messageOptions(ctx, b, affiliates, caller.tier, qc.nowMs);
  const route = planFromOperations(
    { registry, market: qc.market, bridges: ctx.bridges },
    {
      source,
      dest,
      amountIn,
      amountOut,
      affiliateBps: (chainId) => (affiliates.byChain.get(chainId) ?? []).reduce((s, a) => s + a.bps, 0),
      operations: b.operations,
    },
  );
  const addresses = addressesFromList(registry, b.address_list, requiredChainAddresses(route), chainIdsOf(route));
  const built = buildMessages(registry, route, addresses, await withSolana(ctx, route, opts, b.fee_payer_address));
  return {
    msgs: built.msgs,
    txs: built.txs,
    min_amount_out: built.minAmountOut.toString(),
    estimated_fees: estimatedFees(registry, route, usdOfPrices(registry, qc.market.prices, opts.nowMs)),
    ...(await gasFields(ctx.gas, registry, route, built.txs, addresses, qc.market.prices, opts.nowMs, {
      enableWarnings: b.enable_gas_warnings === true,
      tier: caller.tier,
      beforeBalanceReads: caller.beforeGasChecks,
    })),
  };
}

/** /v2/fungible/msgs_direct: the best route and its transactions in one answer. */
export async function messagesDirectFor(
  ctx: MessagesContext,
  b: MsgsDirectRequest,
  caller: MessagesCaller,
): Promise<MsgsDirectResponse> {
  const { registry } = ctx;
  const affiliates = parseAffiliates(registry, b.chain_ids_to_affiliates);
  // The fee is what chain_ids_to_affiliates pays; a cumulative figure sent alongside must agree with it.
  const bps = parseBps('cumulative_affiliate_fee_bps', b.cumulative_affiliate_fee_bps);
  if (b.cumulative_affiliate_fee_bps && bps !== affiliates.cumulativeBps) {
    throw invalidArgument(
      `invalid cumulative_affiliate_fee_bps: ${bps} bps, but chain_ids_to_affiliates pays ${affiliates.cumulativeBps} bps; send the affiliates (or omit the field)`,
    );
  }
  const query = { ...parseRouteQuery(registry, b), cumulativeAffiliateFeeBps: affiliates.cumulativeBps };
  const qc = ctx.quoteContext();
  const opts = messageOptions(ctx, b, affiliates, caller.tier, qc.nowMs);
  caller.onMarket?.(qc);
  const quote = quoteRoute(qc, query);
  caller.onQuote?.(quote.figures);
  const addresses = addressesFromMap(registry, b.chain_ids_to_addresses, requiredChainAddresses(quote.planned));
  const built = buildMessages(
    registry,
    quote.planned,
    addresses,
    await withSolana(ctx, quote.planned, opts, b.fee_payer_address),
  );
  return {
    msgs: built.msgs,
    txs: built.txs,
    min_amount_out: built.minAmountOut.toString(),
    route: quote.route,
    ...(await gasFields(ctx.gas, registry, quote.planned, built.txs, addresses, qc.market.prices, opts.nowMs, {
      enableWarnings: b.enable_gas_warnings === true,
      tier: caller.tier,
      beforeBalanceReads: caller.beforeGasChecks,
    })),
  };
}
