/**
 * Gas on arrival (a Junction extension, issue 27 item 5; request field `junction_gas_on_arrival`): beside the asset
 * asked for, deliver a small amount of the destination chain's gas token, so that the user can move what arrives.
 *
 * How: a slice of the source asset (worth GAS_ON_ARRIVAL_USD) is routed on its own, from the source asset to the gas
 * token on the destination chain, by a swap on that chain's venue (or wherever the engine finds it best), as a route
 * of one transaction starting on the source chain. Its messages ride in the route's first transaction, beside the
 * route's own (route-txs/gas-on-arrival.ts): one signature, one transaction, two messages. The main route carries
 * the rest of the input (exact in) or the whole amount asked for (exact out, the slice then adds to what is spent).
 *
 * Where it is offered: a destination chain with a Cosmos swap venue in the market whose pools hold the chain's gas
 * token (its first fee asset), and a route that starts on a Cosmos chain (an EVM or Solana transaction cannot carry
 * an IBC message beside its own). Offline that is Osmosis (OSMO) and Neutron (NTRN). It is not delivered when it is
 * not needed: the destination is the source chain (the user signs there, so holds its gas) or the asset asked for is
 * the gas token itself. Pure: the clock and the market are in the context.
 */
import { amountForUsd, Decimal, judgePriceSafety, usdString, usdValueOf } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import type { GasOnArrival, Route } from '../wire/route.js';
import { ApiError } from '../errors.js';
import { assembleRoute, routePriceImpact } from './assemble.js';
import { usdOfPrices } from './fee-usd.js';
import type { MarketView } from './market.js';
import { quoteRoute, type Quote, type QuoteContext } from './quote.js';
import { txsRequired, type PlannedRoute, type RouteQuery } from './types.js';

/** What the gas token delivered is worth: a few dozen transactions on a Cosmos chain, at most a fraction of a swap. */
export const GAS_ON_ARRIVAL_USD = Decimal.parse('0.25');
/** The slice may take at most this share of an exact-in amount (parts per million): 10 %. */
const GAS_ON_ARRIVAL_MAX_SHARE_PPM = 100_000n;

export interface GasOnArrivalOffer {
  chainId: string;
  /** The chain's gas token: its first fee asset. */
  denom: string;
  /** The venue on that chain that trades it. */
  venue: string;
}

/** The chains gas on arrival is offered on: a Cosmos venue whose pools hold the chain's gas token. */
export function gasOnArrivalOffers(registry: Registry, market: MarketView): GasOnArrivalOffer[] {
  const out: GasOnArrivalOffer[] = [];
  for (const v of market.venues) {
    const chain = registry.chain(v.venue.chainId);
    if (chain?.wire.chain_type !== 'cosmos' || !chain.entryPoint) continue;
    const denom = chain.wire.fee_assets[0]?.denom;
    if (!denom || !v.hasDenom(denom) || out.some((o) => o.chainId === v.venue.chainId)) continue;
    out.push({ chainId: v.venue.chainId, denom, venue: v.venue.name });
  }
  return out;
}

/** A decision: deliver with this slice and these queries, or not, and why. */
export type GasOnArrivalDecision =
  | { deliver: false; answer: GasOnArrival }
  | { deliver: true; offer: GasOnArrivalOffer; slice: bigint; main: RouteQuery; branch: RouteQuery };

const notDelivered = (chainId: string, denom: string | null, reason: string): GasOnArrivalDecision => ({
  deliver: false,
  answer: { delivered: false, reason, chain_id: chainId, denom },
});

