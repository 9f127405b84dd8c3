/**
 * OPinit lanes: Initia L1 (interwoven-1) ↔ each of its rollups in data/initia-rollups.json, for every L1 denom the
 * rollup's bridge carries. A deposit locks the L1 token in the bridge and the rollup mints `l2/<sha3>`; a withdrawal
 * burns that on the rollup and, after the rollup's finalization period, releases the L1 token.
 */
import { l2Denom } from '../../denom/l2.js';
import type { Registry } from '../../registry/registry.js';
import { initiaRollupsFile } from '../../registry/rollups.js';
import type { Lane } from '../types.js';

export interface OpinitLane extends Lane {
  readonly bridge: 'OPINIT';
  readonly bridgeId: bigint;
  readonly direction: 'deposit' | 'withdrawal';
  readonly seconds: number;
}

export function opinitLanes(registry: Registry): OpinitLane[] {
  const f = initiaRollupsFile();
  const lanes: OpinitLane[] = [];
  if (!registry.chain(f.l1_chain_id)) return lanes;
  for (const r of f.rollups) {
    if (!registry.chain(r.chain_id)) continue;
    const bridgeId = BigInt(r.op_bridge_id);
    for (const l1 of r.op_denoms) {
      const l2 = l2Denom(bridgeId, l1);
      if (!registry.listedAsset(f.l1_chain_id, l1) || !registry.listedAsset(r.chain_id, l2)) continue;
      const base = { bridge: 'OPINIT' as const, bridgeId };
      lanes.push(
        {
          ...base,
          fromChainId: f.l1_chain_id,
          toChainId: r.chain_id,
          denomIn: l1,
          denomOut: l2,
          direction: 'deposit',
          seconds: f.deposit_seconds,
        },
        {
          ...base,
          fromChainId: r.chain_id,
          toChainId: f.l1_chain_id,
          denomIn: l2,
          denomOut: l1,
          direction: 'withdrawal',
          seconds: f.withdrawal_seconds,
        },
      );
    }
  }
  return lanes;
}
