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
import { parseAmount, parseBps, parseRouteQuery, requireListedVenues } from '../routing/query.js';
import {
  decideGasOnArrival,
  planSlice,
  quoteWithGasOnArrival,
  withAnswer,
  type GasOnArrivalQuote,
} from '../routing/gas-on-arrival.js';
import { quoteRoute, type Quote, type QuoteContext } from '../routing/quote.js';
import type { PlannedRoute, RouteQuery } from '../routing/types.js';
import type { BlockhashSource } from '../tx/solana-blockhash.js';
import type { MsgsDirectRequest, MsgsDirectResponse, MsgsRequest, MsgsResponse } from '../wire/msgs.js';
import type { GasOnArrival } from '../wire/route.js';
import { parseAffiliates, requireFeeChainListed, type AffiliatesByChain } from './affiliates.js';
import { buildMessages, parseSlippagePpm, parseTimeoutSeconds, type MessageOptions } from './build.js';
import { withGasOnArrivalMessages } from './gas-on-arrival.js';
import { withOperatorShare, type CallerTier, type RevenueShareConfig } from './revenue-share.js';
import { GAS_BALANCE_TIMEOUT_MS, gasFields, type GasContext } from './gas-fields.js';

export interface MessagesContext {
  registry: Registry;
  /** The venues /v2/fungible/venues lists, which swap_venues must name (absent: not checked). */
  venues?: readonly { name: string; chain_id: string }[];
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
    integratorAffiliates: affiliates,
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
  const plan = (amount: bigint) =>
    planFromOperations(
      { registry, market: qc.market, bridges: ctx.bridges },
      {
        source,
        dest,
        amountIn: amount,
        amountOut,
        affiliateBps: (chainId) => (affiliates.byChain.get(chainId) ?? []).reduce((s, a) => s + a.bps, 0),
        operations: b.operations,
      },
    );
  let route = plan(amountIn);
  requireFeeChainListed(affiliates, route);
  const addresses = addressesFromList(registry, b.address_list, requiredChainAddresses(route), chainIdsOf(route));
  const gas = b.junction_gas_on_arrival ? await gasForOperations(ctx, qc, caller, b, addresses) : undefined;
  // The slice comes out of the amount sent: the echoed operations carry the rest.
  if (gas?.branch) route = plan(amountIn - BigInt(gas.answer.amount_in!));
  let built = buildMessages(registry, route, addresses, await withSolana(ctx, route, opts, b.fee_payer_address));
  if (gas?.branch) built = withGasOnArrivalMessages(registry, built, gas.branch, addresses, opts);
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
    ...(gas ? { junction_gas_on_arrival: gas.answer } : {}),
  };
}

/**
 * Gas on arrival for /msgs (a route's operations sent back with amount_in, the whole amount): as /msgs_direct, the
 * slice is delivered when the user's address on the destination (from address_list) holds none of its gas token, and
 * when every chain the slice passes has an address in the request.
 */
