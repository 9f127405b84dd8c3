/**
 * CCTP V1 lanes: native USDC on a CCTP domain to native USDC on another, where CCTP V2 does not connect the two —
 * that is, into and out of Noble, which has no V2 domain (Circle calls V1 legacy; every other pair takes the V2 lanes
 * of src/bridges/cctp-v2/). A chain takes part when it has a Circle domain and a USDC address in the data files, and
 * the registry lists that USDC asset there.
 */
import type { Lane } from '../types.js';
import type { Registry } from '../../registry/registry.js';
import { cctpV2Config } from '../cctp-v2/config.js';
import { cctpConfig } from './config.js';

export interface CctpLane extends Lane {
  readonly bridge: 'CCTP';
  readonly sourceDomain: number;
  readonly destinationDomain: number;
  /**
   * Smart-relayed form (into Noble from an EVM chain with Skip's relayer, or out of Noble): the user pays `relayFee`
   * USDC out of the amount and a relayer completes the mint. Unrelayed lanes leave the mint to Noble's relayers or
   * the recipient; `relayedTwin` says whether the relayed form of the same lane exists.
   */
  readonly relayed: boolean;
  readonly relayFee: bigint;
  readonly relayedTwin: boolean;
}

/** The relaying fee of a lane that has a relayed form: into Noble through Skip's relayer, or out of Noble. */
function relayFee(registry: Registry, from: string, to: string): bigint | undefined {
  const { relay } = cctpConfig();
  const evm = (c: string) => registry.chain(c)?.wire.chain_type === 'evm';
  if (to === 'noble-1' && evm(from) && relay.relayer.has(from)) return relay.evmToNobleFee.get(from);
  if (from === 'noble-1' && evm(to)) return relay.nobleToEvmFee.get(to);
  return undefined;
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
      const v2 = cctpV2Config().domain;
      if (v2.has(from.chainId) && v2.has(to.chainId)) continue;
      const base = {
        bridge: 'CCTP' as const,
        fromChainId: from.chainId,
        toChainId: to.chainId,
        denomIn: from.usdc,
        denomOut: to.usdc,
        sourceDomain: from.domain,
        destinationDomain: to.domain,
      };
      const fee = relayFee(registry, from.chainId, to.chainId);
      lanes.push({ ...base, relayed: false, relayFee: 0n, relayedTwin: fee !== undefined });
      if (fee !== undefined) lanes.push({ ...base, relayed: true, relayFee: fee, relayedTwin: false });
    }
  }
  return lanes;
}
