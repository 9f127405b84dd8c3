/**
 * OPinit messages decode with the OPinit proto definitions (initia-labs/OPinit proto/opinit/ophost/v1/tx.proto and
 * proto/opinit/opchild/v1/tx.proto; field numbers as in execution mechanics §9, the withdrawal skipping field 3),
 * loaded with protobufjs: the wire JSON is encoded as a wallet would and read back field by field.
 */
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { l2Denom } from '../../denom/l2.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';

const PROTO = `
syntax = "proto3";
package opinit;
message Coin { string denom = 1; string amount = 2; }
message MsgInitiateTokenDeposit { string sender = 1; uint64 bridge_id = 2; string to = 3; Coin amount = 4; bytes data = 5; }
message MsgInitiateTokenWithdrawal { string sender = 1; string to = 2; Coin amount = 4; }
`;
const root = protobuf.parse(PROTO, { keepCase: true }).root;
const Deposit = root.lookupType('opinit.MsgInitiateTokenDeposit');
const Withdrawal = root.lookupType('opinit.MsgInitiateTokenWithdrawal');

const USER = 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gdzxk49';
const OTHER = 'init1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqa4qvvl';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function direct(from: string, fromDenom: string, to: string, toDenom: string) {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: from,
    source_asset_denom: fromDenom,
    dest_asset_chain_id: to,
    dest_asset_denom: toDenom,
    amount_in: '1234567',
    chain_ids_to_addresses: { [from]: USER, [to]: OTHER },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Encodes the wire JSON with the proto definition and decodes the bytes again. */
function viaProtobuf(type: protobuf.Type, json: string): Record<string, unknown> {
  const bytes = type.encode(type.fromObject(JSON.parse(json))).finish();
  return type.toObject(type.decode(bytes), { longs: String, defaults: false });
}

describe('OPinit messages', () => {
  it('a deposit on Initia L1 is MsgInitiateTokenDeposit with the bridge id, the L2 recipient and the L1 coin', async () => {
    const body = await direct('interwoven-1', 'uinit', 'yominet-1', l2Denom(11n, 'uinit'));
    const tx = body.txs[0].cosmos_tx;
    expect(tx).toMatchObject({ chain_id: 'interwoven-1', signer_address: USER, path: ['interwoven-1', 'yominet-1'] });
    expect(tx.msgs[0].msg_type_url).toBe('/opinit.ophost.v1.MsgInitiateTokenDeposit');
    expect(viaProtobuf(Deposit, tx.msgs[0].msg)).toEqual({
      sender: USER,
      bridge_id: '11',
      to: OTHER,
      amount: { denom: 'uinit', amount: '1234567' },
    });
    // Field numbers on the wire: sender 1 (0x0a), bridge_id 2 varint (0x10), to 3 (0x1a), amount 4 (0x22).
    const bytes = Deposit.encode(Deposit.fromObject(JSON.parse(tx.msgs[0].msg))).finish();
    expect(bytes[0]).toBe(0x0a);
    expect([...bytes]).toContain(0x10);
    expect(body.route.operations[0].op_init_transfer).toEqual({
      from_chain_id: 'interwoven-1',
      to_chain_id: 'yominet-1',
      denom_in: 'uinit',
      denom_out: l2Denom(11n, 'uinit'),
      op_init_bridge_id: '11',
      bridge_id: 'OPINIT',
      smart_relay: false,
    });
  });

  it('a withdrawal on the rollup is MsgInitiateTokenWithdrawal (amount in field 4) of the l2/ denom', async () => {
    const body = await direct('yominet-1', l2Denom(11n, 'uinit'), 'interwoven-1', 'uinit');
    const tx = body.txs[0].cosmos_tx;
    expect(tx).toMatchObject({ chain_id: 'yominet-1', signer_address: USER });
    expect(tx.msgs[0].msg_type_url).toBe('/opinit.opchild.v1.MsgInitiateTokenWithdrawal');
    expect(viaProtobuf(Withdrawal, tx.msgs[0].msg)).toEqual({
      sender: USER,
      to: OTHER,
      amount: { denom: l2Denom(11n, 'uinit'), amount: '1234567' },
    });
    const bytes = Withdrawal.encode(Withdrawal.fromObject(JSON.parse(tx.msgs[0].msg))).finish();
    const tags = [];
    for (let i = 0; i < bytes.length;) {
      const tag = bytes[i]!;
      tags.push(tag >> 3);
      const len = bytes[i + 1]!;
      i += 2 + len;
    }
    expect(tags).toEqual([1, 2, 4]);
    expect(body.route.estimated_route_duration_seconds).toBe(604800);
  });
});
