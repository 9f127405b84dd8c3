/**
 * Route search. Pure: (registry, market, query) → the best PlannedRoute, or a not-found error that says why there is
 * none (no-route.ts).
 *
 * Shapes (search.ts) are bounded paths through the graph of holdings: IBC paths, lane-bridge hops (CCTP, ...) and at
 * most one swap. Each shape is simulated with the request's amount (forwards for exact-in, backwards for exact-out),
 * split into transactions (transactions.ts) and ranked by what the user really pays and does: the most delivered (or
 * the least spent) after every fee — deducted ones in the amounts, those paid on top and the gas of every
 * transaction and claim valued at the market's prices (route-cost.ts, gas/) — then the fewest signatures, then the
 * shortest expected duration, then fewest steps, then preferred channels. With go_fast: true, amounts within
 * FAST_PREFERENCE_BPS of the best count as equal and the faster route wins. Deterministic for equal inputs.
 */
import type { BridgeSet } from '../bridges/set.js';
import type { BridgeStep } from '../bridges/types.js';
import { isRefusal } from '../bridges/types.js';
import { invalidArgument } from '../errors.js';
import { priceImpactPercent } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import { affiliateFeeOf, evmGrossForNet, exactOutAffiliateFee } from './affiliate-fee.js';
import { stepSeconds } from './duration.js';
import { postSwapIbcFee, type IbcFeePayment } from './ibc-fee.js';
import { laneGraph } from './lane-graph.js';
import { noRouteError } from './no-route.js';
import { gasTable } from './gas/table.js';
import {
  additionalCostInFreeSide,
  netAmount,
  rankingAmount,
  signatureWeightInFreeSide,
  type CostPricing,
} from './route-cost.js';
import type { MarketView } from './market.js';
import { enumerateShapes, type Leg, type RouteShape } from './search.js';
import { Rejections, type Refusal } from './refusals.js';
import { bestSplit } from './split.js';
import { evmSwapsOffHint, isEvmSwapStep, isEvmVenue, wrapOnlyReason } from './evm-venues.js';
import { evmSwapOnArrivalReason } from './evm-destination-swap.js';
import { bestExactIn, bestExactOut } from './swap.js';
import { forwardsFrom, sentByPostSwap, stepTxIndices } from './transactions.js';
import {
  stepFrom,
  transferStep,
  txsRequired,
  type PlannedRoute,
  type RouteQuery,
  type Step,
  type SwapStep,
} from './types.js';

export type { RouteShape } from './search.js';

/** A ranked candidate: the route and the figures it was ranked by. */
export interface Candidate {
  route: PlannedRoute;
  /** Expected seconds from signing to arrival. */
  seconds: number;
  /** Hops over channels the registry does not mark preferred (tie-breaker). */
  nonPreferredHops: number;
  /** go_fast only: within FAST_PREFERENCE_BPS of the best amount. */
  close?: boolean;
  /** Amount on the free side after fees paid on top and gas (route-cost.ts): what the user really gets, or gives. */
  net: bigint;
  /** What net and amountOut (exact-in) or amountIn (exact-out) differ by, in free-side base units. */
  cost: bigint;
  /** What candidates are ranked by: net with each signature after the first weighed as a cost (route-cost.ts). */
  score: bigint;
}

/**
 * With go_fast: true the caller trades a little of the amount for speed: routes whose amount after costs is within
 * this many basis points of the best one (delivering at least 99.5 % of
 * the best output, or spending at most 100.5 % of the least input) count as "close" and are ranked by duration first,
 * then amount. A Go Fast order (10 bps plus gas) thus beats a CCTP transfer that takes twenty minutes, while a route
 * that loses more than 0.5 % still ranks by amount. A fixed threshold keeps the order a total order (sortable).
 */
const FAST_PREFERENCE_BPS = 50n;

function markClose(candidates: Candidate[]): void {
  let b: Candidate | undefined;
  for (const c of candidates) if (!b || compareAmounts(c, b) < 0) b = c;
  if (!b) return;
  for (const c of candidates) {
    c.close =
      c.route.amountKind === 'in'
        ? c.net * 10_000n >= b.net * (10_000n - FAST_PREFERENCE_BPS)
        : c.net * 10_000n <= b.net * (10_000n + FAST_PREFERENCE_BPS);
  }
}

