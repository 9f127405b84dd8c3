/**
 * Route shapes: bounded paths through the graph of holdings, before amounts.
 *
 * A node is a holding (an asset on a chain). Edges come from the plug-ins:
 * - IBC: the computed same-origin transfer path between two holdings of one origin asset (transfer-path.ts);
 * - lane bridges: listed lanes between two fixed holdings (lane-graph.ts);
 * - swap venues: a swap between two denoms of one venue's pools, over up to three pools (swap-index.ts);
 * - EVM swap venues (with smart_swap_options.evm_swaps): a swap on an EVM chain, at most one per chain, before a lane
 *   that leaves the chain or after one that arrives there; the chain's native token swaps as its wrapped token.
 * A shape alternates IBC paths with lanes and swaps: IBC → (lane | swap) → IBC → ... → IBC, the IBC paths possibly
 * empty. The search is a depth-first walk from the source holding, bounded by MAX_LANES bridge crossings and
 * MAX_SWAPS swaps (so at most MAX_LANES + MAX_SWAPS + 1 IBC paths), that only takes a lane or a swap when the
 * destination's origin can still be reached within the bounds that remain. It visits lanes, venues and denoms in a
 * fixed order, so equal inputs give equal shapes in equal order. A lane that exists only to carry the step after it
 * (an Axelar GMP call) is kept only in shapes where a step follows it. It reads no amounts: its result depends on the
 * registry, the market view and the query's options only, and the route cache keeps it. Solana is never a chain a
 * route passes through (svm-ends.ts).
 */
import type { Lane, LaneBridge } from '../bridges/types.js';
import type { Registry } from '../registry/registry.js';
import { shapeRefusal } from './shape-rules.js';
import { svmMidRouteRefusal } from './svm-ends.js';
import type { MarketView } from './market.js';
import { originOfAsset, type LaneEdge, type LaneGraph } from './lane-graph.js';
import type { OriginKey, VenueIndex } from './swap-index.js';
import { holding, traceOfDenom, transferPath, type Holding, type TransferHop } from './transfer-path.js';
import type { PoolHop, RouteQuery } from './types.js';
import { routerExecutes } from '../venues/uniswap/router-calldata.js';
import { evmPoolExecutes } from './evm-swap-call.js';
import { evmOutputs, evmSidesOfOrigin, isEvmVenue } from './evm-venues.js';
import type { Rejections } from './refusals.js';

/** Bridge crossings other than IBC per route. */
export const MAX_LANES = 2;
/** Swaps per route (each over up to three pools of one venue). */
const MAX_SWAPS = 1;
/**
 * Swaps on EVM chains per route, at most one per chain: one on the source chain before the first lane and one on the
 * destination chain after the last (or one on a chain a lane passes through), on top of the MAX_SWAPS Cosmos swap.
 */
const MAX_EVM_SWAPS = 2;
/** Shapes kept per search: far more than any real pair has; a bound on work, not a ranking. */
const MAX_SHAPES = 256;

export type Leg =
  | { kind: 'ibc'; hops: TransferHop[] }
  | { kind: 'lane'; bridge: LaneBridge; lane: Lane }
  | {
      kind: 'swap';
      venue: VenueIndex;
      /** Pool denoms the paths trade from and to. */
      x: string;
      y: string;
      paths: readonly PoolHop[][];
      /** The paths that may share a split, when not all of them (EVM: SkipGoSwapRouter takes one path). */
      splitPaths?: readonly PoolHop[][];
      /** EVM only: the native denom the user gives (wrapped into x) or receives (unwrapped from y). */
      wrapIn?: string;
      unwrapOut?: string;
    };

/** A candidate route's structure without amounts: what the route cache keeps and re-simulates per request. */
export interface RouteShape {
  legs: Leg[];
}

interface Position {
  chainId: string;
  denom: string;
  at: Holding;
  origin: OriginKey;
}

interface Walk {
  registry: Registry;
  market: MarketView;
  lanes: LaneGraph;
  q: RouteQuery;
  rejected: Rejections;
  dest: Holding;
  destOrigin: OriginKey;
  out: RouteShape[];
  venues: readonly VenueIndex[];
  /** EVM swap venues the request allows (smart_swap_options.evm_swaps), each usable once. */
  evmVenues: readonly VenueIndex[];
  /** The origins that end a route: the destination's, and those an EVM swap on its chain turns into it. */
  goals: ReadonlySet<OriginKey>;
  reachMemo: Map<number, Set<OriginKey>>;
  /** Walks as if the request allowed every bridge and lane form (see Rejections.byOptions). */
  ignoreOptions: boolean;
}

