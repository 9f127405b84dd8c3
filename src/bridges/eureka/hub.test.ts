/**
 * The Hub side of IBC Eureka: the unrelayed MsgTransfer is re-encoded from the wire JSON with cosmjs-types (the
 * chain's protobuf model) and decoded back, and must carry the IBC v2 fields (the client as source_channel, the
 * Solidity ABI encoding, a timeout in seconds at most a day ahead, no timeout height); the relayed form runs through
 * the Hub entry point, whose eureka_fee pays the relay fee, and the fee entries add up: the coin the user signs for =
 * amount delivered + fees. Packet timeouts, for default and extreme timeout_seconds and in both forms, cover the
 * lane's expected delivery plus the margin of timeout.ts and stay within the 24 hours the Hub's channel v2 core accepts
 * (ibc-go v10 MaxTimeoutDelta).
 */
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { eurekaConfig, overrideEurekaRelay } from './config.js';
import {
  EUREKA_MAX_PACKET_SECONDS,
  IBC_V2_MAX_TIMEOUT_SECONDS,
  relayMarginSeconds,
  SKIP_GO_EUREKA_WINDOW_SECONDS,
} from './timeout.js';

const HUB_USER = 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978';
const ETH_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const ATOM_ON_ETHEREUM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const HUB_ENTRY_POINT = 'cosmos1clswlqlfm8gpn7n5wu0ypu0ugaj36urlhj7yz30hn7v7mkcm2tuqy9f8s5';
const RELAYER_FEE_ADDRESS = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
const request = (extra: Record<string, unknown> = {}) => ({
  source_asset_chain_id: 'cosmoshub-4',
  source_asset_denom: 'uatom',
  dest_asset_chain_id: '1',
  dest_asset_denom: ATOM_ON_ETHEREUM,
  amount_in: '30000000',
  chain_ids_to_addresses: { 'cosmoshub-4': HUB_USER, '1': ETH_USER },
  ...extra,
});

let app: TestApp;
let relayed: TestApp;
let shipped: TestApp;
beforeAll(async () => {
  // `app`: an operator who offers Eureka unrelayed only (no fee recipient for the Hub); `relayed`: the test's own
  // fee recipient and fee. The shipped terms (Skip's recipients) are checked at the end.
  overrideEurekaRelay({ relay_fee_recipient: { 'cosmoshub-4': null }, fee: {} });
  app = await buildTestApp();
  overrideEurekaRelay({
    relay_fee_recipient: { 'cosmoshub-4': RELAYER_FEE_ADDRESS },
    fee: { 'cosmoshub-4': { uatom: '250000' } },
  });
  relayed = await buildTestApp();
  overrideEurekaRelay(undefined);
  shipped = await buildTestApp();
});
afterAll(async () => {
  await app.app.close();
  await relayed.app.close();
  await shipped.app.close();
});

describe('IBC Eureka from the Cosmos Hub', () => {
  it('unrelayed: an IBC v2 MsgTransfer that decodes with cosmjs-types and carries the v2 fields', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await post(app.app, '/v2/fungible/msgs_direct', request({ timeout_seconds: '600' }));
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[0].cosmos_tx;
    expect(tx.msgs).toHaveLength(1);
    expect(tx.msgs[0].msg_type_url).toBe('/ibc.applications.transfer.v1.MsgTransfer');
    // The wire JSON keeps the timeout as a bare integer.
    expect(tx.msgs[0].msg).toMatch(/"timeout_timestamp":\d+,/);
    const j = JSON.parse(tx.msgs[0].msg);
    const encoded = MsgTransfer.encode(
      MsgTransfer.fromPartial({
        sourcePort: j.source_port,
        sourceChannel: j.source_channel,
        token: j.token,
        sender: j.sender,
        receiver: j.receiver,
        timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
        timeoutTimestamp: BigInt(j.timeout_timestamp),
        memo: j.memo,
        encoding: j.encoding,
      }),
    ).finish();
    const m = MsgTransfer.decode(encoded);
    expect(m).toMatchObject({
      sourcePort: 'transfer',
      sourceChannel: '08-wasm-1369',
      sender: HUB_USER,
      receiver: ETH_USER,
      encoding: 'application/x-solidity-abi',
    });
    expect(m.token).toEqual({ denom: 'uatom', amount: '30000000' });
    expect(j.timeout_height).toEqual({});
    // Seconds, not nanoseconds: the v2 core compares it with block time in seconds. 600 s asked, but the packet
    // waits for the relay: the twelve hours Skip Go gives its Eureka packets (timeout.ts).
    expect(m.timeoutTimestamp).toBeGreaterThanOrEqual(BigInt(before + SKIP_GO_EUREKA_WINDOW_SECONDS));
    expect(m.timeoutTimestamp).toBeLessThan(BigInt(before + SKIP_GO_EUREKA_WINDOW_SECONDS + 100));
    expect(res.json().route.estimated_fees).toEqual([]);
  });

  it('relayed: the entry point pays eureka_fee; coin signed = amount delivered + SMART_RELAY fee', async () => {
    const res = await post(relayed.app, '/v2/fungible/msgs_direct', request());
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    const msg = txs[0].cosmos_tx.msgs[0];
    expect(msg.msg_type_url).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    const exec = JSON.parse(msg.msg);
    expect(exec.contract).toBe(HUB_ENTRY_POINT);
    const info = exec.msg.action.action.ibc_transfer.ibc_info;
    expect(info).toMatchObject({
      source_channel: '08-wasm-1369',
      receiver: ETH_USER,
      encoding: 'application/x-solidity-abi',
      recover_address: HUB_USER,
    });
    expect(info.eureka_fee.coin).toEqual({ denom: 'uatom', amount: '250000' });
    expect(info.eureka_fee.receiver).toBe(RELAYER_FEE_ADDRESS);
    // The action's timeout is in seconds (IBC v2), the fee's in nanoseconds (execution-mechanics §0.1).
    expect(info.eureka_fee.timeout_timestamp).toBe(exec.msg.action.timeout_timestamp * 1e9);
    const fees = route.estimated_fees;
    expect(fees).toEqual([
      expect.objectContaining({
        fee_type: 'SMART_RELAY',
        bridge_id: 'EUREKA',
        amount: '250000',
        chain_id: 'cosmoshub-4',
        tx_index: 0,
        operation_index: 0,
        fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
      }),
    ]);
    const signed = BigInt(exec.funds[0].amount);
    expect(signed).toBe(BigInt(route.amount_in));
    expect(signed).toBe(BigInt(route.estimated_amount_out) + BigInt(fees[0].amount));
    expect(route.operations[0].eureka_transfer).toMatchObject({
      smart_relay: true,
      entry_contract_address: HUB_ENTRY_POINT,
      source_client: '08-wasm-1369',
    });
  });
});