/** Optional memo of ranked shapes (route-cache.ts); the engine stays correct without it. */
export interface ShapeCache {
  shapesFor(market: MarketView, q: RouteQuery): readonly RouteShape[] | undefined;
  keep(market: MarketView, q: RouteQuery, ranked: readonly RouteShape[]): void;
}

/**
 * Candidates a plan keeps, best first, and shapes a cache entry keeps: enough to absorb a different amount
 * re-ranking them, and for quote.ts to find one that passes price safety. One figure for both, so that a cached
 * answer weighs the same candidates as the search that filled the cache.
 */
const RANKED_KEPT = 8;

/** What a plan is made over: the registry, the market of this moment and the bridges this instance runs. */
export interface PlanContext {
  registry: Registry;
  market: MarketView;
  bridges: BridgeSet;
  /** Ranked shapes of earlier searches (route-cache.ts); optional. */
  cache?: ShapeCache | undefined;
  /** The clock fees paid on top are valued at; without it they count as zero. */
  nowMs?: number | undefined;
}

export function planRoute(ctx: PlanContext, q: RouteQuery): PlannedRoute {
  return planRoutes(ctx, q)[0]!;
}

/**
 * The candidates that carry the amount, best first, at most RANKED_KEPT (never empty: no candidate is a not-found
 * error). The caller
 * that judges price safety (quote.ts) takes the first one that passes, so a cheaper route needing as many
 * transactions is not hidden behind a better-ranked one the safety rules would refuse.
 */
export function planRoutes(ctx: PlanContext, q: RouteQuery): PlannedRoute[] {
  return planCandidates(ctx, q).map((c) => c.route);
}

/** planRoutes with the figures each candidate was ranked by (for /junction/routes and its explanations). */
export function planCandidates(ctx: PlanContext, q: RouteQuery): Candidate[] {
  const { registry, market, cache, nowMs } = ctx;
  if (q.source.wire.chain_id === q.dest.wire.chain_id && q.source.wire.denom === q.dest.wire.denom) {
    throw invalidArgument('source and destination are the same asset on the same chain: nothing to route');
  }
  const rejected = new Rejections();
  // Fees paid on top and gas are valued at the market's prices of this moment; without a clock they count as zero.
  const pricing = nowMs === undefined ? undefined : { prices: market.prices, nowMs, gas: gasTable() };
  const cached = cache?.shapesFor(market, q);
  const lanes = laneGraph(registry, ctx.bridges);
  const shapes = cached ?? enumerateShapes(registry, market, lanes, q, rejected);
  const simulated = shapes
    .map((shape) => ({ shape, candidate: simulateShape(registry, q, shape, rejected, pricing) }))
    .filter((c): c is { shape: RouteShape; candidate: Candidate } => c.candidate !== undefined);
  if (q.goFast) markClose(simulated.map((c) => c.candidate));
  const ranked = simulated.sort((a, b) => compareCandidates(a.candidate, b.candidate));
  if (ranked.length === 0) {
    // Lanes the request's options closed explain nothing when, with every lane open, no route takes shape either
    // (USDC → a token no pool trades was "refused" because the relayed CCTP form replaces the unrelayed one).
    if (
      shapes.length === 0 &&
      rejected.anyByOptions &&
      !enumerateShapes(registry, market, lanes, q, new Rejections(), true).length
    )
      rejected.dropByOptions();
    // Detours refused for their shape are all that was found: the pair is not joined by any route offered, which is
    // the reason (ATOM → OSMO on Osmosis with only Neutron's venue enabled said only "a route that leaves osmosis-1
    // and comes back to it is not offered", as if a round trip were the user's question).
    const onlyDetours =
      shapes.length === 0 && rejected.refusals.length > 0 && rejected.refusals.every((r) => rejected.isByShape(r));
    const wrapOnly = wrapOnlyReason(q);
    throw noRouteError({
      // A wrap alone explains itself: the round trips the search refused on the way are beside the point.
      reasons: wrapOnly
        ? [{ kind: 'other', text: wrapOnly }]
        : onlyDetours
          ? [
              { kind: 'other', text: `${noRouteFallback(q, false)}, except by detours that are not offered` },
              ...rejected.refusals,
            ]
          : shapeReasonsLast(rejected),
      destChainId: q.dest.wire.chain_id,
      // A candidate refused only for its transaction count proves that a multi-transaction route exists.
      multiTxRefused: !wrapOnly && rejected.multiTxOnly,
      fallback: noRouteFallback(q, shapes.length > 0),
    });
  }
  const kept = ranked.slice(0, RANKED_KEPT);
  // The best route of each smaller transaction count is kept too, after the others: /junction/routes offers the
  // simpler route beside cheaper detours that fill the first places (alternatives.ts).
  let fewest = Math.min(...kept.map((c) => txsRequired(c.candidate.route)));
  for (const c of ranked.slice(RANKED_KEPT)) {
    const txs = txsRequired(c.candidate.route);
    if (txs < fewest) {
      kept.push(c);
      fewest = txs;
    }
  }
  if (!cached)
    cache?.keep(
      market,
      q,
      kept.map((c) => c.shape),
    );
  return kept.map((c) => c.candidate);
}

