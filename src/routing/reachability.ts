/**
 * Which assets a holding can become by transfers alone (no swap): the information endpoints assets_from_source,
 * assets_between_chains and recommend_assets. Two listed assets of one origin are joined by their IBC transfer path
 * (transfer-path.ts); lane bridges join origins (CCTP: USDC of Noble and USDC of Ethereum, ...), so a holding
 * reaches every listed holding of every origin it can get to over at most MAX_LANES lanes, with IBC in between. The
 * number of transactions follows from the same rules the route engine uses (transactions.ts). Answers depend on
 * the registry and the bridge set only and are memoised per asset.
 */
import type { BridgeSet } from '../bridges/set.js';
import type { BridgeStep } from '../bridges/types.js';
import type { BridgeType } from '../wire/common.js';
import type { Registry } from '../registry/registry.js';
import type { RegistryAsset } from '../registry/types.js';
import { laneGraph, originOfAsset, type LaneEdge } from './lane-graph.js';
import { MAX_LANES } from './search.js';
import { stepTxIndices } from './transactions.js';
import { holding, transferPath } from './transfer-path.js';
import { transferStep, type Step } from './types.js';

export interface Reach {
  asset: RegistryAsset;
  steps: Step[];
  txsRequired: number;
  bridges: BridgeType[];
}

/** Listed assets grouped by origin, built once per registry. */
export class AssetFamilies {
  private readonly byOrigin = new Map<string, RegistryAsset[]>();
  private readonly memo = new Map<string, Reach[]>();

  constructor(
    private readonly registry: Registry,
    private readonly bridges: BridgeSet,
  ) {
    for (const chain of registry.chains.values()) {
      for (const a of registry.listedAssets(chain.wire.chain_id)) {
        const k = originOfAsset(a);
        let list = this.byOrigin.get(k);
        if (!list) this.byOrigin.set(k, (list = []));
        list.push(a);
      }
    }
  }

  /** Every listed asset with the same origin as `a` (including `a` itself if listed). */
  family(a: RegistryAsset): readonly RegistryAsset[] {
    return this.byOrigin.get(originOfAsset(a)) ?? [];
  }

  /** How `from` reaches `to` by IBC alone, or undefined. Same chain → undefined (nothing to transfer). */
  reach(from: RegistryAsset, to: RegistryAsset): Reach | undefined {
    if (from.wire.chain_id === to.wire.chain_id) return undefined;
    const hops = transferPath(this.registry, holding(from), holding(to));
    if (!hops || hops.length === 0) return undefined;
    return this.reachOf(
      to,
      hops.map((h) => transferStep(h)),
    );
  }

  /** All listed assets on other chains that `from` can become by transfers, ranked (fewest txs, fewest steps, chain id). */
  reachable(from: RegistryAsset, allowMultiTx: boolean): Reach[] {
    const key = `${from.wire.chain_id}\u0000${from.wire.denom}`;
    let all = this.memo.get(key);
    if (!all) this.memo.set(key, (all = this.search(from)));
    return allowMultiTx ? all : all.filter((r) => r.txsRequired === 1);
  }

  private reachOf(asset: RegistryAsset, steps: Step[]): Reach {
    const tx = stepTxIndices(this.registry, steps);
    const bridges = [...new Set(steps.map((s) => (s.kind === 'bridge' ? s.lane.bridge : 'IBC')))] as BridgeType[];
    return { asset, steps, txsRequired: (tx[tx.length - 1] ?? 0) + 1, bridges };
  }

  private search(from: RegistryAsset): Reach[] {
    const best = new Map<string, Reach>();
    const keep = (r: Reach) => {
      const k = `${r.asset.wire.chain_id}\u0000${r.asset.wire.denom}`;
      const seen = best.get(k);
      if (!seen || compareReach(r, seen) < 0) best.set(k, r);
    };
    for (const to of this.family(from)) {
      const r = this.reach(from, to);
      if (r) keep(r);
    }
    // Over lanes: a depth-first walk through origins, IBC between lanes, never back to an origin already crossed.
    const graph = laneGraph(this.registry, this.bridges);
    const walk = (at: RegistryAsset, steps: Step[], lanes: number, visited: Set<string>) => {
      if (lanes === MAX_LANES) return;
      for (const edge of graph.from(originOfAsset(at))) {
        // A lane within one origin asset (IBC Eureka: WBTC of Ethereum and its Hub voucher) is no return (search.ts).
        if (visited.has(edge.toOrigin) && edge.toOrigin !== edge.fromOrigin) continue;
        const pre = transferPath(this.registry, holding(at), holding(edge.from));
        if (!pre) continue;
        const crossed = [...steps, ...pre.map((h) => transferStep(h)), laneStep(edge)];
        for (const to of this.byOrigin.get(edge.toOrigin) ?? []) {
          if (to.wire.chain_id === from.wire.chain_id) continue;
          const post = transferPath(this.registry, holding(edge.to), holding(to));
          if (post) keep(this.reachOf(to, [...crossed, ...post.map((h) => transferStep(h))]));
        }
        walk(edge.to, crossed, lanes + 1, new Set([...visited, edge.toOrigin]));
      }
    };
    walk(from, [], 0, new Set([originOfAsset(from)]));
    return [...best.values()].sort(compareReach);
  }
}

function laneStep(edge: LaneEdge): BridgeStep {
  return { kind: 'bridge', bridge: edge.bridge, lane: edge.lane, amountIn: 0n, amountOut: 0n, fees: [], seconds: 0 };
}

function compareReach(a: Reach, b: Reach): number {
  return (
    a.txsRequired - b.txsRequired ||
    a.steps.length - b.steps.length ||
    (a.asset.wire.chain_id < b.asset.wire.chain_id ? -1 : a.asset.wire.chain_id > b.asset.wire.chain_id ? 1 : 0) ||
    (a.asset.wire.denom < b.asset.wire.denom ? -1 : a.asset.wire.denom > b.asset.wire.denom ? 1 : 0)
  );
}
