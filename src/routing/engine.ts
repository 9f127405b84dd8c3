/**
 * Route search. Pure: (registry, market, query) → the best PlannedRoute, or a code-3 error that says why there is none.
 *
 * Candidates:
 * - an IBC transfer path between two holdings of the same origin asset (computed from the traces, transfer-path.ts);
 * - transfer(s) to a venue chain → a swap over up to three pools → transfer(s) to the destination, for every venue
 *   whose pools hold the source's and the destination's origin assets.
 * Ranking: fewest transactions, then best amount (most out / least in), then fewest steps, then preferred channels.
 * Deterministic for equal inputs.
 */
import { invalidArgument } from '../errors.js';
import { ceilDiv } from '../venues/math/fixed.js';
import { priceImpactPercent } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import type { RegistryAsset } from '../registry/types.js';
import type { MarketView } from './market.js';
import { holding } from './reachability.js';
import { bestExactIn, bestExactOut } from './swap.js';
import { bestSplit } from './split.js';
import { originKeyOf, type VenueIndex } from './swap-index.js';
import { forwardsFrom, stepTxIndices } from './transactions.js';
import { pathFrom, pathTo, transferPath, type TransferHop } from './transfer-path.js';
import { stepFrom, transferStep, txsRequired, type PlannedRoute, type PoolHop, type RouteQuery, type Step, type SwapStep } from './types.js';

interface Candidate {
  route: PlannedRoute;
  /** Hops over channels the registry does not mark preferred (tie-breaker). */
  nonPreferredHops: number;
}

/** A candidate's structure without amounts: what the route cache keeps and re-simulates per request. */
export type RouteShape =
  | { kind: 'transfer'; hops: TransferHop[] }
  | { kind: 'swap'; venue: VenueIndex; x: string; y: string; pre: TransferHop[]; post: TransferHop[]; paths: readonly PoolHop[][] };

/** Optional memo of ranked shapes (route-cache.ts); the engine stays correct without it. */
export interface ShapeCache {
  get(market: MarketView, q: RouteQuery): readonly RouteShape[] | undefined;
  set(market: MarketView, q: RouteQuery, ranked: readonly RouteShape[]): void;
}

/** Shapes kept per cache entry: enough to absorb a different amount re-ranking them. */
const CACHED_SHAPES = 4;

export function planRoute(registry: Registry, market: MarketView, q: RouteQuery, cache?: ShapeCache): PlannedRoute {
  if (q.source.wire.chain_id === q.dest.wire.chain_id && q.source.wire.denom === q.dest.wire.denom) {
    throw invalidArgument('source and destination are the same asset on the same chain: nothing to route');
  }
  const rejected: string[] = [];
  const cached = cache?.get(market, q);
  const shapes = cached ?? enumerateShapes(registry, market, q, rejected);
  const ranked = shapes
    .map((shape) => ({ shape, candidate: simulateShape(registry, q, shape, rejected) }))
    .filter((c): c is { shape: RouteShape; candidate: Candidate } => c.candidate !== undefined)
    .sort((a, b) => compareCandidates(a.candidate, b.candidate));
  if (ranked.length === 0) {
    const sameOrigin = originOf(q.source) === originOf(q.dest);
    throw invalidArgument(noRouteMessage(q, rejected, sameOrigin));
  }
  if (!cached) cache?.set(market, q, ranked.slice(0, CACHED_SHAPES).map((c) => c.shape));
  return ranked[0]!.candidate.route;
}

const originOf = (a: RegistryAsset) => originKeyOf(a.wire.origin_chain_id, a.wire.origin_denom);

function nonPreferred(registry: Registry, steps: readonly Step[]): number {
  return steps.filter((s) => s.kind === 'transfer' && !registry.channelEnd(s.hop.fromChainId, s.hop.port, s.hop.channel)?.preferred).length;
}

