/**
 * The Cosmos side of Axelar against the captured Skip answers and axelar-core's rules. The MsgTransfer Junction builds
 * round-trips through the chain's own protobuf model (cosmjs-types), goes to Axelar's GMP account over the chain's
 * channel to Axelar, and carries a memo that axelarnet's message handler accepts (test-helpers/axelarnet.ts): type 2,
 * to Skip's AxelarHandler on the destination, the fee to Axelar's gas receiver, the payload the handler decodes. It is
 * compared field for field with Skip's captured /route and /msgs answers for Osmosis → Ethereum
 * (test/fixtures/skip-go-api/route-osmosis-to-ethereum-axelar.json, msgs-osmosis-to-ethereum-axelar.json); amounts,
 * fee figures and timeouts may differ, and so do two values that changed on chain since the 2024 capture: the handler
 * on Ethereum is Skip's 2025 proxy (data/contracts.json), and its payload is the current (command, data) encoding of
 * the recipient where the capture has the old flat (bool unwrap, address) one; both decode to the same recipient.
 */
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, decodeAbiParameters, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { axelarConfig } from './config.js';
import { axelarnetReceive, type AxelarnetMessage } from './test-helpers/axelarnet.js';
import { capture, type CapturedMsgs, type CapturedRoute } from './test-helpers/captures.js';

const OSMO = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH_ON_OSMOSIS = 'ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5';
const AXLUSDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const cfg = axelarConfig();
const HANDLER = cfg.handler.get('1')!;

const capturedRoute = capture<CapturedRoute>('route-osmosis-to-ethereum-axelar').response.body;
const capturedMsgs = capture<CapturedMsgs>('msgs-osmosis-to-ethereum-axelar');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

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

/** Axelar's verdict on the packet: the message it routes, or the test fails with axelarnet's reason. */
function axelarnetMessage(m: MsgTransfer): AxelarnetMessage {
  const outcome = axelarnetReceive(
    { receiver: m.receiver, amount: BigInt(m.token.amount), memo: m.memo },
    { gmpAccount: cfg.gmpAccount, evmChains: new Set(['Ethereum', 'Polygon', 'Avalanche']) },
  );
  if (outcome.kind !== 'message') throw new Error(`axelarnet does not route it: ${JSON.stringify(outcome)}`);
  return outcome.message;
}

/** The handler's payload: ABI (uint8 command, bytes data), data = ABI (address recipient). */
function handlerPayload(bytes: Uint8Array | number[]): { command: number; recipient: string } {
  const payload = bytesToHex(Uint8Array.from(bytes));
  const [command, data] = decodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], payload);
  return { command, recipient: decodeAbiParameters([{ type: 'address' }], data as Hex)[0] };
}

