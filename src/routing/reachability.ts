/**
 * Which assets a holding can become by transfers alone: the information endpoints assets_from_source,
 * assets_between_chains and recommend_assets. Two listed assets are connected when they share an origin and an IBC
 * transfer path joins them (transfer-path.ts); the number of transactions follows from packet-forward support.
 */
import type { Registry } from '../registry/registry.js';
import type { RegistryAsset } from '../registry/types.js';
import type { BridgeType } from '../http/schemas/common.js';
import { transferPath, txIndices, type TransferHop } from './transfer-path.js';

export interface Reach {
  asset: RegistryAsset;
  hops: TransferHop[];
  txsRequired: number;
  bridges: BridgeType[];
}

const originKey = (a: RegistryAsset) => `${a.wire.origin_chain_id}\u0000${a.wire.origin_denom}`;

/** Listed assets grouped by origin, built once per registry. */
export class AssetFamilies {
  private readonly byOrigin = new Map<string, RegistryAsset[]>();

  constructor(private readonly registry: Registry) {
    for (const chain of registry.chains.values()) {
      for (const a of registry.listedAssets(chain.wire.chain_id)) {
        const k = originKey(a);
        let list = this.byOrigin.get(k);
        if (!list) this.byOrigin.set(k, (list = []));
        list.push(a);
      }
    }
  }

  /** Every listed asset with the same origin as `a` (including `a` itself if listed). */
  family(a: RegistryAsset): readonly RegistryAsset[] {
    return this.byOrigin.get(originKey(a)) ?? [];
  }

  /** How `from` reaches `to` by IBC, or undefined. Same holding → undefined (nothing to do). */
  reach(from: RegistryAsset, to: RegistryAsset): Reach | undefined {
    if (from.wire.chain_id === to.wire.chain_id && from.wire.denom === to.wire.denom) return undefined;
    if (from.wire.chain_id === to.wire.chain_id) return undefined; // same chain, different voucher: not a transfer
    const hops = transferPath(this.registry, holding(from), holding(to));
    if (!hops || hops.length === 0) return undefined;
    const tx = txIndices(this.registry, hops);
    return { asset: to, hops, txsRequired: (tx[tx.length - 1] ?? 0) + 1, bridges: ['IBC'] };
  }

  /** All listed assets on other chains that `from` can become, ranked (fewest txs, fewest hops, chain id). */
  reachable(from: RegistryAsset, allowMultiTx: boolean): Reach[] {
    const out: Reach[] = [];
    for (const to of this.family(from)) {
      const r = this.reach(from, to);
      if (r && (allowMultiTx || r.txsRequired === 1)) out.push(r);
    }
    return out.sort(compareReach);
  }
}

export function holding(a: RegistryAsset) {
  return { chainId: a.wire.chain_id, hops: a.hops, baseDenom: a.baseDenom };
}

export function compareReach(a: Reach, b: Reach): number {
  return (
    a.txsRequired - b.txsRequired ||
    a.hops.length - b.hops.length ||
    (a.asset.wire.chain_id < b.asset.wire.chain_id ? -1 : a.asset.wire.chain_id > b.asset.wire.chain_id ? 1 : 0) ||
    (a.asset.wire.denom < b.asset.wire.denom ? -1 : a.asset.wire.denom > b.asset.wire.denom ? 1 : 0)
  );
}