const bridgeAllowed = (w: Walk, id: LaneBridge['id']) => w.ignoreOptions || !w.q.bridges || w.q.bridges.has(id);

export function enumerateShapes(
  registry: Registry,
  market: MarketView,
  lanes: LaneGraph,
  q: RouteQuery,
  rejected: Rejections,
  ignoreOptions = false,
): RouteShape[] {
  const usable = q.allowSwaps ? market.venues.filter((v) => venueAllowed(q, v)) : [];
  const evmVenues = q.evmSwaps ? usable.filter(isEvmVenue) : [];
  const destOrigin = originOfAsset(q.dest);
  const w: Walk = {
    registry,
    market,
    lanes,
    q,
    rejected,
    dest: holding(q.dest),
    destOrigin,
    out: [],
    venues: usable.filter((v) => !isEvmVenue(v) && registry.chain(v.venue.chainId)?.entryPoint !== undefined),
    evmVenues,
    goals: goalOrigins(q, destOrigin, evmVenues),
    reachMemo: new Map(),
    ignoreOptions,
  };
  const start: Position = {
    chainId: q.source.wire.chain_id,
    denom: q.source.wire.denom,
    at: holding(q.source),
    origin: originOfAsset(q.source),
  };
  walk(w, start, [], 0, 0, new Set([start.origin]), new Set());
  return w.out;
}

/** The destination's origin, plus every origin the destination chain's EVM venue can swap into the destination. */
function goalOrigins(q: RouteQuery, destOrigin: OriginKey, evmVenues: readonly VenueIndex[]): Set<OriginKey> {
  const goals = new Set([destOrigin]);
  const venue = evmVenues.find((v) => v.venue.chainId === q.dest.wire.chain_id);
  if (!venue) return goals;
  const into = evmSidesOfOrigin(venue, destOrigin);
  for (const side of evmOutputs(venue)) {
    if (into.some((d) => d.poolDenom !== side.poolDenom && venue.candidatePaths(side.poolDenom, d.poolDenom).length))
      goals.add(side.origin);
  }
  return goals;
}

function venueAllowed(q: RouteQuery, v: VenueIndex): boolean {
  return !q.swapVenues || q.swapVenues.some((s) => s.name === v.venue.name && s.chain_id === v.venue.chainId);
}

/** IBC hops from a position to a holding, or undefined; refused (with the reason) when IBC is excluded. */
function ibcLeg(w: Walk, from: Holding, to: Holding, what: string): Leg | undefined {
  const hops = transferPath(w.registry, from, to);
  if (!hops) return undefined;
  if (hops.length > 0 && !bridgeAllowed(w, 'IBC')) {
    w.rejected.addByOptions(`${what} needs IBC transfers, which the request excludes (bridges)`);
    return undefined;
  }
  return { kind: 'ibc', hops };
}

/** Origins from which a goal (the destination, or an EVM swap into it) is reachable over `lanesLeft` lanes. */
function reaching(w: Walk, lanesLeft: number): Set<OriginKey> {
  let s = w.reachMemo.get(lanesLeft);
  if (!s) {
    const graph = w.lanes;
    s = new Set();
    for (const g of w.goals) for (const o of graph.originsReaching(g, lanesLeft)) s.add(o);
    w.reachMemo.set(lanesLeft, s);
  }
  return s;
}

/** Chains an EVM swap of the route already ran on (at most one swap per chain, MAX_EVM_SWAPS in all). */
type EvmUsed = ReadonlySet<string>;

function walk(
  w: Walk,
  p: Position,
  legs: Leg[],
  lanes: number,
  swaps: number,
  visited: Set<OriginKey>,
  evm: EvmUsed,
): void {
  if (w.out.length >= MAX_SHAPES) return;
  if (p.origin === w.destOrigin) {
    const last = ibcLeg(w, p.at, w.dest, 'the transfer');
    if (last) {
      const shape = [...legs, last];
      const refused =
        shapeRefusal(w.registry, w.q.source.wire.chain_id, shape) ??
        svmMidRouteRefusal(w.registry, w.q.source.wire.chain_id, shape);
      if (refused) w.rejected.addByShape(refused);
      else if (lanesCarryWhatTheyMust(shape)) w.out.push({ legs: shape });
      return; // leaving the destination's origin again could only come back to it with more steps
    }
    if (lanes === 0 && swaps === 0) w.rejected.add('no IBC channel path joins them');
  }
  if (swaps < MAX_SWAPS) swapFrom(w, p, legs, lanes, swaps, visited, evm);
  if (evm.size < MAX_EVM_SWAPS) evmSwapFrom(w, p, legs, lanes, swaps, visited, evm);
  if (lanes < MAX_LANES) lanesFrom(w, p, legs, lanes, swaps, visited, evm);
}

