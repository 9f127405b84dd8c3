/**
 * The operator's share of affiliate fee revenue (service spec: 25 % for callers without a valid API key, 20 % with
 * one). It is carved out of the integrator's own basis points and paid as one more affiliate entry in the swap
 * message, to the operator's fee address on the swap chain:
 * - the cumulative bps does not change, so the quote the integrator made with cumulative_affiliate_fee_bps stays
 *   exact (same min_asset, same user outcome);
 * - anyone who decodes the transaction sees the split.
 * Basis points are integers, so the operator takes floor(total × share) and the integrators keep the rest, split in
 * proportion to what they asked for (largest remainder), never more than they asked.
 */
import type { Affiliate, AffiliatesByChain } from './affiliates.js';

export interface RevenueShareConfig {
  /** Percent of affiliate revenue kept by the operator, per caller tier. */
  anonymousPercent: number;
  keyedPercent: number;
  /** The operator's fee address per chain; chains without one pay no share. */
  feeAddresses: ReadonlyMap<string, string>;
}

export type CallerTier = 'anonymous' | 'key';

export function operatorBps(totalBps: number, percent: number): number {
  return Math.floor((totalBps * percent) / 100);
}

/** Integrator entries scaled down to `keep` bps in total, by largest remainder, deterministic for equal inputs. */
function scaleTo(affiliates: readonly Affiliate[], keep: number): Affiliate[] {
  const total = affiliates.reduce((s, a) => s + a.bps, 0);
  if (total === 0) return affiliates.map((a) => ({ ...a }));
  const exact = affiliates.map((a) => (a.bps * keep) / total);
  const out = affiliates.map((a, i) => ({ ...a, bps: Math.floor(exact[i]!) }));
  let left = keep - out.reduce((s, a) => s + a.bps, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  for (const [, i] of order) {
    if (left === 0) break;
    out[i]!.bps += 1;
    left--;
  }
  return out;
}

export function withOperatorShare(
  affiliates: AffiliatesByChain,
  config: RevenueShareConfig,
  tier: CallerTier,
): AffiliatesByChain {
  const percent = tier === 'key' ? config.keyedPercent : config.anonymousPercent;
  const byChain = new Map<string, Affiliate[]>();
  for (const [chainId, list] of affiliates.byChain) {
    const total = list.reduce((s, a) => s + a.bps, 0);
    const operator = config.feeAddresses.get(chainId);
    const share = operator ? operatorBps(total, percent) : 0;
    if (share === 0) {
      byChain.set(chainId, [...list]);
      continue;
    }
    byChain.set(chainId, [
      ...scaleTo(list, total - share).filter((a) => a.bps > 0),
      { address: operator!, bps: share },
    ]);
  }
  return { byChain, cumulativeBps: affiliates.cumulativeBps };
}

/** OPERATOR_FEE_ADDRESSES: `chain-id=address` pairs separated by commas. */
export function parseFeeAddresses(raw: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0 || eq === part.length - 1)
      throw new Error(`OPERATOR_FEE_ADDRESSES: expected chain-id=address, got "${part}"`);
    out.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}