/** Whether gas on arrival applies to the query, and the two queries (main and slice) when it does. */
export function decideGasOnArrival(ctx: QuoteContext, q: RouteQuery): GasOnArrivalDecision {
  const { registry, market, nowMs } = ctx;
  const destChain = q.dest.wire.chain_id;
  const gasDenom = registry.chain(destChain)?.wire.fee_assets[0]?.denom ?? null;
  const offers = gasOnArrivalOffers(registry, market);
  const offer = offers.find((o) => o.chainId === destChain);
  if (!offer) {
    const where = offers.map((o) => o.chainId).join(', ') || 'no chain';
    return notDelivered(destChain, gasDenom, `not offered on ${destChain}: offered on ${where}`);
  }
  if (q.dest.wire.denom === offer.denom)
    return notDelivered(destChain, offer.denom, 'not needed: the asset asked for is the gas token');
  if (q.source.wire.chain_id === destChain)
    return notDelivered(destChain, offer.denom, 'not needed: the route starts on this chain, where the user signs');
  if (registry.chain(q.source.wire.chain_id)?.wire.chain_type !== 'cosmos')
    return notDelivered(
      destChain,
      offer.denom,
      `not offered from ${q.source.wire.chain_id}: the slice rides in the first transaction as an IBC message, which only a Cosmos chain's transaction can carry`,
    );
  const price = market.prices.usdPrice(q.source.wire.chain_id, q.source.wire.denom, nowMs)?.price;
  const decimals = q.source.wire.decimals;
  const slice = price && typeof decimals === 'number' ? amountForUsd(GAS_ON_ARRIVAL_USD, decimals, price) : undefined;
  if (!slice) return notDelivered(destChain, offer.denom, 'not delivered: the source asset has no price');
  if (q.amount.kind === 'in' && slice * 1_000_000n > q.amount.value * GAS_ON_ARRIVAL_MAX_SHARE_PPM)
    return notDelivered(
      destChain,
      offer.denom,
      `not delivered: ${GAS_ON_ARRIVAL_USD.toString()} USD of gas token would take more than 10 % of the amount`,
    );
  const main: RouteQuery =
    q.amount.kind === 'in' ? { ...q, amount: { kind: 'in', value: q.amount.value - slice } } : { ...q };
  const gasAsset = registry.asset(destChain, offer.denom);
  if (!gasAsset) return notDelivered(destChain, offer.denom, 'not delivered: the gas token is not a listed asset');
  const branch: RouteQuery = {
    ...q,
    dest: gasAsset,
    amount: { kind: 'in', value: slice },
    allowMultiTx: false,
    splitRoutes: false,
    goFast: false,
    cumulativeAffiliateFeeBps: 0,
    gasOnArrival: false,
  };
  return { deliver: true, offer, slice, main, branch };
}

export interface GasOnArrivalQuote {
  /** The route answered; with the gas delivered, its amount_in is the whole amount spent (route and slice). */
  quote: Quote;
  /** The slice's own route, when delivered. */
  branch?: PlannedRoute;
}

/** The slice's route and what the answer says of it, or why it is not delivered. */
export type SlicePlan = { ok: true; branch: PlannedRoute; answer: GasOnArrival } | { ok: false; answer: GasOnArrival };

/**
 * Plan the slice of a decision to deliver: a safe one-transaction route from the source asset to the gas token, and
 * the answer describing it (amounts, its own operations, the transaction that carries it).
 */
