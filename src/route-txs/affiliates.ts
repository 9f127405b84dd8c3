/**
 * chain_ids_to_affiliates: affiliates per chain, paid on the route's last swap if it runs on that chain (Skip's rule;
 * routing/engine.ts lastSwapLeg). Every listed chain must carry the same cumulative basis points (the quote was made
 * with one cumulative figure), each affiliate address must be valid on its chain, and each fee is an integer number
 * of basis points in 0..10000. On an EVM chain the address is 0x and 40 hex digits in any case (the EIP-55 checksum
 * is not required of an address that only receives), emitted in its checksummed form.
 */
import { getAddress, isAddress } from 'viem';
import { invalidArgument } from '../errors.js';
import { describeValue } from '../wire/limits.js';
import type { ChainAffiliates } from '../wire/msgs.js';
import type { Registry } from '../registry/registry.js';
import { addressProblem, canonicalAddress } from '../messages/address.js';

export interface Affiliate {
  address: string;
  bps: number;
}

export interface AffiliatesByChain {
  byChain: ReadonlyMap<string, readonly Affiliate[]>;
  /** The cumulative bps every listed chain carries (0 when none are listed). */
  cumulativeBps: number;
}

export function parseAffiliates(
  registry: Registry,
  raw: Record<string, ChainAffiliates> | null | undefined,
): AffiliatesByChain {
  const byChain = new Map<string, Affiliate[]>();
  const totals: [string, number][] = [];
  for (const [chainId, entry] of Object.entries(raw ?? {})) {
    if (!registry.chain(chainId))
      throw invalidArgument(`invalid chain_ids_to_affiliates: unknown chain id ${describeValue(chainId)}`);
    const field = `chain_ids_to_affiliates.${chainId}`;
    const list: Affiliate[] = entry.affiliates.map((a, i) => {
      const at = `${field}.affiliates[${i}]`;
      if (!/^\d+$/.test(a.basis_points_fee) || Number(a.basis_points_fee) > 10_000) {
        throw invalidArgument(
          `invalid ${at}.basis_points_fee: must be an integer between 0 and 10000, got ${describeValue(a.basis_points_fee)}`,
        );
      }
      const evm = registry.chain(chainId)?.wire.chain_type === 'evm';
      const problem = evm
        ? isAddress(a.address, { strict: false })
          ? undefined
          : 'not an EVM address (0x and 40 hex digits)'
        : addressProblem(registry, chainId, a.address);
      if (problem) throw invalidArgument(`invalid ${at}.address for chain ${chainId}: ${problem}`);
      const address = evm ? getAddress(a.address) : canonicalAddress(registry, chainId, a.address);
      return { address, bps: Number(a.basis_points_fee) };
    });
    const total = list.reduce((s, a) => s + a.bps, 0);
    if (total > 10_000) throw invalidArgument(`invalid ${field}: cumulative affiliate fee ${total} bps exceeds 10000`);
    byChain.set(chainId, list);
    totals.push([chainId, total]);
  }
  const distinct = new Set(totals.map(([, t]) => t));
  if (distinct.size > 1) {
    throw invalidArgument(
      `invalid chain_ids_to_affiliates: every chain must carry the same cumulative basis_points_fee, got ${totals.map(([c, t]) => `${c}: ${t}`).join(', ')}`,
    );
  }
  return { byChain, cumulativeBps: totals[0]?.[1] ?? 0 };
}