async function direct(source: string, dest: string, amount: string) {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: 'osmosis-1',
    source_asset_denom: source,
    dest_asset_chain_id: '1',
    dest_asset_denom: dest,
    amount_in: amount,
    chain_ids_to_addresses: { 'osmosis-1': OSMO, '1': EVM },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('Osmosis → Ethereum over Axelar, field for field with the captured Skip answers', () => {
  it('/route: the axelar_transfer record has the captured keys, in order, and its deterministic values', async () => {
    const res = await post(
      t.app,
      '/v2/fungible/route',
      capture<CapturedRoute>('route-osmosis-to-ethereum-axelar').request,
    );
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    const [ours, theirs] = [route.operations[0], capturedRoute.operations[0]!];
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    const [a, b] = [ours.axelar_transfer, theirs.axelar_transfer];
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const k of ['from_chain', 'from_chain_id', 'to_chain', 'to_chain_id', 'asset', 'should_unwrap'])
      expect(a[k], k).toEqual(b[k]);
    for (const k of ['denom_in', 'denom_out', 'is_testnet', 'bridge_id', 'smart_relay']) expect(a[k], k).toEqual(b[k]);
    expect(a.ibc_transfer_to_axelar).toMatchObject(
      Object.fromEntries(
        ['port', 'channel', 'from_chain_id', 'to_chain_id', 'denom_in', 'denom_out', 'bridge_id'].map((k) => [
          k,
          b.ibc_transfer_to_axelar![k],
        ]),
      ),
    );
    // The fee: a decimal string of what arrives on Ethereum (WETH), out of the amount, as captured.
    expect(a.fee_amount).toMatch(/^\d+$/);
    expect(typeof a.usd_fee_amount).toBe('string');
    expect(Object.keys(a.fee_asset)).toEqual(expect.arrayContaining(Object.keys(b.fee_asset)));
    expect(a.fee_asset).toMatchObject({ denom: b.fee_asset.denom, chain_id: '1', decimals: 18, is_evm: true });
    expect(BigInt(ours.amount_in) - BigInt(ours.amount_out)).toBe(BigInt(a.fee_amount));
    expect(BigInt(theirs.amount_in) - BigInt(theirs.amount_out)).toBe(BigInt(b.fee_amount));
    expect(route.chain_ids).toEqual(capturedRoute.chain_ids);
    expect(route.required_chain_addresses).toEqual(capturedRoute.required_chain_addresses);
    expect(route.txs_required).toBe(capturedRoute.txs_required);
    // estimated_fees: Junction lists the fee the captured route leaves out, in the wire's Fee shape.
    expect(route.estimated_fees).toEqual([
      expect.objectContaining({
        fee_type: 'SMART_RELAY',
        bridge_id: 'AXELAR',
        amount: a.fee_amount,
        chain_id: 'osmosis-1',
        tx_index: 0,
        fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
      }),
    ]);
  });

  it('/msgs: one MsgTransfer to the GMP account with a type 2 memo to the handler, the payload naming the recipient', async () => {
    const request = { ...capturedMsgs.request };
    delete request.amount_out;
    const res = await post(t.app, '/v2/fungible/msgs', request);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const theirs = capturedMsgs.response.body;
    expect(body.msgs.map((m: object) => Object.keys(m))).toEqual(theirs.msgs.map((m: object) => Object.keys(m)));
    expect(body.txs.map((x: object) => Object.keys(x))).toEqual(theirs.txs.map((x: object) => Object.keys(x)));
    const [tx, ttx] = [body.txs[0].cosmos_tx, theirs.txs[0]!.cosmos_tx!];
    expect(tx).toMatchObject({ chain_id: ttx.chain_id, path: ttx.path, signer_address: ttx.signer_address });
    expect(body.txs[0].operations_indices).toEqual(theirs.txs[0]!.operations_indices);
    expect(tx.msgs[0].msg_type_url).toBe(ttx.msgs[0]!.msg_type_url);
    const multi = theirs.msgs[0]!.multi_chain_msg!;
    expect(body.msgs[0].multi_chain_msg).toMatchObject({
      chain_id: multi.chain_id,
      path: multi.path,
      msg_type_url: multi.msg_type_url,
    });

    const [ours, captured] = [JSON.parse(tx.msgs[0].msg), JSON.parse(ttx.msgs[0]!.msg)];
    expect(Object.keys(ours)).toEqual(Object.keys(captured));
    for (const k of ['source_port', 'source_channel', 'token', 'sender', 'receiver', 'timeout_height'])
      expect(ours[k], k).toEqual(captured[k]);
    const [memo, capturedMemo] = [JSON.parse(ours.memo), JSON.parse(captured.memo)];
    expect(Object.keys(memo)).toEqual(Object.keys(capturedMemo));
    expect(Object.keys(memo.fee)).toEqual(Object.keys(capturedMemo.fee));
    expect(memo).toMatchObject({
      destination_chain: capturedMemo.destination_chain,
      type: capturedMemo.type,
      fee: { recipient: capturedMemo.fee.recipient },
    });
    // The 2024 capture calls the handler proxy of its day with the flat (bool unwrap, address) payload of its day;
    // today's handler decodes (uint8 command, bytes data): the same recipient, no unwrapping.
    expect(capturedMemo.destination_address).toBe('0xD397883c12b71ea39e0d9f6755030205f31A1c96');
    expect(memo.destination_address).toBe(HANDLER);
    const [unwrap, recipient] = decodeAbiParameters(
      [{ type: 'bool' }, { type: 'address' }],
      bytesToHex(Uint8Array.from(capturedMemo.payload as number[])),
    );
    expect(handlerPayload(memo.payload)).toEqual({ command: unwrap ? 1 : 0, recipient });

    // And Axelar routes it: type 2, the amount after the fee goes on to the handler.
    const m = roundTrip(tx.msgs[0].msg);
    const message = axelarnetMessage(m);
    expect(message.amountAfterFee).toBe(BigInt(ours.token.amount) - BigInt(memo.fee.amount));
    expect(BigInt(memo.fee.amount)).toBe(cfg.assets.find((a) => a.denom === 'weth-wei')!.gmpFee.ethereum);
  });
});