/**
 * A swap on the EVM chain the funds are on (EVM chains have no IBC: the holding must be a pool token, or the native
 * token, of that chain), into any token of the venue that still leads to the destination.
 */
function evmSwapFrom(
  w: Walk,
  p: Position,
  legs: Leg[],
  lanes: number,
  swaps: number,
  visited: Set<OriginKey>,
  evm: EvmUsed,
): void {
  const venue = w.evmVenues.find((v) => v.venue.chainId === p.chainId);
  if (!venue || evm.has(p.chainId)) return;
  const after = new Set([...evm, p.chainId]);
  for (const from of evmSidesOfOrigin(venue, p.origin)) {
    if (from.denom !== p.denom) continue;
    for (const to of evmOutputs(venue)) {
      if (to.poolDenom === from.poolDenom || visited.has(to.origin)) continue;
      if (
        to.origin !== w.destOrigin &&
        !promising(w, to.origin, MAX_LANES - lanes, MAX_SWAPS - swaps, after) &&
        !swapsAfterLanes(w, to.origin, MAX_LANES - lanes, MAX_SWAPS - swaps)
      )
        continue;
      // Only paths a router Junction encodes executes: SwapRouter02 Uniswap's own pools, SkipGoSwapRouter one path
      // of the pools its adapters take (Slipstream's where its VELODROME adapter is deployed), not PancakeSwap's.
      const paths = venue
        .candidatePaths(from.poolDenom, to.poolDenom)
        .filter((path) => path.every((h) => evmPoolExecutes(p.chainId, h.pool)));
      if (paths.length === 0) continue;
      // A split runs several paths in one SwapRouter02 call: only paths of its pools combine.
      const splitPaths = paths.filter((path) => path.every((h) => routerExecutes(p.chainId, h.pool)));
      const swap: Leg = {
        kind: 'swap',
        venue,
        x: from.poolDenom,
        y: to.poolDenom,
        paths,
        ...(splitPaths.length < paths.length ? { splitPaths } : {}),
        ...(from.denom !== from.poolDenom ? { wrapIn: from.denom } : {}),
        ...(to.denom !== to.poolDenom ? { unwrapOut: to.denom } : {}),
      };
      const next: Position = {
        chainId: p.chainId,
        denom: to.denom,
        at: { chainId: p.chainId, hops: [], baseDenom: to.denom },
        origin: to.origin,
      };
      walk(w, next, [...legs, { kind: 'ibc', hops: [] }, swap], lanes, swaps, new Set([...visited, to.origin]), after);
    }
  }
}

function swapFrom(
  w: Walk,
  p: Position,
  legs: Leg[],
  lanes: number,
  swaps: number,
  visited: Set<OriginKey>,
  evm: EvmUsed,
): void {
  const targets = reaching(w, MAX_LANES - lanes);
  for (const venue of w.venues) {
    const chainId = venue.venue.chainId;
    for (const x of venue.denomsOfOrigin(p.origin)) {
      const xTrace = traceOfDenom(w.registry, chainId, x);
      if (!xTrace) continue;
      for (const target of targets) {
        if (visited.has(target)) continue;
        for (const y of venue.denomsOfOrigin(target)) {
          if (y === x) continue;
          const paths = venue.candidatePaths(x, y);
          if (paths.length === 0) continue;
          const yTrace = traceOfDenom(w.registry, chainId, y);
          if (!yTrace) continue;
          const pre = ibcLeg(w, p.at, { chainId, ...xTrace }, `a swap on ${venue.venue.name}`);
          if (!pre) continue;
          const swap: Leg = { kind: 'swap', venue, x, y, paths };
          const next: Position = { chainId, denom: y, at: { chainId, ...yTrace }, origin: target };
          walk(w, next, [...legs, pre, swap], lanes, swaps + 1, new Set([...visited, target]), evm);
        }
      }
    }
  }
}

/** The origins an EVM venue trades (the native one included), memoised per venue index (one per market view). */
const evmOrigins = new WeakMap<VenueIndex, Set<OriginKey>>();
function evmOriginsOf(v: VenueIndex): Set<OriginKey> {
  let s = evmOrigins.get(v);
  if (!s) evmOrigins.set(v, (s = new Set(evmOutputs(v).map((o) => o.origin))));
  return s;
}

