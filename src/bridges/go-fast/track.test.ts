/**
 * Tracking Go Fast orders from Base to Osmosis end to end. Base is a local EVM (anvil, chain 8453) with the tests'
 * gateway (TestGoFastGateway.sol: the published submitOrder and the real OrderSubmitted / OrderRefunded events) and a
 * test USDC at the mainnet addresses of data/contracts.json; the user's transaction is Junction's own (POST
 * /msgs_direct). Osmosis is a local chain answering the CometBFT RPC shapes (src/tx/test-helpers/cosmos-network.ts),
 * in which the fill is the transaction the real CosmWasm gateway's `fill_order` makes: the solver's MsgExecuteContract
 * with amountOut as funds, then the gateway's bank send of those funds to the order's recipient (or, with data, the
 * entry point executed with them). Event types and keys: cosmos-sdk v0.50 x/bank (`coin_spent`, `coin_received`,
 * `transfer` with recipient, sender, amount), wasmd x/wasm (`message`, `execute` with `_contract_address`);
 * fill_order itself adds none (skip-mev/go-fast-contracts cosmwasm/contracts/fast-transfer-gateway/src/execute.rs).
 * Noble is a second local chain, for the entry point's onward IBC transfer (packets as src/tx/test-helpers/ibc-relayer.ts
 * writes them).
 */
import {
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { FakeCosmosNetwork, type AbciEvent } from '../../tx/test-helpers/cosmos-network.js';
import { RESULT_ACK, sendPacket, TestRelayer } from '../../tx/test-helpers/ibc-relayer.js';
import { userAddress } from '../../test-helpers/registry.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { goFastConfig } from './config.js';
import { encodeOrder } from './test-helpers/order.js';
import { GO_FAST_DEADLINE_MS, decodeOrder } from './track.js';

const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
const cfg = goFastConfig();
const USDC_BASE = getAddress(cfg.token.get('8453')!);
const GATEWAY_BASE = getAddress(cfg.gateway.get('8453')!);
const GATEWAY_OSMOSIS = cfg.gateway.get('osmosis-1')!;
const NOBLE_USDC_ON_OSMOSIS = cfg.token.get('osmosis-1')!;
const OSMOSIS_ENTRY_POINT = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const SOLVER = 'osmo1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du';
const user = anvilAccount(1).address;
const NOBLE_USER = () => userAddress(app.ctx.registry, 'noble-1');

const net = new FakeCosmosNetwork();
let base: Anvil;
let gateway: Compiled;
let app: TestApp;
let t: TestStore;
let tx: TxService;
let relayer: TestRelayer;
let clock = Date.now();

beforeAll(async () => {
  base = await startAnvil(8453);
  const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url));
  gateway = compileSolidity(new URL('./TestGoFastGateway.sol', import.meta.url)).TestGoFastGateway!;
  await copyCodeTo(base, await deployContract(base, tokens.TestUSDC!), USDC_BASE);
  await copyCodeTo(base, await deployContract(base, gateway, [USDC_BASE, cfg.domain.get('8453')!]), GATEWAY_BASE);
  await sendTx(base, 0, {
    to: USDC_BASE,
    data: encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 12n] }),
  });
  net.chain('osmosis-1');
  net.chain('noble-1');
  await net.start();
  app = await buildTestApp();
  relayer = new TestRelayer(net, app.ctx.registry);
  t = await sqliteTestStore();
  tx = testTxService({
    store: t.store,
    registry: app.ctx.registry,
    rpc: `8453=${base.url},${net.settings().rpc}`,
    rest: net.settings().rest,
    now: () => clock,
  });
});
afterAll(async () => {
  await app?.app.close();
  await base?.stop();
  await net.stop();
  await t?.cleanup();
});
beforeEach(() => {
  clock += 1000;
  net.now = clock;
});

async function step(hash: string): Promise<Status> {
  clock += 1000;
  net.now = clock;
  return tickedStatus(tx, '8453', hash, () => (net.now = ++clock));
}
const event = (s: Status) => transferEvent(s, 'go_fast_transfer');
const balanceOf = (who: Address) =>
  base.publicClient.readContract({ address: USDC_BASE, abi: ERC20, functionName: 'balanceOf', args: [who] });

