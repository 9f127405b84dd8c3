/**
 * The Cosmos side of Axelar: the MsgTransfer Junction builds round-trips through the chain's own protobuf model
 * (cosmjs-types), is addressed to Axelar's GMP account over the chain's channel to Axelar, and carries a GMP memo whose
 * payload is the AxelarHandler's ABI format, decoded here byte for byte.
 */
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAbiParameters, encodeAbiParameters, bytesToHex, type Hex } from 'viem';
import { readFileSync } from 'node:fs';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';

const OSMO = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const WETH_ON_OSMOSIS = 'ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5';
const GMP_ACCOUNT = 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5';
const GAS_RECEIVER = 'axelar1aythygn6z5thymj6tmzfwekzh05ewg3l7d6y89';
const HANDLER = '0xD397883c12b71ea39e0d9f6755030205f31A1c96';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function direct(dest: string, amount: string) {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: 'osmosis-1',
    source_asset_denom: WETH_ON_OSMOSIS,
    dest_asset_chain_id: '1',
    dest_asset_denom: dest,
    amount_in: amount,
    chain_ids_to_addresses: { 'osmosis-1': OSMO, '1': EVM },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The wire msg through protobuf and back: what a wallet signs. */
function roundTrip(msgJson: string): MsgTransfer {
  const j = JSON.parse(msgJson.replace(/"timeout_timestamp":(\d+)/, '"timeout_timestamp":"$1"'));
  const built = MsgTransfer.fromPartial({
    sourcePort: j.source_port,
    sourceChannel: j.source_channel,
    token: j.token,
    sender: j.sender,
    receiver: j.receiver,
    timeoutTimestamp: BigInt(j.timeout_timestamp),
    memo: j.memo,
  });
  return MsgTransfer.decode(MsgTransfer.encode(built).finish());
}

describe('Axelar GMP memo on the ICS-20 transfer to Axelar', () => {
  it('type 3 (send token): to the recipient, no payload, no fee, the captured key order', async () => {
    const body = await direct('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '10000000000000000000');
    const tx = body.txs[0].cosmos_tx;
    expect(tx.msgs[0].msg_type_url).toBe('/ibc.applications.transfer.v1.MsgTransfer');
    const msg = roundTrip(tx.msgs[0].msg);
    expect(msg).toMatchObject({
      sourcePort: 'transfer',
      sourceChannel: 'channel-208',
      sender: OSMO,
      receiver: GMP_ACCOUNT,
      token: { denom: WETH_ON_OSMOSIS, amount: '10000000000000000000' },
    });
    const memo = JSON.parse(msg.memo);
    expect(memo).toEqual({ destination_chain: 'Ethereum', destination_address: EVM, payload: null, type: 3 });
    // Same keys, in the same order, as the memo of a captured Skip transfer (which also carries a fee).
    const captured = JSON.parse(
      readFileSync(
        new URL('../../../test/fixtures/skip-go-api/msgs-osmosis-to-ethereum-axelar.json', import.meta.url),
        'utf8',
      ),
    );
    const capturedMemo = JSON.parse(JSON.parse(captured.response.body.txs[0].cosmos_tx.msgs[0].msg).memo);
    expect(Object.keys(memo)).toEqual(Object.keys(capturedMemo).filter((k) => k !== 'fee'));
    // The transfer fee comes out of the amount: operation amounts and estimated_fees agree.
    const op = body.route.operations[0];
    expect(BigInt(op.amount_in) - BigInt(op.amount_out)).toBe(BigInt(op.axelar_transfer.fee_amount));
    expect(body.route.estimated_fees).toMatchObject([
      {
        bridge_id: 'AXELAR',
        amount: op.axelar_transfer.fee_amount,
        fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
        tx_index: 0,
        operation_index: 0,
      },
    ]);
  });

  it('type 2 (should_unwrap): calls the AxelarHandler with command SendNative, pays the gas receiver from the amount', async () => {
    const body = await direct('ethereum-native', '2000000000000000000');
    const op = body.route.operations[0].axelar_transfer;
    expect(op).toMatchObject({
      should_unwrap: true,
      asset: 'weth-wei',
      denom_in: 'weth-wei',
      denom_out: 'ethereum-native',
      to_chain: 'Ethereum',
    });
    const msg = roundTrip(body.txs[0].cosmos_tx.msgs[0].msg);
    expect(msg.receiver).toBe(GMP_ACCOUNT);
    const memo = JSON.parse(msg.memo);
    expect(Object.keys(memo)).toEqual(['destination_chain', 'destination_address', 'payload', 'type', 'fee']);
    expect(memo).toMatchObject({
      destination_chain: 'Ethereum',
      destination_address: HANDLER,
      type: 2,
      fee: { amount: op.fee_amount, recipient: GAS_RECEIVER },
    });
    // The payload: ABI (uint8 command, bytes data), data = ABI (address recipient); SendNative is command 1.
    const payload = bytesToHex(Uint8Array.from(memo.payload as number[]));
    const [command, data] = decodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], payload);
    expect(command).toBe(1);
    expect(decodeAbiParameters([{ type: 'address' }], data as Hex)[0]).toBe(EVM);
    const expected = encodeAbiParameters(
      [{ type: 'uint8' }, { type: 'bytes' }],
      [1, encodeAbiParameters([{ type: 'address' }], [EVM])],
    );
    expect(payload).toBe(expected);
    expect(memo.payload).toHaveLength(128);
    expect(BigInt(body.route.amount_in) - BigInt(body.route.amount_out)).toBe(BigInt(memo.fee.amount));
  });

  it('refuses an amount that does not cover the fee, naming Axelar', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: WETH_ON_OSMOSIS,
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      amount_in: '1000',
    });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json().details)).toMatch(/Axelar keeps a fee/);
  });
});