/**
 * Where a fee, a pool or a lane refused the amount, that is the answer; the round trips the search also refused are
 * said after it (a dust amount of USDC from Noble to Ethereum began with "a route that leaves axelar-dojo-1 and comes
 * back to it is not offered").
 */
function shapeReasonsLast(rejected: Rejections): Refusal[] {
  const shape = rejected.refusals.filter((r) => rejected.isByShape(r));
  return [...rejected.refusals.filter((r) => !rejected.isByShape(r)), ...shape];
}

function nonPreferred(registry: Registry, steps: readonly Step[]): number {
  return steps.filter(
    (s) => s.kind === 'transfer' && !registry.channelEnd(s.hop.fromChainId, s.hop.port, s.hop.channel)?.preferred,
  ).length;
}

/** A shape with the request's amounts, or undefined (with the reason) when a leg cannot carry them. */
function simulateShape(
  registry: Registry,
  q: RouteQuery,
  shape: RouteShape,
  rejected: Rejections,
  pricing: CostPricing | undefined,
): Candidate | undefined {
  const steps =
    q.amount.kind === 'in' ? forwards(registry, q, shape.legs, rejected) : backwards(registry, q, shape.legs, rejected);
  if (!steps) return undefined;
  const tx = stepTxIndices(registry, steps);
  const first = steps[0];
  const route: PlannedRoute = {
    source: q.source,
    dest: q.dest,
    steps,
    txIndices: tx,
    amountIn: first ? first.amountIn : q.amount.value,
    amountOut: steps.length ? steps[steps.length - 1]!.amountOut : q.amount.value,
    amountKind: q.amount.kind,
  };
  if (txsRequired(route) > 1 && !q.allowMultiTx) {
    rejected.multiTxOnly = true;
    rejected.add(multiTxReason(registry, steps, tx));
    return undefined;
  }
  const cost = pricing ? additionalCostInFreeSide(registry, route, pricing) : 0n;
  const net = netAmount(route, cost);
  return {
    route,
    seconds: steps.reduce((s, step) => s + stepSeconds(step), 0),
    nonPreferredHops: nonPreferred(registry, steps),
    net,
    cost,
    score: rankingAmount(route, net, txsRequired(route), signatureWeightInFreeSide(route, pricing)),
  };
}

