/**
 * CCTP lanes: native USDC on any CCTP domain to native USDC on any other. A chain takes part when it has a Circle
 * domain and a USDC address in the data files, and the registry lists that USDC asset there.
 */
import type { Lane } from '../types.js';
import type { Registry } from '../../registry/registry.js';
import { cctpConfig } from './config.js';

export interface CctpLane extends Lane {
  readonly bridge: 'CCTP';
  readonly sourceDomain: number;
  readonly destinationDomain: number;
}

export function cctpLanes(registry: Registry): CctpLane[] {
  const cfg = cctpConfig();
  const ends: { chainId: string; usdc: string; domain: number }[] = [];
  for (const [chainId, domain] of cfg.domain) {
    const usdc = cfg.usdc.get(chainId);
    if (usdc === undefined || !registry.chain(chainId) || !registry.listedAsset(chainId, usdc)) continue;
    // An EVM source needs its TokenMessenger to build the burn; every other end is complete with its domain.
    if (registry.chain(chainId)!.wire.chain_type === 'evm' && !cfg.tokenMessenger.has(chainId)) continue;
    ends.push({ chainId, usdc, domain });
  }
  const lanes: CctpLane[] = [];
  for (const from of ends) {
    for (const to of ends) {
      if (from === to) continue;
      lanes.push({
        bridge: 'CCTP',
        fromChainId: from.chainId,
        toChainId: to.chainId,
        denomIn: from.usdc,
        denomOut: to.usdc,
        sourceDomain: from.domain,
        destinationDomain: to.domain,
      });
    }
  }
  return lanes;
}
