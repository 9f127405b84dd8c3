/**
 * LayerZero OFT lanes: an OFT on any chain where it is deployed to the same OFT on any other, when both chains have a
 * LayerZero endpoint id and the registry lists the token on both.
 */
import type { Registry } from '../../registry/registry.js';
import type { Lane } from '../types.js';
import { layerZeroConfig } from './config.js';

export interface LayerZeroLane extends Lane {
  readonly bridge: 'LAYER_ZERO';
  readonly symbol: string;
  /** The source chain's OFT (what the wallet calls) and its ERC-20. */
  readonly oft: string;
  readonly srcEid: number;
  readonly dstEid: number;
  readonly approvalRequired: boolean;
  /** 10^(local decimals − shared decimals) on the source chain. */
  readonly rate: bigint;
}

export function layerZeroLanes(registry: Registry): LayerZeroLane[] {
  const cfg = layerZeroConfig();
  const lanes: LayerZeroLane[] = [];
  for (const oft of cfg.ofts) {
    const ends = [...oft.deployments].filter(
      ([chainId, d]) => cfg.eid.has(chainId) && registry.chain(chainId) && registry.listedAsset(chainId, d.token),
    );
    for (const [from, src] of ends) {
      const decimals = registry.listedAsset(from, src.token)!.wire.decimals ?? 18;
      if (decimals < oft.sharedDecimals) continue; // a misconfigured entry: shared decimals cannot exceed local ones
      for (const [to, dst] of ends) {
        if (from === to) continue;
        lanes.push({
          bridge: 'LAYER_ZERO',
          fromChainId: from,
          toChainId: to,
          denomIn: src.token,
          denomOut: dst.token,
          symbol: oft.symbol,
          oft: src.oft,
          srcEid: cfg.eid.get(from)!,
          dstEid: cfg.eid.get(to)!,
          approvalRequired: oft.approvalRequired,
          rate: 10n ** BigInt(decimals - oft.sharedDecimals),
        });
      }
    }
  }
  return lanes;
}
