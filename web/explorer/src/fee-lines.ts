/**
 * The fee lines under each operation of the route diagram, in one vocabulary: whatever pays a relayer is a
 * "Relay fee" (an IBC hop's relayer fee, a CCTP smart relay quote, a SMART_RELAY entry of estimated_fees), listed once
 * per operation.
 */
import { usd } from './units.js';
import { kindOf, type Fee, type Operation } from './wire.js';

/** What the lines need of the page's catalog: an amount in words (a structural slice, so tests need no DOM). */
export interface AmountWords {
  amount(chainId: string | undefined, denom: string, amount: string): string;
}

const s = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** The words for a fee_type of estimated_fees. */
const FEE_NAMES: Record<string, string> = { SMART_RELAY: 'Relay fee' };

export function feeLines(catalog: AmountWords, op: Operation, index: number, fees: Fee[]): string[] {
  const [kind, r] = kindOf(op);
  const lines: string[] = [];
  if (kind === 'transfer') {
    const asset = r.fee_asset as { denom?: string; chain_id?: string } | null | undefined;
    if (r.fee_amount && asset?.denom)
      lines.push(
        `Relay fee: ${catalog.amount(asset.chain_id, asset.denom, s(r.fee_amount))}${r.usd_fee_amount ? ` (${usd(s(r.usd_fee_amount))})` : ''}`,
      );
    else lines.push('Relay fee: none charged on this hop');
  } else if (kind === 'swap') {
    const swapIn = (r.swap_in ?? r.swap_out ?? r.smart_swap_in) as Record<string, unknown> | undefined;
    const impact = s(swapIn?.price_impact_percent);
    if (impact) lines.push(`Price impact: ${impact} %`);
    const aff = /^(\d+)(.+)$/.exec(s(r.estimated_affiliate_fee));
    if (aff) lines.push(`Affiliate fee: ${catalog.amount(s(r.chain_id), aff[2]!, aff[1]!)}`);
    lines.push('Pool and taker fees: included in the amount out');
  } else if (kind === 'cctp_transfer') {
    // The relay fee is listed once: from estimated_fees when the route carries it there (with its USD value), else
    // from the operation's quote; without either, nobody is paid to relay and the page says so in the same words.
    const quote = r.smart_relay_fee_quote as Record<string, unknown> | null | undefined;
    const listed = fees.some((f) => f.operation_index === index && f.fee_type === 'SMART_RELAY');
    lines.push('Bridge fee: none (Circle charges nothing to burn and mint)');
    if (quote && !listed)
      lines.push(`Relay fee: ${catalog.amount(undefined, s(quote.fee_denom), s(quote.fee_amount))}`);
    else if (!quote && !listed) lines.push('Relay fee: none');
  } else {
    for (const [k, v] of Object.entries(r))
      if (/fee/.test(k) && typeof v === 'string' && v) lines.push(`${k.replace(/_/g, ' ')}: ${v}`);
  }
  for (const f of fees.filter((x) => x.operation_index === index)) {
    const amount = f.origin_asset ? catalog.amount(f.origin_asset.chain_id, f.origin_asset.denom, f.amount) : f.amount;
    lines.push(
      `${FEE_NAMES[f.fee_type] ?? `${f.fee_type.replace(/_/g, ' ').toLowerCase()} fee`} (${f.bridge_id}): ${amount}${f.usd_amount ? ` (${usd(f.usd_amount)})` : ''}, ${f.fee_behavior === 'FEE_BEHAVIOR_ADDITIONAL' ? 'paid on top' : 'deducted from the amount'}`,
    );
  }
  return lines;
}
