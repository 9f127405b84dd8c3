/**
 * A relayed IBC Eureka transfer from the Hub that an ICS-20 packet into the Hub starts: the Hub has no IBC hooks, but
 * its IBC callbacks middleware has the callbacks adapter run the entry point with the coins received, so the transfer
 * into the Hub and the Eureka hop are one transaction on the source chain. Checked against Skip's August 2026 answers
 * (JohnnyWyles/alloyrebalancer test-fixtures at 51cbcc28e1b43ad7a56e3b9dc4b7cebb36b0de4f): pairETH-Y1-good.json (1 ETH
 * Osmosis -> Hub -> Ethereum WETH) and pairUSDT-Y1-good.json (1000 USDT the same way), each one MsgTransfer on
 * Osmosis to the adapter cosmos1lqu9…vd22 whose memo carries `dest_callback` (the adapter) and the entry point's
 * `action` with an `ibc_transfer` over 08-wasm-1369 paying `eureka_fee` to cosmos1066e…zahttk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';

const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const HUB_USER = 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978';
const ETH_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const ETH_ON_OSMOSIS = 'ibc/20850C646CDDDC2270E9BBDB08558B5FEE57B647EC6827F41096AABFD8A0471B';
const ETH_ON_HUB = 'ibc/C0B53D3D23827AE38058BED0BDCD554229278AF530A8D265FCF6DFF7C4B2ADFF';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const HUB_ENTRY_POINT = 'cosmos1clswlqlfm8gpn7n5wu0ypu0ugaj36urlhj7yz30hn7v7mkcm2tuqy9f8s5';
const HUB_CALLBACK_ADAPTER = 'cosmos1lqu9662kd4my6dww4gzp3730vew0gkwe0nl9ztjh0n5da0a8zc4swsvd22';
const HUB_FEE_RECIPIENT = 'cosmos1066ea436np9m6gf4q95q0nte2ctq84wuzahttk';
/** data/smart-relay-fees.json: the Hub's ETH voucher, relayed to Ethereum. */
const ETH_FEE = 130_000_000_000_000n;

const request = (extra: Record<string, unknown> = {}) => ({
  source_asset_chain_id: 'osmosis-1',
  source_asset_denom: ETH_ON_OSMOSIS,
  dest_asset_chain_id: '1',
  dest_asset_denom: WETH,
  amount_in: '1000000000000000000',
  chain_ids_to_addresses: { 'osmosis-1': OSMO_USER, 'cosmoshub-4': HUB_USER, '1': ETH_USER },
  ...extra,
});

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.app.close();
});

describe('IBC Eureka from the Hub, started by a transfer into the Hub', () => {
  it("relayed: one MsgTransfer on Osmosis to the Hub's callbacks adapter, whose memo has the entry point send the packet", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await post(app.app, '/v2/fungible/msgs_direct', request());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.route.txs_required).toBe(1);
    expect(body.route.operations.map((o: Record<string, unknown>) => [Object.keys(o)[0], o.tx_index])).toEqual([
      ['transfer', 0],
      ['eureka_transfer', 0],
    ]);
    // As in Skip's answers, the transfer names the contracts that run on the Hub.
    expect(body.route.operations[0].transfer).toMatchObject({
      channel: 'channel-0',
      to_chain_id: 'cosmoshub-4',
      to_chain_callback_contract_address: HUB_CALLBACK_ADAPTER,
      to_chain_entry_contract_address: HUB_ENTRY_POINT,
    });
    expect(body.route.estimated_amount_out).toBe((10n ** 18n - ETH_FEE).toString());
    expect(body.txs).toHaveLength(1);
    const tx = body.txs[0].cosmos_tx;
    expect(tx).toMatchObject({
      chain_id: 'osmosis-1',
      signer_address: OSMO_USER,
      path: ['osmosis-1', 'cosmoshub-4', '1'],
    });
    expect(tx.msgs).toHaveLength(1);
    expect(tx.msgs[0].msg_type_url).toBe('/ibc.applications.transfer.v1.MsgTransfer');
    const transfer = JSON.parse(tx.msgs[0].msg);
    expect(transfer).toMatchObject({
      source_channel: 'channel-0',
      token: { denom: ETH_ON_OSMOSIS, amount: '1000000000000000000' },
      sender: OSMO_USER,
      receiver: HUB_CALLBACK_ADAPTER,
    });
    const memo = JSON.parse(transfer.memo);
    const deadline = memo.wasm.msg.action.timeout_timestamp as number;
    expect(memo).toEqual({
      dest_callback: { address: HUB_CALLBACK_ADAPTER },
      wasm: {
        contract: HUB_ENTRY_POINT,
        msg: {
          action: {
            action: {
              ibc_transfer: {
                ibc_info: {
                  source_channel: '08-wasm-1369',
                  receiver: ETH_USER,
                  memo: '',
                  recover_address: HUB_USER,
                  encoding: 'application/x-solidity-abi',
                  eureka_fee: {
                    coin: { denom: ETH_ON_HUB, amount: ETH_FEE.toString() },
                    receiver: HUB_FEE_RECIPIENT,
                    timeout_timestamp: deadline * 1e9,
                  },
                },
              },
            },
            exact_out: false,
            timeout_timestamp: deadline,
          },
        },
      },
    });
    // The packet's deadline (seconds) lies past the ICS-20 transfer's and within the day IBC v2 accepts.
    expect(deadline * 1e9).toBeGreaterThan(Number(transfer.timeout_timestamp));
    expect(deadline).toBeLessThanOrEqual(before + 86_400 + 5);
  });

  it('unrelayed: the Eureka transfer stays a MsgTransfer the user signs on the Hub', async () => {
    const res = await post(app.app, '/v2/fungible/msgs_direct', request({ smart_relay: false, allow_multi_tx: true }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.route.txs_required).toBe(2);
    expect(body.txs.map((t: { cosmos_tx: { chain_id: string } }) => t.cosmos_tx.chain_id)).toEqual([
      'osmosis-1',
      'cosmoshub-4',
    ]);
  });
});
