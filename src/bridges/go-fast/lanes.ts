/**
 * Go Fast lanes: USDC from each EVM chain with a gateway to each Cosmos chain with a gateway (Osmosis today), the
 * token the destination gateway pays out being the USDC voucher that chain holds. Both ends must be registry assets.
 */
import type { Registry } from '../../registry/registry.js';
import type { Lane } from '../types.js';
import { goFastConfig } from './config.js';

export interface GoFastLane extends Lane {
  readonly bridge: 'GO_FAST';
  readonly sourceDomain: number;
  readonly destinationDomain: number;
  /** The source gateway: the contract the wallet calls and the ERC-20 spender. */
  readonly gateway: string;
}

export function goFastLanes(registry: Registry): GoFastLane[] {
  const cfg = goFastConfig();
  const ends = [...cfg.gateway.keys()].filter((chainId) => {
    const token = cfg.token.get(chainId);
    return token !== undefined && cfg.domain.has(chainId) && registry.listedAsset(chainId, token) !== undefined;
  });
  const type = (chainId: string) => registry.chain(chainId)?.wire.chain_type;
  const lanes: GoFastLane[] = [];
  for (const from of ends.filter((c) => type(c) === 'evm')) {
    for (const to of ends.filter((c) => type(c) === 'cosmos')) {
      lanes.push({
        bridge: 'GO_FAST',
        fromChainId: from,
        toChainId: to,
        denomIn: cfg.token.get(from)!,
        denomOut: cfg.token.get(to)!,
        sourceDomain: cfg.domain.get(from)!,
        destinationDomain: cfg.domain.get(to)!,
        gateway: cfg.gateway.get(from)!,
      });
    }
  }
  return lanes;
}