async function gasForOperations(
  ctx: MessagesContext,
  qc: QuoteContext,
  caller: MessagesCaller,
  b: MsgsRequest,
  addresses: ReadonlyMap<string, string>,
): Promise<{ answer: GasOnArrival; branch?: PlannedRoute }> {
  const query = parseRouteQuery(ctx.registry, {
    source_asset_chain_id: b.source_asset_chain_id,
    source_asset_denom: b.source_asset_denom,
    dest_asset_chain_id: b.dest_asset_chain_id,
    dest_asset_denom: b.dest_asset_denom,
    amount_in: b.amount_in,
    allow_multi_tx: true,
    junction_gas_on_arrival: true,
  });
  const decision = decideGasOnArrival(qc, query);
  if (!decision.deliver) return { answer: decision.answer };
  const { chainId, denom } = decision.offer;
  const address = addresses.get(chainId);
  const held = address ? await boundedBalance(ctx, qc, caller, chainId, address, denom) : undefined;
  if (held !== undefined && held > 0n)
    return {
      answer: {
        delivered: false,
        reason: `not needed: ${address} holds ${held} ${denom} on ${chainId}`,
        chain_id: chainId,
        denom,
        balance_checked: true,
      },
    };
  const sliced = planSlice(qc, decision);
  if (!sliced.ok) return { answer: sliced.answer };
  const missing = requiredChainAddresses(sliced.branch).filter((c) => !addresses.has(c));
  if (missing.length > 0)
    return {
      answer: {
        delivered: false,
        reason: `not delivered: the slice passes ${missing.join(', ')}, whose address address_list does not give`,
        chain_id: chainId,
        denom,
      },
    };
  return { answer: { ...sliced.answer, balance_checked: held !== undefined }, branch: sliced.branch };
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
  if (ctx.venues) requireListedVenues(ctx.venues, b.swap_venues);
  const qc = ctx.quoteContext();
  const opts = messageOptions(ctx, b, affiliates, caller.tier, qc.nowMs);
  caller.onMarket?.(qc);
  const { quote, branch } = query.gasOnArrival
    ? await quoteWithGasIfNone(ctx, qc, caller, query, b.chain_ids_to_addresses)
    : { quote: quoteRoute(qc, query), branch: undefined };
  caller.onQuote?.(quote.figures);
  requireFeeChainListed(affiliates, quote.planned);
  const required = new Set(requiredChainAddresses(quote.planned));
  if (branch) for (const c of requiredChainAddresses(branch)) required.add(c);
  const addresses = addressesFromMap(registry, b.chain_ids_to_addresses, [...required]);
  let built = buildMessages(
    registry,
    quote.planned,
    addresses,
    await withSolana(ctx, quote.planned, opts, b.fee_payer_address),
  );
  if (branch) built = withGasOnArrivalMessages(registry, built, branch, addresses, opts);
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

/**
 * Gas on arrival for /msgs_direct: delivered only when the user's address on the destination holds none of its gas
 * token. The balance is read from the chain's node, bounded by a timeout; a node that does not answer in time (or a
 * server without chain clients) leaves the balance unknown, and the gas is delivered as asked (balance_checked false).
 */
async function quoteWithGasIfNone(
  ctx: MessagesContext,
  qc: QuoteContext,
  caller: MessagesCaller,
  query: RouteQuery,
  addresses: Readonly<Record<string, string>>,
): Promise<GasOnArrivalQuote> {
  const decision = decideGasOnArrival(qc, query);
  if (!decision.deliver) return quoteWithGasOnArrival(qc, query);
  const { chainId, denom } = decision.offer;
  const address = addresses[chainId];
  const held = address ? await boundedBalance(ctx, qc, caller, chainId, address, denom) : undefined;
  if (held !== undefined && held > 0n) {
    const quote = quoteRoute(qc, query);
    return {
      quote: withAnswer(quote, {
        delivered: false,
        reason: `not needed: ${address} holds ${held} ${denom} on ${chainId}`,
        chain_id: chainId,
        denom,
        balance_checked: true,
      }),
    };
  }
  const delivered = quoteWithGasOnArrival(qc, query);
  const answer = delivered.quote.route.junction_gas_on_arrival;
  if (answer) answer.balance_checked = held !== undefined;
  return delivered;
}

/**
 * The user's balance of the gas token for gas on arrival, read as enable_gas_warnings reads balances (ctx.gas: the
 * chains' clients, the same deadline, one chain charged to an anonymous caller); undefined when it cannot be read.
 */
async function boundedBalance(
  ctx: MessagesContext,
  qc: QuoteContext,
  caller: MessagesCaller,
  chainId: string,
  address: string,
  denom: string,
): Promise<bigint | undefined> {
  const chains = ctx.gas?.chains;
  if (!chains) return undefined;
  await caller.beforeGasChecks?.(1);
  const read = chains.balanceReader(qc.market.prices);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve(undefined);
    }, ctx.gas?.balanceTimeoutMs ?? GAS_BALANCE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([read(chainId, address, denom, abort.signal).catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
