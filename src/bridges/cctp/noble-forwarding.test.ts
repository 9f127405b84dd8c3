/**
 * One signature into Cosmos through Noble's forwarding accounts: the address derivation (noble-assets/forwarding
 * types/account.go: the Cosmos SDK's ADR-028 derived address of module "forwarding" over channel ‖ recipient ‖
 * fallback), recomputed here step by step with viem's sha256 rather than the code under test's hashing, and the route
 * USDC Ethereum → USDC on Osmosis with allow_multi_tx false: the CCTP burn and the IBC transfer from Noble share one
 * transaction, and the burn mints to the forwarding account for Noble's channel to Osmosis, the user's Osmosis address
 * and the user's Noble address as fallback.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, concat, decodeFunctionData, pad, sha256, stringToBytes, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { TOKEN_MESSENGER_ABI } from './abi.js';
import { onForwardingAccount, type ForwardingFields } from './forwarding-book.js';
import { forwardingAccountBytes, forwardingAddress, registerAccountMsg } from './noble-forwarding.js';

const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';

/** ADR-028 Derive(module, key) = sha256(sha256(module) ‖ key); an account takes the last 20 bytes. */
function expected(channel: string, recipient: string, fallback: string): string {
  const typ = sha256(stringToBytes('forwarding'), 'bytes');
  const full = sha256(concat([typ, stringToBytes(channel + recipient + fallback)]), 'bytes');
  return bech32.encode('noble', bech32.toWords(full.subarray(12)));
}

describe('Noble forwarding account address', () => {
  it.each([
    ['channel-1', OSMO_USER, ''],
    ['channel-1', OSMO_USER, NOBLE_USER],
    ['channel-4', 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gd0eqf5', NOBLE_USER],
  ])('%s → %s (fallback %s) follows the module derivation', (channel, recipient, fallback) => {
    expect(forwardingAddress(channel, recipient, fallback)).toBe(expected(channel, recipient, fallback));
    expect(forwardingAccountBytes(channel, recipient, fallback)).toHaveLength(20);
  });

  it('channel, recipient and fallback each change the account (a different channel is a different account)', () => {
    const a = forwardingAddress('channel-1', OSMO_USER, NOBLE_USER);
    expect(forwardingAddress('channel-2', OSMO_USER, NOBLE_USER)).not.toBe(a);
    expect(forwardingAddress('channel-1', NOBLE_USER, NOBLE_USER)).not.toBe(a);
    expect(forwardingAddress('channel-1', OSMO_USER)).not.toBe(a);
  });

  it('the registration message names the same fields the address is derived from', () => {
    const m = registerAccountMsg({ signer: NOBLE_USER, channel: 'channel-1', recipient: OSMO_USER, fallback: '' });
    expect(m.msg_type_url).toBe('/noble.forwarding.v1.MsgRegisterAccount');
    expect(JSON.parse(m.msg)).toEqual({ signer: NOBLE_USER, recipient: OSMO_USER, channel: 'channel-1', fallback: '' });
  });
});

describe('USDC Ethereum → USDC on Osmosis in one transaction (CCTP into a Noble forwarding account)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  const request = {
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETHEREUM,
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: USDC_ON_OSMOSIS,
    amount_in: '100000000',
    allow_multi_tx: false,
    bridges: ['CCTP', 'IBC'],
  };

  it('the route: the CCTP hop and the IBC hop from Noble share tx_index 0, one transaction', async () => {
    const res = await post(t.app, '/v2/fungible/route', request);
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    expect(route.txs_required).toBe(1);
    expect(
      route.operations.map((o: Record<string, unknown>) => [
        Object.keys(o).find((k) => k.endsWith('transfer')),
        o.tx_index,
      ]),
    ).toEqual([
      ['cctp_transfer', 0],
      ['transfer', 0],
    ]);
    expect(route.operations[1].transfer).toMatchObject({ from_chain_id: 'noble-1', to_chain_id: 'osmosis-1' });
  });

  it("the burn mints to the forwarding account of Noble's channel to Osmosis, the user's address there and fallback", async () => {
    const route = (await post(t.app, '/v2/fungible/route', request)).json();
    const channel = route.operations[1].transfer.channel as string;
    const announced: ForwardingFields[] = [];
    const stop = onForwardingAccount((f) => announced.push(f));
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...request,
      amount_out: route.amount_out,
      operations: route.operations,
      address_list: route.required_chain_addresses.map(
        (c: string) => ({ '1': EVM_USER, 'noble-1': NOBLE_USER, 'osmosis-1': OSMO_USER })[c],
      ),
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { txs } = res.json();
    expect(txs).toHaveLength(1);
    expect(txs[0].operations_indices).toEqual([0, 1]);
    // The free burn through Circle's TokenMessenger: Noble's relayers mint into the forwarding account.
    const call = decodeFunctionData({ abi: TOKEN_MESSENGER_ABI, data: `0x${txs[0].evm_tx.data}` as Hex });
    expect(call.functionName).toBe('depositForBurn');
    const account = expected(channel, OSMO_USER, NOBLE_USER);
    expect(call.args[1]).toBe(4); // Noble
    expect(call.args[2]).toBe(pad(bytesToHex(Uint8Array.from(bech32.fromWords(bech32.decode(account).words)))));
    // Building it announced the account's registration fields (kept by the transaction service for the tracker).
    stop();
    expect(announced).toContainEqual({ address: account, channel, recipient: OSMO_USER, fallback: NOBLE_USER });
  });
});