describe('IBC Eureka from the Hub with the shipped relaying terms', () => {
  it("is relayed by Skip: eureka_fee goes to Skip's fee address on the Hub (data/smart-relay-fees.json)", async () => {
    const res = await post(shipped.app, '/v2/fungible/msgs_direct', request());
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    const exec = JSON.parse(txs[0].cosmos_tx.msgs[0].msg);
    expect(exec.contract).toBe(HUB_ENTRY_POINT);
    const info = exec.msg.action.action.ibc_transfer.ibc_info;
    expect(info.eureka_fee.receiver).toBe('cosmos1066ea436np9m6gf4q95q0nte2ctq84wuzahttk');
    expect(info.eureka_fee.coin).toEqual({ denom: 'uatom', amount: '250000' });
    expect(route.operations[0].eureka_transfer.smart_relay).toBe(true);
  });
});

describe('IBC Eureka packet timeouts from the Hub', () => {
  const expected = eurekaConfig().seconds.get('cosmoshub-4')!;
  /** null: timeout_seconds left out (the wire default, 300 s). */
  const CALLER = [null, '1', '600', '86400', '86401', '604800'];

  async function timeoutAhead(t: TestApp, timeoutSeconds: string | null) {
    const before = Math.floor(Date.now() / 1000);
    const res = await post(
      t.app,
      '/v2/fungible/msgs_direct',
      request(timeoutSeconds === null ? {} : { timeout_seconds: timeoutSeconds }),
    );
    // Whole seconds the request may have taken: Junction's clock read lies between `before` and now.
    const spent = Math.ceil(Date.now() / 1000) - before;
    expect(res.statusCode, res.body).toBe(200);
    const msg = res.json().txs[0].cosmos_tx.msgs[0];
    const j = JSON.parse(msg.msg.replace(/"timeout_timestamp":(\d+)/g, '"timeout_timestamp":"$1"'));
    if (msg.msg_type_url === '/ibc.applications.transfer.v1.MsgTransfer') {
      // Through the transfer module's protobuf model, as the chain decodes it.
      const m = MsgTransfer.decode(
        MsgTransfer.encode(MsgTransfer.fromPartial({ timeoutTimestamp: BigInt(j.timeout_timestamp) })).finish(),
      );
      return { ahead: Number(m.timeoutTimestamp) - before, spent };
    }
    // The relayed form: the entry point sends the packet with the action's timeout (seconds); the fee's is the same.
    const action = j.msg.action;
    expect(BigInt(action.action.ibc_transfer.ibc_info.eureka_fee.timeout_timestamp)).toBe(
      BigInt(action.timeout_timestamp) * 1_000_000_000n,
    );
    return { ahead: Number(action.timeout_timestamp) - before, spent };
  }

  it.each(CALLER)('unrelayed, timeout_seconds %s: expected + margin ≤ timeout − now ≤ the accepted day', async (t) => {
    const { ahead, spent } = await timeoutAhead(app, t);
    expect(ahead).toBeGreaterThanOrEqual(expected + relayMarginSeconds(expected));
    expect(ahead).toBeGreaterThanOrEqual(Math.min(Number(t ?? 300), EUREKA_MAX_PACKET_SECONDS));
    // At most the day from the moment Junction built it (however long a loaded machine took to answer).
    expect(ahead).toBeLessThanOrEqual(EUREKA_MAX_PACKET_SECONDS + spent);
    expect(ahead).toBeLessThan(IBC_V2_MAX_TIMEOUT_SECONDS);
  });

  it.each(CALLER)('relayed, timeout_seconds %s: the same bounds on the entry point action', async (t) => {
    const { ahead, spent } = await timeoutAhead(relayed, t);
    expect(ahead).toBeGreaterThanOrEqual(expected + relayMarginSeconds(expected));
    // At most the day from the moment Junction built it (however long a loaded machine took to answer).
    expect(ahead).toBeLessThanOrEqual(EUREKA_MAX_PACKET_SECONDS + spent);
  });
});
