/**
 * What the router needs to know about one venue's pools, derived once per market snapshot: pools by denom (deepest
 * first), pool denoms grouped by origin asset (to find where a transfer must land for a swap), and candidate pool
 * paths per denom pair (up to three pools, liquidity-ranked), computed on first use and memoised.
 */
import type { Registry } from '../registry/registry.js';
import type { Pool, VenueSnapshot } from '../venues/types.js';
import type { PoolHop, VenueRef } from './types.js';
import { runToEnd, type Steps } from '../slices.js';

/** Pools kept per pair of denoms (deepest first). */
const POOLS_PER_EDGE = 2;
/** Neighbours of each end tried as the middle of a three-pool path. */
const MIDDLE_NEIGHBOURS = 24;
/** Candidate paths of one or two pools kept per denom pair; each is simulated per request. */
const KEEP_PATHS = 8;
/**
 * Three-pool paths kept besides them: a quota of their own, so that a market gaining pools never loses a shorter path
 * to longer ones that only look deeper (ATOM → OSMO kept ATOM/USDC 1282 → USDC/OSMO 1464, the cheapest for small
 * amounts, only until the AKT pools' three-pool paths outranked it by depth).
 */
const KEEP_THREE_POOL_PATHS = 4;

export type OriginKey = string;
export const originKeyOf = (chainId: string, denom: string): OriginKey => `${chainId}\u0000${denom}`;

/** Parts of an index, computed by VenueIndex.build. */
interface IndexParts {
  poolById: Map<string, Pool>;
  poolsByDenom: Map<string, Pool[]>;
  maxReserve: Map<string, bigint>;
  originOf: Map<string, OriginKey>;
  denomsByOrigin: Map<OriginKey, string[]>;
  pathMemo: Map<string, PoolHop[][]>;
  neighbourMemo: Map<string, Map<string, Pool[]>>;
  topMemo: Map<string, string[]>;
}

const pairKey = (x: string, y: string) => `${x}\u0000${y}`;
/** Pool reserves read between two yields (a CL pool's reserve sums its buckets). */
const RESERVES_PER_STEP = 64;
/** Items handled between two yields in the index build's loops (about a millisecond of work at most). */
const STEP = 256;
/** Denoms with at least this many pools have their neighbour ranking computed with the index (see build). */
const HUB_POOLS = 32;

export class VenueIndex {
  private readonly poolsByDenom: Map<string, Pool[]>;
  private readonly denomsByOrigin: Map<OriginKey, string[]>;
  private readonly maxReserve: Map<string, bigint>;
  private readonly originOf: Map<string, OriginKey>;
  private readonly pathMemo: Map<string, PoolHop[][]>;
  private readonly poolById: Map<string, Pool>;
  private readonly neighbourMemo: Map<string, Map<string, Pool[]>>;
  private readonly topMemo: Map<string, string[]>;

  private constructor(
    readonly venue: VenueRef,
    readonly snapshot: VenueSnapshot,
    parts: IndexParts,
  ) {
    ({
      poolById: this.poolById,
      poolsByDenom: this.poolsByDenom,
      maxReserve: this.maxReserve,
      originOf: this.originOf,
      denomsByOrigin: this.denomsByOrigin,
      pathMemo: this.pathMemo,
      neighbourMemo: this.neighbourMemo,
      topMemo: this.topMemo,
    } = parts);
  }

  /** The index of a snapshot, built at once. */
  static of(registry: Registry, venue: VenueRef, snapshot: VenueSnapshot): VenueIndex {
    return runToEnd(VenueIndex.build(registry, venue, snapshot));
  }

