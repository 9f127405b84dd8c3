/**
 * CCTP V2 lanes: native USDC between every pair of V2 domains that the registry lists USDC on (EVM chains and
 * Solana). Each pair has up to four forms:
 * - speed: standard (minFinalityThreshold 2000, attested at hard finality, free) or fast (1000, attested in seconds
 *   for Circle's Fast Transfer fee), fast only from sources Circle offers it on;
 * - delivery: forwarded (Circle's Forwarding Service mints on the destination for its fee: nobody else has to act)
 *   where the destination supports it, or unforwarded (anyone, usually the recipient, submits the mint).
 */
import type { Lane } from '../types.js';
import type { Registry } from '../../registry/registry.js';
import { cctpV2Config } from './config.js';

export const FINALITY_FAST = 1000;
export const FINALITY_STANDARD = 2000;

export interface CctpV2Lane extends Lane {
  readonly bridge: 'CCTP_V2';
  readonly sourceDomain: number;
  readonly destinationDomain: number;
  readonly speed: 'fast' | 'standard';
  readonly minFinalityThreshold: typeof FINALITY_FAST | typeof FINALITY_STANDARD;
  /** Circle's transfer fee from the table, in parts per million of the amount (0 for standard transfers). */
  readonly feePpm: bigint;
  /** Circle mints on the destination (Forwarding Service), for `forwardFee` out of the amount. */
  readonly forwarded: boolean;
  readonly forwardFee: bigint;
  /** Whether the same pair has a fast form (a standard lane) and a forwarded form (an unforwarded lane). */
  readonly fastTwin: boolean;
  readonly forwardedTwin: boolean;
}

export function cctpV2Lanes(registry: Registry): CctpV2Lane[] {
  const cfg = cctpV2Config();
  const ends: { chainId: string; usdc: string; domain: number }[] = [];
  for (const [chainId, domain] of cfg.domain) {
    const usdc = cfg.usdc.get(chainId);
    const chain = registry.chain(chainId);
    if (usdc === undefined || !chain || !registry.listedAsset(chainId, usdc)) continue;
    if (chain.wire.chain_type !== 'evm' && chain.wire.chain_type !== 'svm') continue;
    ends.push({ chainId, usdc, domain });
  }
  const lanes: CctpV2Lane[] = [];
  for (const from of ends) {
    for (const to of ends) {
      if (from === to) continue;
      const fastFee = cfg.fastFeePpm.get(from.chainId);
      const forwardFee = cfg.forwardFee.get(to.chainId);
      const speeds = fastFee === undefined ? (['standard'] as const) : (['standard', 'fast'] as const);
      for (const speed of speeds) {
        for (const forwarded of forwardFee === undefined ? [false] : [false, true]) {
          lanes.push({
            bridge: 'CCTP_V2',
            fromChainId: from.chainId,
            toChainId: to.chainId,
            denomIn: from.usdc,
            denomOut: to.usdc,
            sourceDomain: from.domain,
            destinationDomain: to.domain,
            speed,
            minFinalityThreshold: speed === 'fast' ? FINALITY_FAST : FINALITY_STANDARD,
            feePpm: speed === 'fast' ? fastFee! : (cfg.standardFeePpm.get(from.chainId) ?? 0n),
            forwarded,
            forwardFee: forwarded ? forwardFee! : 0n,
            fastTwin: speed === 'standard' && fastFee !== undefined,
            forwardedTwin: !forwarded && forwardFee !== undefined,
          });
        }
      }
    }
  }
  return lanes;
}
