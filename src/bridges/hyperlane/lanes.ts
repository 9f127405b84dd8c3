/**
 * Hyperlane lanes: each end of a warp route to each other end, when the registry has both chains and lists the token
 * at both ends, the data file gives the interchain gas for that direction, and neither chain is one Hyperlane's agents
 * no longer serve (data/hyperlane.json retired_chains: a message to or from it would never be delivered). Warp routes
 * move amounts 1:1, so only ends whose tokens count in the same decimals are joined.
 */
import type { Registry } from '../../registry/registry.js';
import type { Lane } from '../types.js';
import { hyperlaneConfig, type WarpStandard } from './config.js';

export interface HyperlaneLane extends Lane {
  readonly bridge: 'HYPERLANE';
  readonly symbol: string;
  readonly router: string;
  readonly standard: WarpStandard;
  readonly destinationDomain: number;
  /** What the interchain gas is paid in, on the source chain. */
  readonly gasDenom: string;
}

export function hyperlaneLanes(registry: Registry): HyperlaneLane[] {
  const cfg = hyperlaneConfig();
  const lanes: HyperlaneLane[] = [];
  for (const route of cfg.routes) {
    const ends = route.ends.filter(
      (e) => !cfg.retiredChains.has(e.chainId) && registry.chain(e.chainId) && registry.listedAsset(e.chainId, e.denom),
    );
    for (const from of ends) {
      for (const to of ends) {
        if (from === to) continue;
        const gas = cfg.gas(from.chainId, to.chainId);
        const decimals = (e: typeof from) => registry.listedAsset(e.chainId, e.denom)!.wire.decimals;
        if (!gas || decimals(from) !== decimals(to)) continue;
        lanes.push({
          bridge: 'HYPERLANE',
          fromChainId: from.chainId,
          toChainId: to.chainId,
          denomIn: from.denom,
          denomOut: to.denom,
          symbol: route.symbol,
          router: from.router,
          standard: from.standard,
          destinationDomain: to.domain,
          gasDenom: gas.denom,
        });
      }
    }
  }
  return lanes;
}