  /**
   * Builds the index in steps (slices.ts). With the previous index of the same venue, what depends only on pools
   * that are still the same objects is taken over instead of recomputed: the sorted pool list of a denom none of
   * whose pools changed, and the candidate paths of a denom pair whose search read no changed pool (see
   * `unaffectedPairs`). The result is what a fresh build of the snapshot would give.
   */
  static *build(
    registry: Registry,
    venue: VenueRef,
    snapshot: VenueSnapshot,
    previous?: VenueIndex,
  ): Steps<VenueIndex> {
    const touched = previous ? yield* touchedDenoms(previous.snapshot.pools, snapshot.pools) : undefined;
    const reuse = (denom: string) => previous !== undefined && !touched!.has(denom) && previous.poolsByDenom.has(denom);
    const poolById = new Map<string, Pool>();
    const poolsByDenom = new Map<string, Pool[]>();
    const rebuilt: string[] = [];
    let n = 0;
    for (const pool of snapshot.pools) {
      poolById.set(pool.id, pool);
      for (const d of pool.denoms) {
        let list = poolsByDenom.get(d);
        if (!list) {
          poolsByDenom.set(d, (list = reuse(d) ? previous!.poolsByDenom.get(d)! : []));
          if (!reuse(d)) rebuilt.push(d);
        }
        if (!reuse(d)) list.push(pool);
      }
      if (++n % STEP === 0) yield;
    }
    const maxReserve = new Map<string, bigint>();
    for (const d of rebuilt) {
      // Deepest first; reserves read once per pool (a CL pool without balances computes them from its buckets).
      const list = poolsByDenom.get(d)!;
      // A hub denom has thousands of pools, and a CL pool's reserve is summed over its buckets: read in steps.
      const keyed: { pool: Pool; r: bigint }[] = [];
      for (const pool of list) {
        keyed.push({ pool, r: pool.reserve(d) });
        if (keyed.length % RESERVES_PER_STEP === 0) yield;
      }
      keyed.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : 0));
      keyed.forEach((k, i) => (list[i] = k.pool));
      if (keyed[0] && keyed[0].r > 0n) maxReserve.set(d, keyed[0].r);
      yield;
    }
    const originOf = new Map<string, OriginKey>();
    const denomsByOrigin = new Map<OriginKey, string[]>();
    const neighbourMemo = new Map<string, Map<string, Pool[]>>();
    const topMemo = new Map<string, string[]>();
    for (const d of poolsByDenom.keys()) {
      if (reuse(d)) {
        const r = previous!.maxReserve.get(d);
        if (r !== undefined) maxReserve.set(d, r);
        const nb = previous!.neighbourMemo.get(d);
        if (nb) neighbourMemo.set(d, nb);
        const top = previous!.topMemo.get(d);
        if (top) topMemo.set(d, top);
      }
      const key = previous?.originOf.get(d) ?? originOfPoolDenom(registry, venue.chainId, d);
      originOf.set(d, key);
      let same = denomsByOrigin.get(key);
      if (!same) denomsByOrigin.set(key, (same = []));
      same.push(d);
      if (++n % STEP === 0) yield;
    }
    const pathMemo = new Map<string, PoolHop[][]>();
    if (previous) {
      const affected = yield* affectedDenoms(touched!, previous.poolsByDenom, poolsByDenom);
      const everything = affected.size >= poolsByDenom.size && [...poolsByDenom.keys()].every((d) => affected.has(d));
      for (const [key, paths] of everything ? [] : previous.pathMemo) {
        const [x, y] = key.split('\u0000') as [string, string];
        if (!affected.has(x) && !affected.has(y)) pathMemo.set(key, paths);
        if (++n % STEP === 0) yield;
      }
    }
    const index = new VenueIndex(venue, snapshot, {
      poolById,
      poolsByDenom,
      maxReserve,
      originOf,
      denomsByOrigin,
      pathMemo,
      neighbourMemo,
      topMemo,
    });
    // The hubs' neighbours, read by almost every path search: computed here, in steps, rather than by the first
    // requests after the rebuild.
    for (const d of rebuilt) {
      if (poolsByDenom.get(d)!.length < HUB_POOLS) continue;
      yield* index.neighbourSteps(d);
      index.topNeighbours(d);
      yield;
    }
    return index;
  }

  /** Whether `paths` are this index's candidate paths for the pair (e.g. taken over from the previous index). */
  hasCandidatePaths(denomIn: string, denomOut: string, paths: readonly PoolHop[][]): boolean {
    return this.pathMemo.get(pairKey(denomIn, denomOut)) === paths;
  }

  pool(id: string): Pool | undefined {
    return this.poolById.get(id);
  }

  hasDenom(denom: string): boolean {
    return this.poolsByDenom.has(denom);
  }

  /** Pool denoms on the venue chain that are the given origin asset (usually one voucher). */
  denomsOfOrigin(key: OriginKey): readonly string[] {
    return this.denomsByOrigin.get(key) ?? [];
  }

  /** Every origin asset the venue's pools trade. */
  origins(): IterableIterator<OriginKey> {
    return this.denomsByOrigin.keys();
  }

  /** Pools trading a denom, deepest first. */
  poolsOf(denom: string): readonly Pool[] {
    return this.poolsByDenom.get(denom) ?? [];
  }

  /** Liquidity share of a pool for a denom: its reserve relative to the deepest pool of that denom (0..1e6). */
  private depth(pool: Pool, denom: string): bigint {
    const max = this.maxReserve.get(denom) ?? 0n;
    return max === 0n ? 0n : (pool.reserve(denom) * 1_000_000n) / max;
  }

  /** Candidate paths from denomIn to denomOut, best liquidity first. */
  candidatePaths(denomIn: string, denomOut: string): readonly PoolHop[][] {
    const key = pairKey(denomIn, denomOut);
    let paths = this.pathMemo.get(key);
    if (!paths) {
      paths = this.searchPaths(denomIn, denomOut);
      this.pathMemo.set(key, paths);
    }
    return paths;
  }

  /** Neighbour denoms of a denom with the pools joining them, deepest first (built lazily per denom). */
  private neighbours(denom: string): Map<string, Pool[]> {
    return this.neighbourMemo.get(denom) ?? runToEnd(this.neighbourSteps(denom));
  }

  /** neighbours() as steps, for a hub's thousands of pools during a rebuild. */
  private *neighbourSteps(denom: string): Steps<Map<string, Pool[]>> {
    const memo = this.neighbourMemo.get(denom);
    if (memo) return memo;
    const n = new Map<string, Pool[]>();
    let i = 0;
    for (const pool of this.poolsOf(denom)) {
      for (const other of pool.denoms) {
        if (other === denom) continue;
        let list = n.get(other);
        if (!list) n.set(other, (list = []));
        if (list.length < POOLS_PER_EDGE) list.push(pool); // poolsOf is deepest first
      }
      if (++i % STEP === 0) yield;
    }
    this.neighbourMemo.set(denom, n);
    return n;
  }

  /** The deepest MIDDLE_NEIGHBOURS neighbours of a denom, ranked by the depth of the best pool joining them. */
  private topNeighbours(denom: string): string[] {
    let top = this.topMemo.get(denom);
    if (!top) {
      top = [...this.neighbours(denom).entries()]
        .map(([d, pools]) => [d, this.depth(pools[0]!, denom)] as const)
        .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] < b[0] ? -1 : 1))
        .slice(0, MIDDLE_NEIGHBOURS)
        .map(([d]) => d);
      this.topMemo.set(denom, top);
    }
    return top;
  }

  /**
   * Paths of one, two and three pools: direct pools; X–A–Y through every shared neighbour A; X–A–B–Y through the
   * deepest neighbours A of X and B of Y that share a pool. Meeting in the middle finds the three-pool paths to
   * thinly traded tokens that a depth-first walk through the deepest pools would miss.
   */
  private searchPaths(x: string, y: string): PoolHop[][] {
    if (x === y || !this.hasDenom(x) || !this.hasDenom(y)) return [];
    const found: { path: PoolHop[]; score: bigint }[] = [];
    const add = (path: PoolHop[]) => {
      let score = 1_000_000n;
      for (const h of path) {
        const d = this.depth(h.pool, h.denomIn);
        if (d < score) score = d;
      }
      found.push({ path, score });
    };
    const nx = this.neighbours(x);
    const ny = this.neighbours(y);
    for (const pool of nx.get(y) ?? []) add([{ pool, denomIn: x, denomOut: y }]);
    const [small, large] = nx.size <= ny.size ? [nx, ny] : [ny, nx];
    for (const a of small.keys()) {
      if (a === x || a === y || !large.has(a)) continue;
      for (const p1 of nx.get(a)!)
        for (const p2 of ny.get(a)!)
          if (p1 !== p2)
            add([
              { pool: p1, denomIn: x, denomOut: a },
              { pool: p2, denomIn: a, denomOut: y },
            ]);
    }
    const as = this.topNeighbours(x);
    const bs = this.topNeighbours(y);
    for (const a of as) {
      if (a === y) continue;
      const na = this.neighbours(a);
      for (const b of bs) {
        if (b === x || b === a) continue;
        const middle = na.get(b);
        if (!middle) continue;
        const p1 = nx.get(a)![0]!;
        const p3 = ny.get(b)![0]!;
        const p2 = middle.find((p) => p !== p1 && p !== p3);
        if (p2 && p1 !== p3)
          add([
            { pool: p1, denomIn: x, denomOut: a },
            { pool: p2, denomIn: a, denomOut: b },
            { pool: p3, denomIn: b, denomOut: y },
          ]);
      }
    }
    found.sort((a, b) => (b.score > a.score ? 1 : b.score < a.score ? -1 : a.path.length - b.path.length));
    const short = found.filter((f) => f.path.length <= 2).slice(0, KEEP_PATHS);
    const long = found.filter((f) => f.path.length === 3).slice(0, KEEP_THREE_POOL_PATHS);
    return [...short, ...long].map((f) => f.path);
  }
}