/** Exact-in: walk the legs from the source with the amount given. */
function forwards(registry: Registry, q: RouteQuery, legs: readonly Leg[], rejected: Rejections): Step[] | undefined {
  const steps: Step[] = [];
  let amount = q.amount.value;
  const feeLeg = lastSwapLeg(legs);
  for (const [i, leg] of legs.entries()) {
    if (leg.kind === 'ibc') {
      // IBC transfers move the amount unchanged.
      for (const hop of leg.hops) steps.push(transferStep(hop, amount));
    } else if (leg.kind === 'lane') {
      const step = laneStep(leg, amount, 'in', rejected);
      if (!step) return undefined;
      steps.push(step);
      amount = step.amountOut;
    } else {
      const fee = ibcFeeAfter(registry, legs, i, rejected);
      if (fee === null) return undefined;
      const step = swapExactIn(q, leg, amount, fee, rejected, i === feeLeg);
      if (!step) return undefined;
      steps.push(step);
      amount = step.amountOut;
    }
  }
  return steps;
}

/** Exact-out: walk the legs back from the destination with the amount asked for, solving each leg's input. */
function backwards(registry: Registry, q: RouteQuery, legs: readonly Leg[], rejected: Rejections): Step[] | undefined {
  const reversed: Step[] = [];
  let amount = q.amount.value;
  const feeLeg = lastSwapLeg(legs);
  for (let i = legs.length - 1; i >= 0; i--) {
    const leg = legs[i]!;
    if (leg.kind === 'ibc') {
      for (let k = leg.hops.length - 1; k >= 0; k--) reversed.push(transferStep(leg.hops[k]!, amount));
    } else if (leg.kind === 'lane') {
      const step = laneStep(leg, amount, 'out', rejected);
      if (!step) return undefined;
      reversed.push(step);
      amount = step.amountIn;
    } else {
      const fee = ibcFeeAfter(registry, legs, i, rejected);
      if (fee === null) return undefined;
      const step = swapExactOut(q, leg, amount, fee, rejected, i === feeLeg);
      if (!step) return undefined;
      reversed.push(step);
      amount = step.amountIn;
    }
  }
  return reversed.reverse();
}

function laneStep(
  leg: Leg & { kind: 'lane' },
  amount: bigint,
  fixed: 'in' | 'out',
  rejected: Rejections,
): BridgeStep | undefined {
  const quote = leg.bridge.quote(leg.lane, amount, fixed);
  if (isRefusal(quote)) {
    rejected.add({
      kind: 'lane',
      bridge: leg.bridge.name,
      from: leg.lane.fromChainId,
      to: leg.lane.toChainId,
      why: quote.refused,
    });
    return undefined;
  }
  return {
    kind: 'bridge',
    bridge: leg.bridge,
    lane: leg.lane,
    amountIn: quote.amountIn,
    amountOut: quote.amountOut,
    fees: quote.fees,
    seconds: quote.seconds,
  };
}

/**
 * The relayer fee of the IBC transfer a swap's post-swap action sends (Neutron's feerefunder), paid out of the swap
 * input: undefined when nothing follows the swap by IBC or the chain charges nothing, null (with the reason) when the
 * venue cannot pay it.
 */
function ibcFeeAfter(
  registry: Registry,
  legs: readonly Leg[],
  i: number,
  rejected: Rejections,
): IbcFeePayment | undefined | null {
  const next = legs[i + 1];
  const leg = legs[i] as Leg & { kind: 'swap' };
  if (!next || next.kind !== 'ibc') return undefined;
  // The post-swap action sends an IBC hop, or a lane whose message is one ICS-20 transfer (transactions.ts).
  const lane = legs[i + 2];
  const sendsLane = lane?.kind === 'lane' && sentByPostSwap(lane.bridge, lane.lane, leg.venue.venue.chainId);
  if (next.hops.length === 0 && !sendsLane) return undefined;
  const fee = postSwapIbcFee(registry, leg.venue, leg.x);
  if (typeof fee === 'string') {
    rejected.add(fee);
    return null;
  }
  return fee;
}