/**
 * Whether an EVM swap's output can still reach a Cosmos swap over the lanes left: the swap on the source chain feeds a
 * bridge whose arrival is swapped into the destination (ETH on Base → USDC → Go Fast to Osmosis → OSMO), which the
 * one-step test of `promising` does not see. Checked for EVM swap outputs only (a handful per chain), by a walk over
 * the lanes bounded like the search.
 */
function swapsAfterLanes(w: Walk, origin: OriginKey, lanesLeft: number, swapsLeft: number): boolean {
  if (swapsLeft <= 0 || lanesLeft <= 0) return false;
  return w.lanes.leadsTo(origin, lanesLeft, (o) => w.venues.some((v) => v.denomsOfOrigin(o).length > 0));
}

/** Whether an origin can still lead to the destination: over the lanes left, or through a swap first. */
function promising(w: Walk, origin: OriginKey, lanesLeft: number, swapsLeft: number, evm: EvmUsed): boolean {
  if (reaching(w, lanesLeft).has(origin)) return true;
  if (swapsLeft > 0 && w.venues.some((v) => v.denomsOfOrigin(origin).length > 0)) return true;
  return evm.size < MAX_EVM_SWAPS && w.evmVenues.some((v) => !evm.has(v.venue.chainId) && evmOriginsOf(v).has(origin));
}

function lanesFrom(
  w: Walk,
  p: Position,
  legs: Leg[],
  lanes: number,
  swaps: number,
  visited: Set<OriginKey>,
  evm: EvmUsed,
): void {
  for (const edge of w.lanes.from(p.origin)) {
    // A lane may stay within one origin asset (IBC Eureka moves WBTC of Ethereum to its Hub voucher): it is not a
    // return to a visited origin, and MAX_LANES bounds it like any lane.
    const revisits = visited.has(edge.toOrigin) && edge.toOrigin !== edge.fromOrigin;
    if (revisits || !promising(w, edge.toOrigin, MAX_LANES - lanes - 1, MAX_SWAPS - swaps, evm)) continue;
    // A route never passes through an SVM chain (svm-ends.ts): the options closing a lane onto one that is not the
    // destination close no route, and are no reason to give (USDC Noble → Osmosis with bridges [CCTP] was answered
    // "smart_relay: nobody mints CCTP transfers on solana").
    const quiet = ontoSvmMidRoute(w, edge);
    if (!bridgeAllowed(w, edge.bridge.id)) {
      if (!quiet)
        w.rejected.addByOptions(`the route needs the ${edge.bridge.name} bridge, which the request excludes (bridges)`);
      continue;
    }
    const closed = w.ignoreOptions ? undefined : edge.bridge.eligible?.(edge.lane, w.q);
    if (closed) {
      // A lane whose twin carries the transfer instead closes no route: it is not a reason to give.
      if (!closed.twinOpen && !quiet) w.rejected.addByOptions(closed.why);
      continue;
    }
    const pre = ibcLeg(w, p.at, holding(edge.from), `the ${edge.bridge.name} transfer`);
    if (!pre) continue;
    walk(
      w,
      positionAfter(edge),
      [...legs, pre, { kind: 'lane', bridge: edge.bridge, lane: edge.lane }],
      lanes + 1,
      swaps,
      new Set([...visited, edge.toOrigin]),
      evm,
    );
  }
}

/** Whether a lane arrives on an SVM chain the route would only pass through (not the destination). */
function ontoSvmMidRoute(w: Walk, edge: LaneEdge): boolean {
  const to = edge.lane.toChainId;
  return to !== w.q.dest.wire.chain_id && w.registry.chain(to)?.wire.chain_type === 'svm';
}

function positionAfter(edge: LaneEdge): Position {
  return { chainId: edge.to.wire.chain_id, denom: edge.to.wire.denom, at: holding(edge.to), origin: edge.toOrigin };
}

/**
 * A lane that exists only to carry the step after it (onlyWithNext) must be followed, on its destination chain, by an
 * IBC transfer or a swap: a lane leg is always followed by an IBC leg, empty when a swap or another lane starts there.
 */
function lanesCarryWhatTheyMust(legs: readonly Leg[]): boolean {
  return legs.every((leg, i) => {
    if (leg.kind !== 'lane' || !leg.bridge.onlyWithNext?.(leg.lane)) return true;
    const after = legs[i + 1];
    return (after?.kind === 'ibc' && after.hops.length > 0) || legs[i + 2]?.kind === 'swap';
  });
}
