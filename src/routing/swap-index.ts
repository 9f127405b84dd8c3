/**
 * What the router needs to know about one venue's pools, derived once per market snapshot: pools by denom (deepest
 * first), pool denoms grouped by origin asset (to find where a transfer must land for a swap), and candidate pool
 * paths per denom pair (up to three pools, liquidity-ranked), computed on first use and memoised.
 */
import type { Registry } from '../registry/registry.js';
import type { Pool, VenueSnapshot } from '../venues/types.js';
import type { PoolHop, VenueRef } from './types.js';

/** Pools kept per pair of denoms (deepest first). */
const POOLS_PER_EDGE = 2;
/** Neighbours of each end tried as the middle of a three-pool path. */
const MIDDLE_NEIGHBOURS = 24;
/** Candidate paths kept per denom pair; each is simulated per request. */
const KEEP_PATHS = 8;

export type OriginKey = string;
export const originKeyOf = (chainId: string, denom: string): OriginKey => `${chainId}\u0000${denom}`;

export class VenueIndex {
  readonly venue: VenueRef;
  private readonly poolsByDenom = new Map<string, Pool[]>();
  private readonly denomsByOrigin = new Map<OriginKey, string[]>();
  private readonly originOfDenom = new Map<string, OriginKey>();
  private readonly maxReserve = new Map<string, bigint>();
  private readonly pathMemo = new Map<string, PoolHop[][]>();
  private readonly poolById = new Map<string, Pool>();
  private readonly neighbourMemo = new Map<string, Map<string, Pool[]>>();

  constructor(
    registry: Registry,
    venue: VenueRef,
    readonly snapshot: VenueSnapshot,
  ) {
    this.venue = venue;
    for (const pool of snapshot.pools) {
      this.poolById.set(pool.id, pool);
      for (const d of pool.denoms) {
        let list = this.poolsByDenom.get(d);
        if (!list) this.poolsByDenom.set(d, (list = []));
        list.push(pool);
        const r = pool.reserve(d);
        if (r > (this.maxReserve.get(d) ?? 0n)) this.maxReserve.set(d, r);
      }
    }
    for (const [denom, pools] of this.poolsByDenom) {
      pools.sort((a, b) => (b.reserve(denom) > a.reserve(denom) ? 1 : b.reserve(denom) < a.reserve(denom) ? -1 : 0));
      // Denoms the registry cannot trace are local to the venue chain (e.g. token-factory denoms).
      const asset = registry.asset(venue.chainId, denom);
      const key = asset ? originKeyOf(asset.wire.origin_chain_id, asset.wire.origin_denom) : originKeyOf(venue.chainId, denom);
      this.originOfDenom.set(denom, key);
      let same = this.denomsByOrigin.get(key);
      if (!same) this.denomsByOrigin.set(key, (same = []));
      same.push(denom);
    }
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
    const key = `${denomIn}\u0000${denomOut}`;
    let paths = this.pathMemo.get(key);
    if (!paths) {
      paths = this.searchPaths(denomIn, denomOut);
      this.pathMemo.set(key, paths);
    }
    return paths;
  }

  /** Neighbour denoms of a denom with the pools joining them, deepest first (built lazily per denom). */
  private neighbours(denom: string): Map<string, Pool[]> {
    let n = this.neighbourMemo.get(denom);
    if (!n) {
      n = new Map();
      for (const pool of this.poolsOf(denom)) {
        for (const other of pool.denoms) {
          if (other === denom) continue;
          let list = n.get(other);
          if (!list) n.set(other, (list = []));
          if (list.length < POOLS_PER_EDGE) list.push(pool); // poolsOf is deepest first
        }
      }
      this.neighbourMemo.set(denom, n);
    }
    return n;
  }

  /** The deepest neighbours of a denom, ranked by the depth of the best pool joining them. */
  private topNeighbours(denom: string, limit: number): string[] {
    return [...this.neighbours(denom).entries()]
      .map(([d, pools]) => [d, this.depth(pools[0]!, denom)] as const)
      .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([d]) => d);
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
      for (const p1 of nx.get(a)!) for (const p2 of ny.get(a)!) if (p1 !== p2) add([{ pool: p1, denomIn: x, denomOut: a }, { pool: p2, denomIn: a, denomOut: y }]);
    }
    const as = this.topNeighbours(x, MIDDLE_NEIGHBOURS);
    const bs = this.topNeighbours(y, MIDDLE_NEIGHBOURS);
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
        if (p2 && p1 !== p3) add([{ pool: p1, denomIn: x, denomOut: a }, { pool: p2, denomIn: a, denomOut: b }, { pool: p3, denomIn: b, denomOut: y }]);
      }
    }
    found.sort((a, b) => (b.score > a.score ? 1 : b.score < a.score ? -1 : a.path.length - b.path.length));
    return found.slice(0, KEEP_PATHS).map((f) => f.path);
  }
}
