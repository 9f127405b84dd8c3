/**
 * USDC from Osmosis to an EVM chain through Noble in one transaction: the ICS-20 transfer goes to Noble's Orbiter
 * module account with an `orbiter` memo, and Orbiter pays the relaying fee and burns the rest for CCTP in the
 * transaction that receives the packet (noble-assets/orbiter docs/integration.md). Checked against Skip's August 2026
 * answer for 10 000 USDC Osmosis -> Ethereum (JohnnyWyles/alloyrebalancer test-fixtures/stageE1-good.json at
 * 51cbcc28e1b43ad7a56e3b9dc4b7cebb36b0de4f), whose memo is the one below but for the fee (88934 uusdc there, Junction's
 * data/smart-relay-fees.json figure here), and tracked as a live transfer was received on Noble (test-fixtures
 * cctp-noble-orbiter-recv.json at a71be58: recv_packet, the fee action's bank send, Circle's MessageSent and
 * DepositForBurn, then write_acknowledgement, in one transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { FakeCosmosNetwork } from '../../tx/test-helpers/cosmos-network.js';
import { RESULT_ACK, TestRelayer } from '../../tx/test-helpers/ibc-relayer.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import { tickedStatus } from '../../tx/test-helpers/status.js';
import type { TxService } from '../../tx/service.js';
import { burnMessageV1 } from './test-helpers/message.js';

const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const ETH_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ORBITER = 'noble15xt7kx5mles58vkkfxvf0lq78sw04jajvfgd4d';
const NOBLE_RELAYER = 'noble1dyw0geqa2cy0ppdjcxfpzusjpwmq85r5a35hqe';
/** data/smart-relay-fees.json cctp.noble_to_evm for Ethereum. */
const FEE = 1_000_000n;

const request = (extra: Record<string, unknown> = {}) => ({
  source_asset_chain_id: 'osmosis-1',
  source_asset_denom: USDC_ON_OSMOSIS,
  dest_asset_chain_id: '1',
  dest_asset_denom: USDC,
  amount_in: '10000000000',
  chain_ids_to_addresses: { 'osmosis-1': OSMO_USER, 'noble-1': NOBLE_USER, '1': ETH_USER },
  ...extra,
});

const net = new FakeCosmosNetwork();
let app: TestApp;
let t: TestStore;
let tx: TxService;
let relayer: TestRelayer;
/** Ethereum, where the tracker looks for the mint (none here). */
let node: Anvil;
beforeAll(async () => {
  node = await startAnvil(1);
  net.chain('osmosis-1');
  net.chain('noble-1');
  await net.start();
  app = await buildTestApp();
  relayer = new TestRelayer(net, app.ctx.registry);
  t = await sqliteTestStore();
  tx = testTxService({
    store: t.store,
    registry: app.ctx.registry,
    rpc: `${net.settings().rpc},1=${node.url}`,
    rest: net.settings().rest,
    now: () => net.now,
  });
});
afterAll(async () => {
  await app?.app.close();
  await node?.stop();
  await net.stop();
  await t?.cleanup();
});

async function orbiterTransfer() {
  const res = await post(app.app, '/v2/fungible/msgs_direct', request());
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('CCTP out of Noble through Orbiter, after a transfer into Noble', () => {
  it("one MsgTransfer on Osmosis to Orbiter's module account, with Skip's memo: fee action, then the CCTP burn", async () => {
    const body = await orbiterTransfer();
    expect(body.route.txs_required).toBe(1);
    expect(body.route.operations.map((o: Record<string, unknown>) => [Object.keys(o)[0], o.tx_index])).toEqual([
      ['transfer', 0],
      ['cctp_transfer', 0],
    ]);
    expect(body.route.estimated_amount_out).toBe((10_000_000_000n - FEE).toString());
    expect(body.txs).toHaveLength(1);
    const msgs = body.txs[0].cosmos_tx.msgs;
    expect(msgs).toHaveLength(1);
    const transfer = JSON.parse(msgs[0].msg);
    expect(transfer).toMatchObject({
      source_channel: 'channel-750',
      token: { denom: USDC_ON_OSMOSIS, amount: '10000000000' },
      sender: OSMO_USER,
      receiver: ORBITER,
    });
    // Byte for byte Skip's memo, but for the fee figure.
    expect(transfer.memo).toBe(
      `{"orbiter":{"pre_actions":[{"id":"ACTION_FEE","attributes":{"@type":"/noble.orbiter.controller.action.v2.FeeAttributes","fees_info":[{"recipient":"${NOBLE_RELAYER}","amount":{"value":"${FEE}"}}]}}],"forwarding":{"protocol_id":"PROTOCOL_CCTP","attributes":{"@type":"/noble.orbiter.controller.forwarding.v1.CCTPAttributes","destination_domain":0,"mint_recipient":"AAAAAAAAAAAAAAAAD3gzd3v8nvcti3aulU04Sd1x+Ck=","destination_caller":"AAAAAAAAAAAAAAAA/AWtdMb+LnBG4JHWrU9mDSoVl2I="},"passthrough_payload":""}}}`,
    );
  });

  it('tracked: the Noble receipt is not the end; the burn Orbiter made there is the next (CCTP) leg', async () => {
    const body = await orbiterTransfer();
    const transfer = JSON.parse(body.txs[0].cosmos_tx.msgs[0].msg);
    const p = relayer.packet('osmosis-1', 'channel-750', {
      denom: 'transfer/channel-750/uusdc',
      amount: transfer.token.amount,
      sender: OSMO_USER,
      receiver: ORBITER,
      memo: transfer.memo,
    });
    const hash = relayer.send(p);
    await tx.track('osmosis-1', hash, null);
    let s = await tickedStatus(tx, 'osmosis-1', hash, () => net.now++);
    expect(s.state).toBe('STATE_PENDING');

    // Noble receives it: Orbiter's fee send and burn, Circle's MessageSent (V1, Noble domain 4 -> Ethereum 0).
    const message = burnMessageV1({
      sourceDomain: 4,
      destinationDomain: 0,
      nonce: 372_942n,
      burnToken: '0x487039debedbf32d260137b0a6f66b90962bec777250910d253781de326a716d',
      mintRecipient: `0x${'00'.repeat(12)}${ETH_USER.slice(2).toLowerCase()}`,
      amount: 10_000_000_000n - FEE,
    });
    relayer.recv(p, RESULT_ACK, [
      {
        type: 'circle.cctp.v1.MessageSent',
        attributes: [
          { key: 'message', value: JSON.stringify(Buffer.from(message.slice(2), 'hex').toString('base64')) },
          { key: 'msg_index', value: '1' },
        ],
      },
    ]);
    net.now += 1000;
    s = await tickedStatus(tx, 'osmosis-1', hash, () => net.now++);
    const sequence = s.transfers[0]!.transfer_sequence;
    expect(sequence[0]).toMatchObject({
      ibc_transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'noble-1', state: 'TRANSFER_SUCCESS' },
    });
    expect(sequence[1]).toMatchObject({ cctp_transfer: { from_chain_id: 'noble-1', to_chain_id: '1' } });
    // Never a success while the USDC is only burnt on Noble.
    expect(s.state).toBe('STATE_PENDING');
    expect(s).toMatchObject({ next_blocking_transfer: { transfer_sequence_index: 1 } });
  });
});