/** Junction's Go Fast order for `amount` USDC Base → Osmosis (`destDenom`), sent after its approval. */
async function submit(amount: bigint, destDenom = NOBLE_USDC_ON_OSMOSIS, destChain = 'osmosis-1') {
  const res = await post(app.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: '8453',
    source_asset_denom: USDC_BASE,
    dest_asset_chain_id: destChain,
    dest_asset_denom: destDenom,
    amount_in: amount.toString(),
    go_fast: true,
    bridges: ['GO_FAST', 'IBC'],
    timeout_seconds: '600',
    chain_ids_to_addresses: { '8453': user, 'osmosis-1': OSMO_USER, 'noble-1': NOBLE_USER() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const evmTx = res.json().txs[0].evm_tx as {
    to: Address;
    data: string;
    required_erc20_approvals: { token_contract: Address; spender: Address; amount: string }[];
  };
  expect(evmTx.to).toBe(GATEWAY_BASE);
  for (const a of evmTx.required_erc20_approvals)
    await sendTx(base, 1, {
      to: a.token_contract,
      data: encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
    });
  const receipt = await sendTx(base, 1, { to: evmTx.to, data: `0x${evmTx.data}` });
  return { receipt, ...orderOf(receipt, gateway.abi) };
}

function orderOf(receipt: TransactionReceipt, abi: Abi) {
  for (const l of receipt.logs) {
    if (getAddress(l.address) !== GATEWAY_BASE) continue;
    const e = decodeEventLog({ abi, data: l.data, topics: l.topics });
    if (e.eventName === 'OrderSubmitted') {
      const { orderID, order } = e.args as unknown as { orderID: Hex; order: Hex };
      // The contract suite's samples pack orders with encodeOrder: it must agree with the gateway's packing.
      expect(encodeOrder(decodeOrder(order)!)).toBe(order);
      return { orderId: orderID, order: decodeOrder(order)! };
    }
  }
  throw new Error('no OrderSubmitted');
}

/** The events of the CosmWasm gateway's fill_order, paying `coin` to `recipient` (then `after`: the entry point's). */
function fillEvents(recipient: string, coin: string, after: AbciEvent[] = [], extra: AbciEvent[] = []): AbciEvent[] {
  const a = (attributes: Record<string, string>) => Object.entries(attributes).map(([key, value]) => ({ key, value }));
  const bankSend = (from: string, to: string): AbciEvent[] => [
    { type: 'coin_spent', attributes: a({ spender: from, amount: coin }) },
    { type: 'coin_received', attributes: a({ receiver: to, amount: coin }) },
    { type: 'transfer', attributes: a({ recipient: to, sender: from, amount: coin }) },
  ];
  return [
    {
      type: 'message',
      attributes: a({ action: '/cosmwasm.wasm.v1.MsgExecuteContract', sender: SOLVER, module: 'wasm', msg_index: '0' }),
    },
    ...bankSend(SOLVER, GATEWAY_OSMOSIS),
    { type: 'execute', attributes: a({ _contract_address: GATEWAY_OSMOSIS, msg_index: '0' }) },
    ...extra,
    ...bankSend(GATEWAY_OSMOSIS, recipient),
    ...after,
  ];
}

describe('Go Fast USDC Base → Osmosis', () => {
  it('is GO_FAST_TRANSFER_SENT on OrderSubmitted and a success only once the Osmosis gateway paid the recipient', async () => {
    const { receipt, orderId, order } = await submit(150_000_000n);
    const hash = receipt.transactionHash;
    await tx.track('8453', hash, null);
    let s = await step(hash);
    expect(event(s)).toMatchObject({
      from_chain_id: '8453',
      to_chain_id: 'osmosis-1',
      state: 'GO_FAST_TRANSFER_SENT',
      txs: { order_submitted_tx: { chain_id: '8453', tx_hash: hash }, order_filled_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });

    const osmosis = net.chain('osmosis-1');
    const coin = `${order.amountOut}${NOBLE_USDC_ON_OSMOSIS}`;
    // Another order's fills: another amount; the same amount to someone else; the same payout named for another
    // order by the cw7683 settler; a payout that failed.
    osmosis.include(fillEvents(OSMO_USER, `${order.amountOut - 1n}${NOBLE_USDC_ON_OSMOSIS}`));
    osmosis.include(fillEvents(SOLVER, coin));
    osmosis.include(
      fillEvents(OSMO_USER, coin, [], [{ type: 'wasm', attributes: [{ key: 'order_id', value: 'ab'.repeat(32) }] }]),
    );
    osmosis.include(fillEvents(OSMO_USER, coin), { code: 5, log: 'insufficient funds' });
    s = await step(hash);
    expect(event(s).state).toBe('GO_FAST_TRANSFER_SENT');
    expect(s.state).toBe('STATE_PENDING');

    const fill = osmosis.include(
      fillEvents(OSMO_USER, coin, [], [{ type: 'wasm', attributes: [{ key: 'order_id', value: orderId.slice(2) }] }]),
    );
    s = await step(hash);
    expect(event(s)).toMatchObject({
      state: 'GO_FAST_TRANSFER_FILLED',
      txs: { order_filled_tx: { chain_id: 'osmosis-1', tx_hash: fill }, order_refunded_tx: null },
      error_message: null,
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: 'osmosis-1',
        denom: NOBLE_USDC_ON_OSMOSIS,
        amount: order.amountOut.toString(),
        released: true,
      },
    });
  });

  it('USDC → OSMO (the order calls the entry point): the release is the OSMO the swap paid the user', async () => {
    const { receipt, order } = await submit(60_000_000n, 'uosmo');
    const hash = receipt.transactionHash;
    await tx.track('8453', hash, null);
    expect((await step(hash)).state).toBe('STATE_PENDING');
    const swapOut = [
      { type: 'execute', attributes: [{ key: '_contract_address', value: OSMOSIS_ENTRY_POINT }] },
      {
        type: 'transfer',
        attributes: [
          { key: 'recipient', value: OSMO_USER },
          { key: 'sender', value: OSMOSIS_ENTRY_POINT },
          { key: 'amount', value: '77123456uosmo' },
        ],
      },
    ];
    net
      .chain('osmosis-1')
      .include(fillEvents(OSMOSIS_ENTRY_POINT, `${order.amountOut}${NOBLE_USDC_ON_OSMOSIS}`, swapOut));
    const s = await step(hash);
    expect(event(s).state).toBe('GO_FAST_TRANSFER_FILLED');
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: 'osmosis-1', denom: 'uosmo', amount: '77123456', released: true },
    });
  });

  it("USDC → OSMO whose swap fails: the entry point's recover form gives the USDC back to the user, and the release says so", async () => {
    const { receipt, order } = await submit(61_000_000n, 'uosmo');
    const hash = receipt.transactionHash;
    await tx.track('8453', hash, null);
    expect((await step(hash)).state).toBe('STATE_PENDING');
    // The order's data is swap_and_action_with_recover with the user's Osmosis address to recover to.
    expect(Buffer.from(order.data.slice(2), 'hex').toString('utf8')).toContain(`"recovery_addr":"${OSMO_USER}"`);
    const usdc = `${order.amountOut}${NOBLE_USDC_ON_OSMOSIS}`;
    // The swap fell under its minimum: the entry point's reply pays the received USDC to recovery_addr.
    const recovered = [
      { type: 'execute', attributes: [{ key: '_contract_address', value: OSMOSIS_ENTRY_POINT }] },
      {
        type: 'transfer',
        attributes: [
          { key: 'recipient', value: OSMO_USER },
          { key: 'sender', value: OSMOSIS_ENTRY_POINT },
          { key: 'amount', value: usdc },
        ],
      },
    ];
    net.chain('osmosis-1').include(fillEvents(OSMOSIS_ENTRY_POINT, usdc, recovered));
    const s = await step(hash);
    expect(event(s).state).toBe('GO_FAST_TRANSFER_FILLED');
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: 'osmosis-1',
        denom: NOBLE_USDC_ON_OSMOSIS,
        amount: order.amountOut.toString(),
        released: true,
      },
    });
  });

  it('USDC → Noble: the entry point sends the fill on over IBC in the same transaction; a success once Noble acknowledged it', async () => {
    const { receipt, order } = await submit(100_000_000n, 'uusdc', 'noble-1');
    const hash = receipt.transactionHash;
    await tx.track('8453', hash, null);
    expect((await step(hash)).state).toBe('STATE_PENDING');
    const packet = relayer.packet('osmosis-1', 'channel-750', {
      denom: 'transfer/channel-750/uusdc',
      amount: order.amountOut.toString(),
      sender: OSMOSIS_ENTRY_POINT,
      receiver: NOBLE_USER(),
      memo: '',
    });
    const onward = [
      { type: 'execute', attributes: [{ key: '_contract_address', value: OSMOSIS_ENTRY_POINT }] },
      sendPacket(packet),
    ];
    net
      .chain('osmosis-1')
      .include(fillEvents(OSMOSIS_ENTRY_POINT, `${order.amountOut}${NOBLE_USDC_ON_OSMOSIS}`, onward));
    let s = await step(hash);
    expect(s.transfers[0]!.transfer_sequence.map((e) => Object.keys(e)[0])).toEqual([
      'go_fast_transfer',
      'ibc_transfer',
    ]);
    expect(event(s).state).toBe('GO_FAST_TRANSFER_FILLED');
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 1 } });

    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    s = await step(hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: 'noble-1',
        denom: 'uusdc',
        amount: order.amountOut.toString(),
        released: true,
      },
    });
  });

  it('neither filled nor refunded: abandoned after the Go Fast deadline, the USDC shown on Base', async () => {
    // Run before the refund test, which moves Base's block time past this order's timeout.
    const { receipt } = await submit(120_000_000n);
    const hash = receipt.transactionHash;
    await tx.track('8453', hash, null);
    await step(hash);
    clock += 1_800_000 + 1000;
    expect((await step(hash)).state).not.toBe('STATE_ABANDONED');
    clock += GO_FAST_DEADLINE_MS;
    expect(await step(hash)).toMatchObject({
      state: 'STATE_ABANDONED',
      transfer_asset_release: { chain_id: '8453', denom: USDC_BASE, amount: '120000000', released: false },
    });
  });

  it('a fill made before the timeout but seen after it: TIMEOUT, then FILLED and a success', async () => {
    clock = Date.now();
    const { receipt, order } = await submit(130_000_000n);
    const hash = receipt.transactionHash;
    await tx.track('8453', hash, null);
    await step(hash);
    clock = Number(order.timeoutTimestamp) * 1000 + 1000;
    expect(event(await step(hash)).state).toBe('GO_FAST_TRANSFER_TIMEOUT');
    // The Osmosis node had not indexed the block yet: its time is before the timeout.
    net.now = Number(order.timeoutTimestamp) * 1000 - 5000;
    const fill = net.chain('osmosis-1').include(fillEvents(OSMO_USER, `${order.amountOut}${NOBLE_USDC_ON_OSMOSIS}`));
    const s = await step(hash);
    expect(event(s)).toMatchObject({
      state: 'GO_FAST_TRANSFER_FILLED',
      txs: { order_filled_tx: { tx_hash: fill } },
      error_message: null,
    });
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
  });

  it('never filled: GO_FAST_TRANSFER_TIMEOUT after its timeout, REFUNDED with the USDC back on Base once OrderRefunded', async () => {
    // Back to real time (the test before moved the clock hours on): the order's timeout counts from it.
    clock = Date.now();
    const before = await balanceOf(user);
    const { receipt, orderId, order } = await submit(200_000_000n);
    const hash = receipt.transactionHash;
    await tx.track('8453', hash, null);
    expect(event(await step(hash)).state).toBe('GO_FAST_TRANSFER_SENT');

    // A fill after the timeout is refused by the gateway: it is never this order's.
    clock = Number(order.timeoutTimestamp) * 1000 + 1000;
    net.now = clock;
    net.chain('osmosis-1').include(fillEvents(OSMO_USER, `${order.amountOut}${NOBLE_USDC_ON_OSMOSIS}`));
    let s = await step(hash);
    expect(event(s)).toMatchObject({
      state: 'GO_FAST_TRANSFER_TIMEOUT',
      error_message: expect.stringContaining('not filled before its timeout'),
    });
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      transfer_asset_release: { chain_id: '8453', denom: USDC_BASE, amount: '200000000', released: false },
      error: { type: 'STATUS_ERROR_TRANSFER', message: expect.stringContaining('not filled before its timeout') },
      next_step: { action: 'wait', chain_id: '8453' },
    });
    expect(await balanceOf(user)).toBe(before - 200_000_000n);

    // The destination's timeout message reaches the Base gateway, which refunds amountIn to the sender.
    await base.testClient.setNextBlockTimestamp({ timestamp: order.timeoutTimestamp + 1n });
    const refund = await sendTx(base, 0, {
      to: GATEWAY_BASE,
      data: encodeFunctionData({ abi: gateway.abi, functionName: 'refundTimedOut', args: [orderId] }),
    });
    s = await step(hash);
    expect(event(s)).toMatchObject({
      state: 'GO_FAST_TRANSFER_REFUNDED',
      txs: { order_filled_tx: null, order_refunded_tx: { chain_id: '8453', tx_hash: refund.transactionHash } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: '8453', denom: USDC_BASE, amount: '200000000', released: true },
      next_step: { action: 'retry', chain_id: '8453' },
    });
    expect(await balanceOf(user)).toBe(before);
  });
});
