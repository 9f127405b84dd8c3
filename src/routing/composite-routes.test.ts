/**
 * Routes that cross two lane bridges, or an IBC transfer and a lane bridge, because no single one joins the two
 * holdings: each bridge hop ends its transaction (the funds wait at the far end), so the transaction count is the
 * number of places the user must sign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { l2Denom } from '../denom/l2.js';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';

describe('composite routes', () => {
  it('axlUSDC on Polygon to USDC on Noble: Axelar to Ethereum, then CCTP (two transactions)', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '137',
      source_asset_denom: '0x750e4C4984a9e0f12978eA6742Bc1c5D248f40ed',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '500000000',
      allow_multi_tx: true,
      // The plain burn into Noble; the relayed form's fee is tested with CCTP.
      smart_relay: false,
      // Not an Axelar GMP call to Osmosis that swaps there and goes on to Noble by IBC (one transaction).
      bridges: ['AXELAR', 'CCTP'],
      chain_ids_to_addresses: { '137': EVM, '1': EVM, 'noble-1': 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(kinds(route)).toEqual(['axelar_transfer', 'cctp_transfer']);
    expect(route.chain_ids).toEqual(['137', '1', 'noble-1']);
    expect(route.operations.map((o: { tx_index: number }) => o.tx_index)).toEqual([0, 1]);
    expect(route.txs_required).toBe(2);
    expect(txs.map((x: object) => Object.keys(x)[0])).toEqual(['evm_tx', 'evm_tx']);
    // Axelar's general message keeps no transfer fee: CCTP burns all of it; Axelar's gas is paid on top, in POL.
    expect(route.operations[1].amount_in).toBe(route.operations[0].amount_out);
    expect(route.amount_out).toBe(route.amount_in);
    expect(
      route.estimated_fees.map((f: { bridge_id: string; fee_behavior: string }) => [f.bridge_id, f.fee_behavior]),
    ).toEqual([['AXELAR', 'FEE_BEHAVIOR_ADDITIONAL']]);
  });

  it('unpinned, the one-transaction Axelar GMP route through Osmosis pools too thin for the size loses too much, and the safe two-transaction route is answered instead of an error', async () => {
    const body = {
      source_asset_chain_id: '137',
      source_asset_denom: '0x750e4C4984a9e0f12978eA6742Bc1c5D248f40ed',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      // 500,000 axlUSDC: the offline axlUSDC/OSMO and OSMO/USDC pools fill $500 at 0.9 % but not this.
      amount_in: '500000000000',
      smart_relay: false,
    };
    // Alone, the one-transaction route exists and the safety rules refuse it: the answer says that a safe route
    // needs two transactions, and which.
    const single = await post(t.app, '/v2/fungible/route', { ...body, allow_multi_tx: false });
    expect(single.statusCode, single.body).toBe(404);
    expect(single.json().message).toMatch(/^no single-tx routes found/);
    expect(single.json().details[0].reason).toBe('MULTI_TX_REQUIRED');
    expect(single.json().details[0].metadata.explanation).toMatch(
      /no single-transaction route passes price safety; a route of 2 transactions does: 1\. Polygon: AXELAR to Ethereum; 2\. Ethereum: CCTP to Noble/,
    );
    // With allow_unsafe the caller takes the one-transaction route with its warning.
    const unsafe = await post(t.app, '/v2/fungible/route', { ...body, allow_multi_tx: false, allow_unsafe: true });
    expect(unsafe.statusCode, unsafe.body).toBe(200);
    expect(unsafe.json().warning.type).toBe('BAD_PRICE_WARNING');
    const res = await post(t.app, '/v2/fungible/route', { ...body, allow_multi_tx: true });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    expect(route.warning ?? null).toBeNull();
    expect(kinds(route)).toEqual(['axelar_transfer', 'cctp_transfer']);
    expect(route.txs_required).toBe(2);
  });

  it('is refused as single-transaction, with the multi-tx wording', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: '137',
      source_asset_denom: '0x750e4C4984a9e0f12978eA6742Bc1c5D248f40ed',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '500000000',
      allow_multi_tx: false,
      bridges: ['AXELAR', 'CCTP'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^no single-tx routes found/);
  });

  it('INIT on Osmosis to Yominet: an IBC transfer to Initia, then the OPinit deposit (two transactions)', async () => {
    const user = 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gdzxk49';
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'ibc/DD7EA9AF1E58E9FDD7F9810976817E203D5B87BAEF7AEA592FA34DF73310620B',
      dest_asset_chain_id: 'yominet-1',
      dest_asset_denom: l2Denom(11n, 'uinit'),
      amount_in: '3000000',
      allow_multi_tx: true,
      chain_ids_to_addresses: {
        'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
        'interwoven-1': user,
        'yominet-1': user,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(kinds(route)).toEqual(['transfer', 'op_init_transfer']);
    expect(route.txs_required).toBe(2);
    expect(
      txs.map((x: { cosmos_tx: { chain_id: string; msgs: { msg_type_url: string }[] } }) => [
        x.cosmos_tx.chain_id,
        x.cosmos_tx.msgs[0]!.msg_type_url,
      ]),
    ).toEqual([
      ['osmosis-1', '/ibc.applications.transfer.v1.MsgTransfer'],
      ['interwoven-1', '/opinit.ophost.v1.MsgInitiateTokenDeposit'],
    ]);
    expect(JSON.parse(txs[0].cosmos_tx.msgs[0].msg).receiver).toBe(user);
  });
});
