/**
 * Stargate V2 lanes: an asset's pool on one chain to the same asset's pool on another (USDC, USDT, native ETH), when
 * both chains have a LayerZero endpoint id and the registry lists the asset on both.
 */
import type { Registry } from '../../registry/registry.js';
import { nativeDenomOf } from '../oft/native.js';
import type { Lane } from '../types.js';
import { stargateConfig } from './config.js';

export interface StargateLane extends Lane {
  readonly bridge: 'STARGATE';
  readonly symbol: string;
  readonly pool: string;
  /** The pool holds the chain's gas token: the amount rides in the value, no approval. */
  readonly nativeToken: boolean;
  readonly srcEid: number;
  readonly dstEid: number;
  /** 10^(local decimals − shared decimals) on the source chain, and on the destination chain. */
  readonly rate: bigint;
  readonly outRate: bigint;
}

export function stargateLanes(registry: Registry): StargateLane[] {
  const cfg = stargateConfig();
  const lanes: StargateLane[] = [];
  for (const [symbol, byChain] of cfg.pools) {
    const ends = [...byChain].flatMap(([chainId, p]) => {
      const denom = p.token === 'native' ? nativeDenomOf(chainId) : p.token;
      const asset = denom !== undefined && registry.chain(chainId) ? registry.listedAsset(chainId, denom) : undefined;
      const eid = cfg.eid.get(chainId);
      if (!asset || eid === undefined || (asset.wire.decimals ?? 0) < cfg.sharedDecimals) return [];
      return [
        {
          chainId,
          denom: denom!,
          pool: p.pool,
          native: p.token === 'native',
          eid,
          rate: 10n ** BigInt(asset.wire.decimals! - cfg.sharedDecimals),
        },
      ];
    });
    for (const from of ends) {
      for (const to of ends) {
        if (from === to) continue;
        lanes.push({
          bridge: 'STARGATE',
          fromChainId: from.chainId,
          toChainId: to.chainId,
          denomIn: from.denom,
          denomOut: to.denom,
          symbol,
          pool: from.pool,
          nativeToken: from.native,
          srcEid: from.eid,
          dstEid: to.eid,
          rate: from.rate,
          outRate: to.rate,
        });
      }
    }
  }
  return lanes;
}
