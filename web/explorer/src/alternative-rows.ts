/**
 * The alternatives of POST /junction/routes as rows a reader compares side by side: which way each goes, what it
 * delivers, what it costs on top, how many signatures and how long, and the server's own words for why it ranks
 * there. Pure, so it is tested over the real endpoint's answers.
 */
import type { RankedRoute } from '../../../src/wire/alternatives.js';
import { duration, usd } from './units.js';
import { kindOf } from './wire.js';

export type { RankedRoute };

export interface Words {
  amount(chainId: string | undefined, denom: string, amount: string): string;
  chainName(id: string | undefined): string;
}

export interface AlternativeRow {
  rank: number;
  /** Chains in order, then the bridges and venues used, e.g. "Ethereum → Noble · CCTP". */
  way: string;
  delivers: string;
  net: string;
  costsOnTop: string;
  signatures: string;
  duration: string;
  why: string;
}

const BRIDGE_NAMES: Record<string, string> = {
  transfer: 'IBC',
  cctp_transfer: 'CCTP',
  cctp_transfer_v2: 'CCTP V2',
  axelar_transfer: 'Axelar',
  hyperlane_transfer: 'Hyperlane',
  go_fast_transfer: 'Go Fast',
  eureka_transfer: 'IBC Eureka',
  op_init_transfer: 'OPinit',
  stargate_transfer: 'Stargate',
  layer_zero_transfer: 'LayerZero',
  bank_send: 'bank send',
};

function meansOf(route: RankedRoute): string[] {
  const means: string[] = [];
  for (const op of route.operations) {
    const [kind, r] = kindOf(op);
    const venue = (r.swap_venues as { name: string }[] | undefined)?.[0]?.name;
    const name =
      kind === 'swap' || kind === 'evm_swap' ? `swap on ${venue ?? 'a venue'}` : (BRIDGE_NAMES[kind] ?? kind);
    if (means[means.length - 1] !== name) means.push(name);
  }
  return means;
}

export function alternativeRows(words: Words, routes: readonly RankedRoute[]): AlternativeRow[] {
  return routes.map((r) => {
    const k = r.junction_ranking;
    const out = r.amount_out ?? r.estimated_amount_out ?? '0';
    return {
      rank: k.rank,
      way: `${r.chain_ids.map((c) => words.chainName(c)).join(' → ')} · ${meansOf(r).join(', ')}`,
      delivers: `${words.amount(r.dest_asset_chain_id, r.dest_asset_denom, out)}${r.usd_amount_out ? ` (${usd(r.usd_amount_out)})` : ''}`,
      net: usd(k.usd_net) ?? 'not valued',
      costsOnTop: usd(k.usd_costs_on_top) ?? 'not valued',
      signatures: `${k.signatures}${k.claims ? ` (${k.claims} claim${k.claims > 1 ? 's' : ''})` : ''}`,
      duration: duration(k.estimated_route_duration_seconds),
      why: k.why,
    };
  });
}