function swapStep(
  leg: Leg & { kind: 'swap' },
  exact: 'in' | 'out',
  routes: SwapStep['routes'],
  swapIn: bigint,
  grossOut: bigint,
  fee: bigint,
  ibcFee: IbcFeePayment | undefined,
): SwapStep {
  return {
    kind: 'swap',
    venue: leg.venue.venue,
    chainId: leg.venue.venue.chainId,
    // An EVM swap of the native token wraps it before the pools and unwraps after them (search.ts).
    denomIn: leg.wrapIn ?? leg.x,
    denomOut: leg.unwrapOut ?? leg.y,
    exact,
    routes,
    amountIn: swapIn,
    amountOut: grossOut - fee,
    grossOut,
    affiliateFee: fee,
    priceImpact: priceImpactPercent(
      routes.map((r) => ({ hops: r.path, amountIn: r.amountIn, amountOut: r.amountOut })),
    ),
    ...(ibcFee ? { ibcFee } : {}),
  };
}

function swapExactIn(
  q: RouteQuery,
  leg: Leg & { kind: 'swap' },
  amount: bigint,
  ibcFee: IbcFeePayment | undefined,
  rejected: Rejections,
  takesFee: boolean,
): SwapStep | undefined {
  const feeCost = ibcFee?.inputCost ?? 0n;
  const swapped = amount - feeCost;
  const best = swapped > 0n ? bestExactIn(leg.paths, swapped) : undefined;
  const split =
    q.splitRoutes && swapped > 0n ? bestSplit(leg.splitPaths ?? leg.paths, swapped, best?.amountOut ?? 0n) : undefined;
  if (!best && !split) {
    rejected.add(
      `the pools of ${leg.venue.venue.name} cannot absorb ${amount} ${leg.x}${feeCost > 0n ? ` less the IBC relayer fee (${feeCost})` : ''}`,
    );
    return undefined;
  }
  const routes = split ?? [best!];
  const grossOut = routes.reduce((sum, r) => sum + r.amountOut, 0n);
  const bps = takesFee ? q.cumulativeAffiliateFeeBps : 0;
  return swapStep(leg, 'in', routes, amount, grossOut, affiliateFeeOf(grossOut, bps), ibcFee);
}

function swapExactOut(
  q: RouteQuery,
  leg: Leg & { kind: 'swap' },
  net: bigint,
  ibcFee: IbcFeePayment | undefined,
  rejected: Rejections,
  takesFee: boolean,
): SwapStep | undefined {
  const bps = takesFee ? q.cumulativeAffiliateFeeBps : 0;
  // The caller fixes the net output. The Cosmos entry point swaps for it plus the affiliate fees computed on it; an
  // EVM router takes its fee from the gross it receives, so the swap must give the least gross that leaves `net`.
  const gross = isEvmVenue(leg.venue) ? evmGrossForNet(net, bps) : net + exactOutAffiliateFee(net, bps);
  if (gross === undefined) {
    rejected.add(`an affiliate fee of ${bps} bps on ${leg.venue.venue.name} leaves nothing of the output`);
    return undefined;
  }
  const best = bestExactOut(leg.paths, gross);
  if (!best) {
    rejected.add(`the pools of ${leg.venue.venue.name} cannot deliver ${gross} ${leg.y}`);
    return undefined;
  }
  return swapStep(leg, 'out', [best], best.amountIn + (ibcFee?.inputCost ?? 0n), best.amountOut, gross - net, ibcFee);
}

/**
 * Skip's rule (docs.skip.build/go/general/affiliate-fees): affiliate fees are collected on the chain where the
 * route's last swap takes place, in that swap's output, whether the swap runs on a Cosmos entry point or an EVM
 * router (affiliate-fee.ts); every earlier swap takes none. -1 when the route has no swap.
 */
function lastSwapLeg(legs: readonly Leg[]): number {
  return legs.findLastIndex((l) => l.kind === 'swap');
}

