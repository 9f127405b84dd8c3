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
import type { PlannedRoute } from '../routing/types.js';
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

/**
 * Skip's rule: the affiliates are paid on the chain of the route's last swap, whose entry must carry the cumulative
 * bps. Affiliates given for other chains only (an integrator expecting a fee on a swap that is not the last, or on an
 * EVM chain it did not list) would silently earn nothing: that is refused, naming the chain to list. A route without a
 * swap pays no affiliate fee and needs no entry.
 */
export function requireFeeChainListed(affiliates: AffiliatesByChain, route: PlannedRoute): void {
  if (affiliates.cumulativeBps === 0) return;
  const last = route.steps.findLast((s) => s.kind === 'swap');
  if (!last || affiliates.byChain.has(last.chainId)) return;
  throw invalidArgument(
    `invalid chain_ids_to_affiliates: the route's last swap, where affiliate fees are collected, runs on ${last.chainId}, which has no entry (listed: ${[...affiliates.byChain.keys()].join(', ')})`,
  );
}