/** Every structurally possible route, before amounts. */
function enumerateShapes(registry: Registry, market: MarketView, q: RouteQuery, rejected: string[]): RouteShape[] {
  if (originOf(q.source) === originOf(q.dest)) {
    const hops = transferPath(registry, holding(q.source), holding(q.dest));
    if (!hops) return [];
    if (q.bridges && !q.bridges.has('IBC')) {
      rejected.push('the transfer needs the IBC bridge, which the request excludes (bridges)');
      return [];
    }
    return [{ kind: 'transfer', hops }];
  }
  if (!q.allowSwaps) {
    rejected.push('the assets differ and swaps are disabled (allow_swaps is false)');
    return [];
  }
  return swapShapes(registry, market, q, rejected);
}

function simulateShape(registry: Registry, q: RouteQuery, shape: RouteShape, rejected: string[]): Candidate | undefined {
  return shape.kind === 'transfer' ? transferCandidate(registry, q, shape.hops, rejected) : simulateSwapRoute(registry, q, shape, rejected);
}

/** A candidate from its steps and end amounts, or undefined (with the reason) when it needs refused transactions. */
function candidateOf(registry: Registry, q: RouteQuery, steps: Step[], amountIn: bigint, amountOut: bigint, rejected: string[]): Candidate | undefined {
  const tx = stepTxIndices(registry, steps);
  const route: PlannedRoute = { source: q.source, dest: q.dest, steps, txIndices: tx, amountIn, amountOut, amountKind: q.amount.kind };
  if (txsRequired(route) > 1 && !q.allowMultiTx) {
    rejected.push(multiTxReason(registry, steps, tx));
    return undefined;
  }
  return { route, nonPreferredHops: nonPreferred(registry, steps) };
}

function transferCandidate(registry: Registry, q: RouteQuery, hops: TransferHop[], rejected: string[]): Candidate | undefined {
  // IBC transfers move the amount unchanged: exact-in and exact-out coincide.
  const amount = q.amount.value;
  return candidateOf(registry, q, hops.map((hop) => transferStep(hop, amount)), amount, amount, rejected);
}

function venueAllowed(q: RouteQuery, v: VenueIndex): boolean {
  return !q.swapVenues || q.swapVenues.some((s) => s.name === v.venue.name && s.chain_id === v.venue.chainId);
}

function swapShapes(registry: Registry, market: MarketView, q: RouteQuery, rejected: string[]): RouteShape[] {
  const out: RouteShape[] = [];
  const ibcAllowed = !q.bridges || q.bridges.has('IBC');
  let sawVenuePair = false;
  for (const venue of market.venues) {
    if (!venueAllowed(q, venue)) continue;
    const chainId = venue.venue.chainId;
    if (!registry.chain(chainId)?.entryPoint) continue; // swaps execute through the chain's entry-point contract
    for (const x of venue.denomsOfOrigin(originOf(q.source))) {
      const pre = pathTo(registry, holding(q.source), chainId, x);
      if (!pre) continue;
      for (const y of venue.denomsOfOrigin(originOf(q.dest))) {
        const post = pathFrom(registry, chainId, y, holding(q.dest));
        if (!post || x === y) continue;
        const paths = venue.candidatePaths(x, y);
        if (paths.length === 0) continue;
        sawVenuePair = true;
        if (!ibcAllowed && pre.length + post.length > 0) {
          rejected.push(`a swap on ${venue.venue.name} needs IBC transfers, which the request excludes (bridges)`);
          continue;
        }
        out.push({ kind: 'swap', venue, x, y, pre, post, paths });
      }
    }
  }
  if (!sawVenuePair && market.venues.length > 0) {
    rejected.push(
      `no enabled swap venue trades ${q.source.wire.origin_denom} (from ${q.source.wire.origin_chain_id}) against ${q.dest.wire.origin_denom} (from ${q.dest.wire.origin_chain_id})`,
    );
  }
  return out;
}

/** Affiliate fee estimate on a swap output: cumulative bps of the gross output (exact fees come with /msgs). */
export function affiliateFeeOf(grossOut: bigint, bps: number): bigint {
  return (grossOut * BigInt(bps)) / 10_000n;
}

/** The gross swap output that leaves at least `net` after affiliateFeeOf. */
export function grossForNet(net: bigint, bps: number): bigint {
  return bps === 0 ? net : ceilDiv(net * 10_000n, 10_000n - BigInt(bps));
}