/** Denoms of the pools that are not in both lists (added, removed or changed: a changed pool is a new object). */
function* touchedDenoms(before: readonly Pool[], after: readonly Pool[]): Steps<Set<string>> {
  const touched = new Set<string>();
  const was = new Set(before);
  yield;
  const is = new Set(after);
  yield;
  let n = 0;
  for (const [list, other] of [
    [after, was],
    [before, is],
  ] as const) {
    for (const p of list) {
      if (!other.has(p)) for (const d of p.denoms) touched.add(d);
      if (++n % STEP === 0) yield;
    }
  }
  return touched;
}

/** Denoms the registry cannot trace are local to the venue chain (e.g. token-factory denoms). */
function originOfPoolDenom(registry: Registry, chainId: string, denom: string): OriginKey {
  const asset = registry.asset(chainId, denom);
  return asset ? originKeyOf(asset.wire.origin_chain_id, asset.wire.origin_denom) : originKeyOf(chainId, denom);
}

/**
 * Denoms whose candidate paths may differ after a change. The search for (x, y) reads the pools of x, of y and of
 * their neighbours (the middle hops and their depths), so it is unaffected unless x or y is a touched denom or a
 * neighbour of one, before or after the change.
 */
function* affectedDenoms(
  touched: ReadonlySet<string>,
  before: ReadonlyMap<string, Pool[]>,
  after: ReadonlyMap<string, Pool[]>,
): Steps<Set<string>> {
  const out = new Set(touched);
  const all = new Set([...before.keys(), ...after.keys()]);
  let i = 0;
  for (const d of touched) {
    for (const byDenom of [before, after]) {
      for (const pool of byDenom.get(d) ?? []) {
        for (const n of pool.denoms) out.add(n);
        if (++i % STEP === 0) yield; // a hub denom has thousands of pools
      }
    }
    // A hub's neighbours are usually every denom: then nothing is left to take over, stop early.
    if (out.size >= all.size) return all;
    yield;
  }
  return out;
}