function multiTxReason(registry: Registry, steps: readonly Step[], tx: readonly number[]): Refusal {
  const breaks: string[] = [];
  for (let i = 1; i < steps.length; i++) {
    if (tx[i] === tx[i - 1]) continue;
    const step = steps[i]!;
    const prev = steps[i - 1]!;
    const at = stepFrom(step);
    if (prev.kind === 'bridge' && step.kind === 'swap' && isEvmSwapStep(step))
      breaks.push(evmSwapOnArrivalReason(prev.lane.bridge, at));
    else if (prev.kind === 'bridge')
      breaks.push(`${prev.lane.bridge} delivers on ${at}, where the funds wait for a new transaction`);
    else if (step.kind === 'bridge')
      breaks.push(`the ${step.lane.bridge} transfer from ${at} needs a transaction of its own`);
    else if (step.kind === 'swap' && forwardedWithoutMemo(steps, i - 1))
      // A forwarding account sends its IBC transfer with an empty memo: nothing can ride on to the swap.
      breaks.push(`the transfer forwarded into ${at} carries no memo to run the swap on arrival`);
    else if (step.kind === 'swap')
      breaks.push(`${at} cannot run the swap on arrival (no IBC hooks or entry-point contract)`);
    else if (forwardsFrom(registry, at)) breaks.push(`${stepFrom(prev)} cannot carry a forwarding memo`);
    else breaks.push(`${at} does not forward packets (no packet-forward middleware)`);
  }
  return { kind: 'multi_tx', txs: (tx[tx.length - 1] ?? 0) + 1, why: [...new Set(breaks)].join(' and ') };
}

/** Whether the IBC transfer at `i` is sent on by a lane that forwards by IBC (a Noble forwarding account). */
function forwardedWithoutMemo(steps: readonly Step[], i: number): boolean {
  const transfer = steps[i];
  const lane = steps[i - 1];
  return transfer?.kind === 'transfer' && lane?.kind === 'bridge' && lane.bridge.forwardsByIbc === true;
}

/** Junction's explanation when the search kept no candidate and collected no more specific reason. */
function noRouteFallback(q: RouteQuery, hadShapes: boolean): string {
  const src = `${q.source.wire.denom} on ${q.source.wire.chain_id}`;
  const dst = `${q.dest.wire.denom} on ${q.dest.wire.chain_id}`;
  const sameOrigin =
    q.source.wire.origin_chain_id === q.dest.wire.origin_chain_id &&
    q.source.wire.origin_denom === q.dest.wire.origin_denom;
  if (hadShapes) return `no candidate route from ${src} to ${dst} carries the amount`;
  if (sameOrigin) return `no IBC channel path joins ${src} and ${dst}`;
  if (!q.allowSwaps)
    return `${src} and ${dst} are different assets, no bridge lane joins them and swaps are disabled (allow_swaps is false)`;
  return `no bridge lane or enabled swap venue connects ${q.source.wire.origin_denom} (from ${q.source.wire.origin_chain_id}) to ${q.dest.wire.origin_denom} (from ${q.dest.wire.origin_chain_id})${evmSwapsOffHint(q)}`;
}

/**
 * Better first: more delivered (or less spent) after fees paid on top, gas and the weight of extra signatures, then
 * after fees and gas alone, then by the plain amounts.
 */
function compareAmounts(a: Candidate, b: Candidate): number {
  if (a.score !== b.score) {
    const better = a.route.amountKind === 'in' ? a.score > b.score : a.score < b.score;
    return better ? -1 : 1;
  }
  if (a.net !== b.net) {
    const better = a.route.amountKind === 'in' ? a.net > b.net : a.net < b.net;
    return better ? -1 : 1;
  }
  if (a.route.amountOut !== b.route.amountOut) return a.route.amountOut > b.route.amountOut ? -1 : 1;
  if (a.route.amountIn !== b.route.amountIn) return a.route.amountIn < b.route.amountIn ? -1 : 1;
  return 0;
}

/**
 * Better first: what the user gets after every cost (fees on top and gas included: an extra transaction costs its
 * gas), then fewer signatures, then the faster. go_fast puts close routes first and ranks them by time.
 */
function compareCandidates(a: Candidate, b: Candidate): number {
  // go_fast: close routes first, and among them the faster (see FAST_PREFERENCE_BPS).
  if (a.close !== b.close) return a.close ? -1 : 1;
  if (a.close && a.seconds !== b.seconds) return a.seconds - b.seconds;
  return (
    compareAmounts(a, b) ||
    txsRequired(a.route) - txsRequired(b.route) ||
    a.seconds - b.seconds ||
    a.route.steps.length - b.route.steps.length ||
    a.nonPreferredHops - b.nonPreferredHops
  );
}
