/**
 * The smart-relayed CCTP transfer into Noble (Skip's CCTPRelayer, fee on top of the burn) as a client gets it: a burn
 * into Noble without a destination caller is minted by Noble's own relayers for nothing, so that free form is the
 * route Junction answers first, and the relayed form is one of the alternatives of /junction/routes. This takes that
 * alternative and asks /v2/fungible/msgs for its transactions, as a client choosing it would.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { post } from '../../../http/test-helpers/app.js';

interface RelayedRequest {
  source_asset_chain_id: string;
  source_asset_denom: string;
  dest_asset_chain_id: string;
  dest_asset_denom: string;
  amount_in: string;
  chain_ids_to_addresses: Record<string, string>;
  slippage_tolerance_percent?: string;
}

interface Ranked {
  amount_in: string;
  estimated_amount_out: string;
  required_chain_addresses: string[];
  operations: Record<string, { smart_relay?: boolean }>[];
  [field: string]: unknown;
}

/** The relayed route into Noble and its messages: `{ route, txs, msgs }` as /msgs_direct answers. */
export async function relayedIntoNoble(
  app: FastifyInstance,
  request: RelayedRequest,
): Promise<{ route: Ranked; txs: { evm_tx?: Record<string, unknown> }[]; msgs: unknown[] }> {
  const { chain_ids_to_addresses: addresses, slippage_tolerance_percent: slippage, ...routeRequest } = request;
  const alternatives = await post(app, '/junction/routes', { ...routeRequest, smart_relay: true });
  expect(alternatives.statusCode, alternatives.body).toBe(200);
  const route = (alternatives.json() as { routes: Ranked[] }).routes.find(
    (r) => r.operations.length === 1 && r.operations[0]!.cctp_transfer?.smart_relay === true,
  );
  if (!route) throw new Error(`no relayed CCTP alternative in ${alternatives.body}`);
  const res = await post(app, '/v2/fungible/msgs', {
    source_asset_chain_id: request.source_asset_chain_id,
    source_asset_denom: request.source_asset_denom,
    dest_asset_chain_id: request.dest_asset_chain_id,
    dest_asset_denom: request.dest_asset_denom,
    amount_in: route.amount_in,
    amount_out: route.estimated_amount_out,
    address_list: route.required_chain_addresses.map((chain) => addresses[chain]),
    operations: route.operations,
    slippage_tolerance_percent: slippage ?? '1',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { route, ...(res.json() as { txs: { evm_tx?: Record<string, unknown> }[]; msgs: unknown[] }) };
}