function simulateSwapRoute(registry: Registry, q: RouteQuery, shape: RouteShape & { kind: 'swap' }, rejected: string[]): Candidate | undefined {
  const { venue, x, y, pre, post, paths } = shape;
  const bps = q.cumulativeAffiliateFeeBps;
  let swapIn: bigint;
  let grossOut: bigint;
  let routes;
  if (q.amount.kind === 'in') {
    const best = bestExactIn(paths, q.amount.value);
    const split = q.splitRoutes ? bestSplit(paths, q.amount.value, best?.amountOut ?? 0n) : undefined;
    if (!best && !split) {
      rejected.push(`the pools of ${venue.venue.name} cannot absorb ${q.amount.value} ${x}`);
      return undefined;
    }
    routes = split ?? [best!];
    swapIn = q.amount.value;
    grossOut = routes.reduce((sum, r) => sum + r.amountOut, 0n);
  } else {
    // The caller fixes the net output: solve for the gross output that leaves it after affiliate fees.
    const gross = grossForNet(q.amount.value, bps);
    const best = bestExactOut(paths, gross);
    if (!best) {
      rejected.push(`the pools of ${venue.venue.name} cannot deliver ${gross} ${y}`);
      return undefined;
    }
    ({ amountIn: swapIn, amountOut: grossOut } = best);
    routes = [best];
  }
  const fee = affiliateFeeOf(grossOut, bps);
  const net = grossOut - fee;
  const swap: SwapStep = {
    kind: 'swap',
    venue: venue.venue,
    chainId: venue.venue.chainId,
    denomIn: x,
    denomOut: y,
    exact: q.amount.kind,
    routes,
    amountIn: swapIn,
    amountOut: net,
    grossOut,
    affiliateFee: fee,
    priceImpact: priceImpactPercent(routes.map((r) => ({ hops: r.path, amountIn: r.amountIn, amountOut: r.amountOut }))),
  };
  const steps: Step[] = [...pre.map((h) => transferStep(h, swapIn)), swap, ...post.map((h) => transferStep(h, net))];
  return candidateOf(registry, q, steps, swapIn, net, rejected);
}


function multiTxReason(registry: Registry, steps: readonly Step[], tx: readonly number[]): string {
  const breaks: string[] = [];
  for (let i = 1; i < steps.length; i++) {
    if (tx[i] === tx[i - 1]) continue;
    const step = steps[i]!;
    const at = stepFrom(step);
    if (step.kind === 'swap') breaks.push(`${at} cannot run the swap on arrival (no IBC hooks or entry-point contract)`);
    else if (forwardsFrom(registry, at)) breaks.push(`${stepFrom(steps[i - 1]!)} cannot carry a forwarding memo`);
    else breaks.push(`${at} does not forward packets (no packet-forward middleware)`);
  }
  return `the route needs ${(tx[tx.length - 1] ?? 0) + 1} transactions because ${breaks.join(' and ')}; set allow_multi_tx to true to accept it`;
}

function noRouteMessage(q: RouteQuery, rejected: string[], sameOrigin: boolean): string {
  const src = `${q.source.wire.denom} on ${q.source.wire.chain_id}`;
  const dst = `${q.dest.wire.denom} on ${q.dest.wire.chain_id}`;
  if (rejected.length > 0) return `no route from ${src} to ${dst}: ${[...new Set(rejected)].join('; ')}`;
  if (sameOrigin) return `no route from ${src} to ${dst}: no IBC channel path joins them`;
  return `no route from ${src} to ${dst}: they are different assets (origins ${q.source.wire.origin_denom} on ${q.source.wire.origin_chain_id} and ${q.dest.wire.origin_denom} on ${q.dest.wire.origin_chain_id}) and no swap route connects them`;
}

function compareAmounts(a: PlannedRoute, b: PlannedRoute): number {
  if (a.amountOut !== b.amountOut) return a.amountOut > b.amountOut ? -1 : 1;
  if (a.amountIn !== b.amountIn) return a.amountIn < b.amountIn ? -1 : 1;
  return 0;
}

function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    txsRequired(a.route) - txsRequired(b.route) ||
    compareAmounts(a.route, b.route) ||
    a.route.steps.length - b.route.steps.length ||
    a.nonPreferredHops - b.nonPreferredHops
  );
}