describe('Axelar memos from Osmosis', () => {
  it('axlUSDC → USDC on Ethereum (1,000 USDC): type 2 to the handler, SendToken to the user, the fee in USDC', async () => {
    const body = await direct(AXLUSDC_ON_OSMOSIS, USDC, '1000000000');
    expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['axelar_transfer']);
    const m = roundTrip(body.txs[0].cosmos_tx.msgs[0].msg);
    expect(m).toMatchObject({ sourcePort: 'transfer', sourceChannel: 'channel-208', sender: OSMO });
    const message = axelarnetMessage(m);
    const fee = cfg.assets.find((a) => a.denom === 'uusdc')!.gmpFee.ethereum;
    expect(message).toMatchObject({
      type: 2,
      destinationChain: 'Ethereum',
      destinationAddress: HANDLER,
      fee: { amount: fee, recipient: cfg.gasReceiver },
      amountAfterFee: 1_000_000_000n - fee,
    });
    expect(handlerPayload(message.payload)).toEqual({ command: 0, recipient: EVM });
    expect(body.route.amount_out).toBe((1_000_000_000n - fee).toString());
    expect(body.route.operations[0].axelar_transfer.fee_asset).toMatchObject({ denom: USDC, chain_id: '1' });
  });

  it("axlWBTC → WBTC on Ethereum: Skip's August 2026 memo, its fee at about twice Skip's 1979 sats", async () => {
    // JohnnyWyles/alloyrebalancer test-fixtures/pairBTC-X1-good.json (commit 51cbcc2): the same channel, GMP account,
    // handler, SendToken payload and gas receiver; a fee of 1979 sats (1.20 USD) where Junction asked 25000 (15 USD).
    const body = await direct(
      'ibc/D1542AA8762DB13087D8364F3EA6509FD6F009A34F00426AF9E4F9FA85CBBF1F',
      '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
      '100000000',
    );
    const m = roundTrip(body.txs[0].cosmos_tx.msgs[0].msg);
    expect(m).toMatchObject({
      sourceChannel: 'channel-208',
      receiver: 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5',
    });
    const message = axelarnetMessage(m);
    expect(message).toMatchObject({
      type: 2,
      destinationChain: 'Ethereum',
      destinationAddress: '0xB773bCc5B325ad9AC6B36e1A046AD4466833A16E',
      fee: { amount: 4000n, recipient: 'axelar1aythygn6z5thymj6tmzfwekzh05ewg3l7d6y89' },
    });
    expect(handlerPayload(message.payload)).toEqual({ command: 0, recipient: EVM });
  });

  it('should_unwrap keeps its own payload: SendNative to the user, the fee counted in ETH as captured', async () => {
    const body = await direct(WETH_ON_OSMOSIS, 'ethereum-native', '2000000000000000000');
    const op = body.route.operations[0].axelar_transfer;
    expect(op).toMatchObject({
      should_unwrap: true,
      asset: 'weth-wei',
      denom_in: 'weth-wei',
      denom_out: 'ethereum-native',
    });
    // As in the captured dYdX → Ethereum answer (msgs_direct-dydx-to-ethereum-swap-axelar.json).
    expect(op.fee_asset).toMatchObject({ denom: 'ethereum-native', chain_id: '1' });
    const message = axelarnetMessage(roundTrip(body.txs[0].cosmos_tx.msgs[0].msg));
    expect(message).toMatchObject({ type: 2, destinationAddress: HANDLER });
    expect(handlerPayload(message.payload)).toEqual({ command: 1, recipient: EVM });
    expect(BigInt(body.route.amount_in) - BigInt(body.route.amount_out)).toBe(message.fee!.amount);
  });

  it('refuses an amount that does not cover the execution fee, naming Axelar', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: WETH_ON_OSMOSIS,
      dest_asset_chain_id: '1',
      dest_asset_denom: WETH,
      amount_in: '1000',
      // Without it, the gas of any route outweighs 1000 wei and the answer is a price refusal instead.
      allow_unsafe: true,
    });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json().details)).toMatch(/Axelar's execution fee/);
  });
});

describe('the axelarnet rules the tests check against', () => {
  const env = { gmpAccount: cfg.gmpAccount, evmChains: new Set(['Ethereum']) };
  const memo = (m: Record<string, unknown>) =>
    JSON.stringify({ destination_chain: 'Ethereum', destination_address: EVM, payload: null, ...m });

  it('refuse type 3 (send token), a fee that leaves nothing, an unknown chain and an uppercase GMP account', () => {
    const packet = (m: string, receiver = cfg.gmpAccount) => axelarnetReceive({ receiver, amount: 100n, memo: m }, env);
    expect(packet(memo({ type: 3 }))).toEqual({ kind: 'error-ack', reason: 'unrecognized message type' });
    expect(packet(memo({ type: 2, fee: { amount: '100', recipient: cfg.gasReceiver } })).kind).toBe('error-ack');
    expect(packet(memo({ type: 2, destination_chain: 'Nowhere' })).kind).toBe('error-ack');
    expect(packet(memo({ type: 2 }), cfg.gmpAccount.toUpperCase()).kind).toBe('error-ack');
    expect(packet(memo({ type: 2, fee: { amount: '10', recipient: cfg.gasReceiver } })).kind).toBe('message');
  });
});