export function planSlice(ctx: QuoteContext, decision: Extract<GasOnArrivalDecision, { deliver: true }>): SlicePlan {
  const { offer, slice } = decision;
  const refused = (reason: string): SlicePlan => ({
    ok: false,
    answer: { delivered: false, reason, chain_id: offer.chainId, denom: offer.denom },
  });
  let branch: Quote;
  try {
    // Judged below without the gas of a transaction of its own: the slice's messages ride in the route's first one.
    branch = quoteRoute(ctx, { ...decision.branch, allowUnsafe: true });
    const refusal = sliceRefusal(ctx, branch.planned);
    if (refusal) throw refusal;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return refused(`not delivered: no single-transaction route takes the slice to ${offer.denom} (${err.message})`);
  }
  // allow_multi_tx is off for the slice, so this holds; its messages must fit in one transaction all the same.
  if (txsRequired(branch.planned) !== 1) return refused('not delivered: the slice would need a transaction of its own');
  const { registry, market, nowMs } = ctx;
  const usdGas = usdValueOf(market.prices, registry, offer.chainId, offer.denom, branch.planned.amountOut, nowMs);
  const wireBranch = assembleRoute(registry, branch.planned, { usdOf: usdOfPrices(registry, market.prices, nowMs) });
  return {
    ok: true,
    branch: branch.planned,
    answer: {
      delivered: true,
      reason: `${offer.denom} on ${offer.chainId}, about ${GAS_ON_ARRIVAL_USD.toString()} USD, swapped from ${slice} of the source asset in transaction 0 beside the route's own messages`,
      chain_id: offer.chainId,
      denom: offer.denom,
      amount_in: slice.toString(),
      amount_out: branch.planned.amountOut.toString(),
      ...(usdGas ? { usd_amount_out: usdString(usdGas)! } : {}),
      tx_index: 0,
      operations: wireBranch.operations,
    },
  };
}

/**
 * /route with junction_gas_on_arrival: the main route quoted as usual (on the input less the slice), the slice's
 * route beside it, and the answer's `junction_gas_on_arrival` saying what was done. When the slice finds no safe
 * single-transaction route, the main route is quoted on the whole amount and the answer says why.
 */
export function quoteWithGasOnArrival(ctx: QuoteContext, q: RouteQuery): GasOnArrivalQuote {
  const decision = decideGasOnArrival(ctx, q);
  if (!decision.deliver) return { quote: withAnswer(quoteRoute(ctx, q), decision.answer) };
  const sliced = planSlice(ctx, decision);
  if (!sliced.ok) return { quote: withAnswer(quoteRoute(ctx, q), sliced.answer) };
  const main = quoteRoute(ctx, decision.main);
  const total = main.planned.amountIn + decision.slice;
  const { registry, market, nowMs } = ctx;
  const usdTotal = usdValueOf(market.prices, registry, q.source.wire.chain_id, q.source.wire.denom, total, nowMs);
  const route: Route = {
    ...main.route,
    amount_in: total.toString(),
    ...(usdTotal ? { usd_amount_in: usdString(usdTotal)! } : {}),
    junction_gas_on_arrival: sliced.answer,
  };
  return {
    quote: { ...main, route, figures: { ...main.figures, usdVolume: (usdTotal?.usd ?? Decimal.ZERO).toString() } },
    branch: sliced.branch,
  };
}

/**
 * Price safety of the slice's route on its amounts alone (a loss beyond the thresholds refuses it): its gas is one more
 * message in the route's transaction, already counted with that transaction, not a transaction of its own.
 */
function sliceRefusal(ctx: QuoteContext, planned: PlannedRoute): ApiError | undefined {
  const { registry, market, nowMs } = ctx;
  const value = (chainId: string, denom: string, amount: bigint) =>
    usdValueOf(market.prices, registry, chainId, denom, amount, nowMs);
  const verdict = judgePriceSafety({
    usdIn: value(planned.source.wire.chain_id, planned.source.wire.denom, planned.amountIn)?.usd,
    usdOut: value(planned.dest.wire.chain_id, planned.dest.wire.denom, planned.amountOut)?.usd,
    usdCostsOnTop: Decimal.ZERO,
    priceImpactPercent: routePriceImpact(planned),
    doesSwap: planned.steps.some((s) => s.kind === 'swap'),
    allowUnsafe: false,
    thresholds: ctx.thresholds,
  });
  return verdict.kind === 'error' ? verdict.error : undefined;
}

/** The route's answer with what gas on arrival did (not delivered: the route itself is unchanged). */
export function withAnswer(quote: Quote, answer: GasOnArrival): Quote {
  return { ...quote, route: { ...quote.route, junction_gas_on_arrival: answer } };
}
