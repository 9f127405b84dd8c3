/**
 * An exact-out swap followed by a lane that deducts its fee (found by a scan of /junction/routes alternatives sent to
 * /v2/fungible/msgs): OSMO on Osmosis → exactly 1,000 USDC on Ethereum, swapping to axlUSDC and sending it over
 * Axelar, whose fee comes out of the amount. /msgs must ask the swap for amount_out plus that fee, as the route does;
 * it used to ask for amount_out alone, so the user signed too little and Ethereum received 1,000 USDC less the fee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { userAddress } from '../test-helpers/registry.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const req = {
  source_asset_chain_id: 'osmosis-1',
  source_asset_denom: 'uosmo',
  dest_asset_chain_id: '1',
  dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  amount_out: '1000000000',
  allow_multi_tx: true,
  // Axelar's routes, which one-signature routes through Noble's Orbiter or the Hub would otherwise push out of the
  // alternatives.
  bridges: ['AXELAR', 'IBC'],
};

type Op = Record<string, Record<string, unknown>>;

async function axelarAlternative(): Promise<Record<string, unknown> & { operations: Op[] }> {
  const r = await post(t.app, '/junction/routes', req);
  expect(r.statusCode, r.body).toBe(200);
  const route = (r.json().routes as { operations: Op[] }[]).find((x) => x.operations.some((o) => o.axelar_transfer));
  expect(route, 'an alternative through Axelar').toBeDefined();
  return route as Record<string, unknown> & { operations: Op[] };
}

function msgsBody(route: Record<string, unknown>, operations: Op[]) {
  return {
    source_asset_chain_id: req.source_asset_chain_id,
    source_asset_denom: req.source_asset_denom,
    dest_asset_chain_id: req.dest_asset_chain_id,
    dest_asset_denom: req.dest_asset_denom,
    amount_in: route.amount_in,
    amount_out: route.estimated_amount_out,
    address_list: (route.required_chain_addresses as string[]).map((c) =>
      /^\d+$/.test(c) ? EVM_USER : userAddress(t.ctx.registry, c),
    ),
    operations,
    slippage_tolerance_percent: '1',
  };
}

describe('an exact-out swap before a lane with a deducted fee', () => {
  it('solves the swap output from amount_out when the echoed record has no swap_amount_out', async () => {
    const route = await axelarAlternative();
    const ops = route.operations.map((o) => {
      const swapOut = (o.swap as { swap_out?: Record<string, unknown> } | undefined)?.swap_out;
      if (!swapOut) return o;
      const { swap_amount_out: _dropped, ...rest } = swapOut;
      return { ...o, swap: { ...o.swap, swap_out: rest } };
    });
    const res = await post(t.app, '/v2/fungible/msgs', msgsBody(route, ops));
    expect(res.statusCode, res.body).toBe(200);
    expect(BigInt(res.json().min_amount_out)).toBe(1_000_000_000n);
  });

  it('asks the swap for amount_out plus the lane fee, and guarantees amount_out', async () => {
    const route = await axelarAlternative();
    const ops = route.operations;
    const k = ops.findIndex((o) => (o.swap as { swap_out?: unknown } | undefined)?.swap_out);
    expect(k).toBeGreaterThanOrEqual(0);
    const axelar = ops.slice(k + 1).find((o) => o.axelar_transfer)!.axelar_transfer!;
    expect(BigInt(axelar.fee_amount as string)).toBeGreaterThan(0n);
    const swapOut = (ops[k]!.swap as { swap_out: { swap_amount_out: string } }).swap_out.swap_amount_out;
    expect(BigInt(swapOut)).toBeGreaterThanOrEqual(1_000_000_000n + BigInt(axelar.fee_amount as string));
    const res = await post(t.app, '/v2/fungible/msgs', msgsBody(route, ops));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(BigInt(body.min_amount_out)).toBe(1_000_000_000n);
    const msg = JSON.parse(body.txs[0].cosmos_tx.msgs[0].msg);
    const sa = msg.msg.swap_and_action;
    expect(sa.user_swap.swap_exact_asset_out).toBeDefined();
    expect(sa.min_asset.native.amount).toBe(swapOut);
    // The funds cover the route's input (padded by the tolerance for the refund), never less.
    expect(BigInt(msg.funds[0].amount)).toBeGreaterThanOrEqual(BigInt(route.amount_in as string));
  });
});
