/**
 * The listed edges of the holdings graph: every lane of every lane bridge, with its two ends resolved to registry
 * assets and indexed by the origin asset of each end. Built once per registry and bridge set (lanes depend on
 * nothing else).
 *
 * Between lanes, funds move by IBC along the computed same-origin path (transfer-path.ts), so the search only needs
 * to know which origin a lane leaves from and which it arrives at: "USDC of Ethereum" → CCTP → "USDC of Noble",
 * after which any holding of Noble's USDC (a voucher on Osmosis, say) is one IBC path away.
 */
import type { BridgeSet } from '../bridges/set.js';
import type { Lane, LaneBridge } from '../bridges/types.js';
import { perRegistry } from '../registry/per-registry.js';
import type { Registry } from '../registry/registry.js';
import type { RegistryAsset } from '../registry/types.js';
import { originKeyOf, type OriginKey } from './swap-index.js';

export interface LaneEdge {
  bridge: LaneBridge;
  lane: Lane;
  from: RegistryAsset;
  to: RegistryAsset;
  fromOrigin: OriginKey;
  toOrigin: OriginKey;
}

export const originOfAsset = (a: RegistryAsset): OriginKey => originKeyOf(a.wire.origin_chain_id, a.wire.origin_denom);

export class LaneGraph {
  readonly edges: readonly LaneEdge[];
  private readonly byFrom = new Map<OriginKey, LaneEdge[]>();
  private readonly byTo = new Map<OriginKey, LaneEdge[]>();

  constructor(registry: Registry, bridges: readonly LaneBridge[]) {
    const edges: LaneEdge[] = [];
    for (const bridge of bridges) {
      for (const lane of bridge.lanes(registry)) {
        const from = registry.asset(lane.fromChainId, lane.denomIn);
        const to = registry.asset(lane.toChainId, lane.denomOut);
        if (!from || !to) continue; // an end the registry does not list cannot be priced, validated or shown
        edges.push({ bridge, lane, from, to, fromOrigin: originOfAsset(from), toOrigin: originOfAsset(to) });
      }
    }
    this.edges = edges;
    for (const e of edges) {
      push(this.byFrom, e.fromOrigin, e);
      push(this.byTo, e.toOrigin, e);
    }
  }

  /** Lanes whose input is a holding of `origin`. */
  from(origin: OriginKey): readonly LaneEdge[] {
    return this.byFrom.get(origin) ?? [];
  }

  /** Lanes whose output is a holding of `origin`. */
  into(origin: OriginKey): readonly LaneEdge[] {
    return this.byTo.get(origin) ?? [];
  }

  /** The origins from which `target` can be reached over at most `maxLanes` lanes (IBC in between), target included. */
  originsReaching(target: OriginKey, maxLanes: number): Set<OriginKey> {
    const seen = new Set([target]);
    let frontier = [target];
    for (let i = 0; i < maxLanes; i++) {
      const next: OriginKey[] = [];
      for (const o of frontier) {
        for (const e of this.into(o)) {
          if (!seen.has(e.fromOrigin)) {
            seen.add(e.fromOrigin);
            next.push(e.fromOrigin);
          }
        }
      }
      frontier = next;
    }
    return seen;
  }

  /** Whether some origin `accept`s is reached from `start` over at most `maxLanes` lanes (start itself not counted). */
  leadsTo(start: OriginKey, maxLanes: number, accept: (origin: OriginKey) => boolean): boolean {
    const seen = new Set([start]);
    let frontier = [start];
    for (let i = 0; i < maxLanes && frontier.length > 0; i++) {
      const next: OriginKey[] = [];
      for (const o of frontier) {
        for (const e of this.from(o)) {
          if (seen.has(e.toOrigin)) continue;
          if (accept(e.toOrigin)) return true;
          seen.add(e.toOrigin);
          next.push(e.toOrigin);
        }
      }
      frontier = next;
    }
    return false;
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

const graphs = new WeakMap<BridgeSet, (registry: Registry) => LaneGraph>();

/** The lane graph of a bridge set on a registry, built on first use and kept while both live. */
export function laneGraph(registry: Registry, bridges: BridgeSet): LaneGraph {
  let of = graphs.get(bridges);
  if (!of) graphs.set(bridges, (of = perRegistry((r) => new LaneGraph(r, bridges.lanes))));
  return of(registry);
}
