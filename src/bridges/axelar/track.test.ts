/**
 * Tracking axlWETH on Osmosis → Ethereum over Axelar with Junction's own messages (POST /msgs_direct): the ICS-20
 * packet into Axelar with its GMP memo, followed on local Cosmos chains answering the CometBFT RPC shapes, then the
 * general message followed through a local GMP API answering `?method=searchGMP&txHash=` in the shape axelarjs-sdk
 * reads (AxelarGMPRecoveryAPI: `data[]` records with `id`, `status`, `call.transactionHash`, `approved` and
 * `executed` {transactionHash, chain, block_timestamp}, `error.error.message`; see track.ts).
 *
 * Before this tracker, Axelar's acknowledgement of the packet ended the answer at STATE_COMPLETED_SUCCESS with the
 * funds "released" on axelar-dojo-1: here nothing is a success before the execution on Ethereum is reported.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../registry/build.js';
import { ibcDenomOfPath } from '../../denom/trace.js';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { FakeCosmosNetwork } from '../../tx/test-helpers/cosmos-network.js';
import { RESULT_ACK, errorAck, sendPacket, TestRelayer, type Packet } from '../../tx/test-helpers/ibc-relayer.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { AXELAR_DEADLINE_MS } from './track.js';

const OSMO = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const WETH_ON_OSMOSIS = 'ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const AMOUNT = '1000000000000000000';
const APPROVE = '0x0af1a1868e85b8551713efb26f401ccd395fb9f1e5f493ee7af9dc5f01993a55';
const EXECUTE = '0x5db38d3606bc8bdb487f94fb87feeccf39cf96679f8267899bc70751e08b2edb';

const registry = buildRegistry();
const net = new FakeCosmosNetwork();
const relayer = new TestRelayer(net, registry);
/** What the local GMP API answers per source transaction hash (as searchGMP's `data`). */
const gmp = new Map<string, object[]>();
let gmpServer: http.Server;
let gmpUrl = '';
let gmpCalls = 0;
let t: TestStore;
let app: TestApp;

function txService(axelarGmpUrl: string | undefined): TxService {
  const { rpc, rest } = net.settings();
  return testTxService({
    store: t.store,
    registry,
    rpc,
    rest,
    now: () => net.now,
    axelarGmpUrl,
    worker: { stallAbandonMs: 1_800_000, notFoundAbandonMs: 120_000 },
  });
}
let tx: TxService;

beforeAll(async () => {
  for (const id of ['noble-1', 'osmosis-1', 'axelar-dojo-1']) net.chain(id);
  await net.start();
  gmpServer = http.createServer((req, res) => {
    gmpCalls++;
    const url = new URL(req.url ?? '/', 'http://x');
    const data = url.searchParams.get('method') === 'searchGMP' ? (gmp.get(url.searchParams.get('txHash')!) ?? []) : [];
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data, total: data.length }));
  });
  await new Promise<void>((r) => gmpServer.listen(0, '127.0.0.1', r));
  gmpUrl = `http://127.0.0.1:${(gmpServer.address() as AddressInfo).port}/`;
  t = await sqliteTestStore();
  tx = txService(gmpUrl);
  app = await buildTestApp();
});
afterAll(async () => {
  await app.app.close();
  await net.stop();
  await new Promise((r) => gmpServer.close(r));
  await t.cleanup();
});
beforeEach(() => {
  net.now += 1000;
});

/** Junction's own transaction for axlWETH on Osmosis → ETH on Ethereum, sent on the local Osmosis. */
async function userTransfer(): Promise<{ packet: Packet; hash: string; memo: { fee: { amount: string } } }> {
  const res = await post(app.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: 'osmosis-1',
    source_asset_denom: WETH_ON_OSMOSIS,
    dest_asset_chain_id: '1',
    dest_asset_denom: 'ethereum-native',
    amount_in: AMOUNT,
    chain_ids_to_addresses: { 'osmosis-1': OSMO, '1': EVM },
  });
  expect(res.statusCode, res.body).toBe(200);
  const msg = JSON.parse(res.json().txs[0].cosmos_tx.msgs[0].msg) as {
    source_channel: string;
    receiver: string;
    memo: string;
    token: { denom: string; amount: string };
  };
  // The packet's denom is the trace path on Osmosis; its IBC denom is the one the message sends.
  const denom = `transfer/${msg.source_channel}/weth-wei`;
  expect(ibcDenomOfPath(denom)).toBe(msg.token.denom);
  const packet = relayer.packet('osmosis-1', msg.source_channel, {
    denom,
    amount: msg.token.amount,
    sender: OSMO,
    receiver: msg.receiver,
    memo: msg.memo,
  });
  expect(packet.destChain).toBe('axelar-dojo-1');
  return { packet, hash: relayer.send(packet), memo: JSON.parse(msg.memo) as { fee: { amount: string } } };
}

async function step(hash: string, service = tx, chainId = 'osmosis-1'): Promise<Status> {
  net.now += 1000;
  return tickedStatus(service, chainId, hash, () => net.now++);
}

const axelarEvent = (s: Status) => transferEvent(s, 'axelar_transfer', 1);

/** A searchGMP record for a call from a Cosmos chain (the source hash under call.transactionHash). */
function record(hash: string, status: string, extra: object = {}) {
  return {
    id: `${hash}-0`,
    status,
    call: { chain: 'osmosis', transactionHash: hash, returnValues: { destinationChain: 'Ethereum' } },
    ...extra,
  };
}
const onEthereum = (transactionHash: string) => ({
  chain: 'ethereum',
  transactionHash,
  block_timestamp: 1_732_000_000,
});

describe('axlWETH Osmosis → Ethereum over Axelar', () => {
  it('is pending after Axelar acknowledged the packet, and a success only once the GMP API reports the execution', async () => {
    const { packet, hash, memo } = await userTransfer();
    await tx.track('osmosis-1', hash, null);
    let s = await step(hash);
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });

    // Axelar receives the packet and routes the message: the IBC hop is done, the Axelar hop starts.
    const recv = relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    s = await step(hash);
    expect(s.transfers[0]!.transfer_sequence[0]).toMatchObject({ ibc_transfer: { state: 'TRANSFER_SUCCESS' } });
    expect(axelarEvent(s)).toMatchObject({
      from_chain_id: 'osmosis-1',
      to_chain_id: '1',
      type: 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN',
      state: 'AXELAR_TRANSFER_PENDING_CONFIRMATION',
      axelar_scan_link: `https://axelarscan.io/gmp/${hash}`,
      txs: {
        contract_call_with_token_txs: {
          send_tx: { chain_id: 'osmosis-1', tx_hash: hash },
          gas_paid_tx: { chain_id: 'osmosis-1', tx_hash: hash },
          confirm_tx: { chain_id: 'axelar-dojo-1', tx_hash: recv },
          approve_tx: null,
          execute_tx: null,
        },
      },
    });
    expect(s).toMatchObject({
      state: 'STATE_PENDING',
      next_blocking_transfer: { transfer_sequence_index: 1 },
      transfer_asset_release: null,
      next_step: { action: 'wait', chain_id: '1' },
    });

    gmp.set(hash, [record(hash, 'approved', { approved: onEthereum(APPROVE) })]);
    s = await step(hash);
    expect(axelarEvent(s)).toMatchObject({
      state: 'AXELAR_TRANSFER_PENDING_RECEIPT',
      txs: { contract_call_with_token_txs: { approve_tx: { chain_id: '1', tx_hash: APPROVE } } },
    });
    expect(s.state).toBe('STATE_PENDING');

    gmp.set(hash, [record(hash, 'executed', { approved: onEthereum(APPROVE), executed: onEthereum(EXECUTE) })]);
    s = await step(hash);
    expect(axelarEvent(s).txs.contract_call_with_token_txs.execute_tx).toMatchObject({
      chain_id: '1',
      tx_hash: EXECUTE,
      explorer_link: `https://etherscan.io/tx/${EXECUTE}`,
      on_chain_at: '2024-11-19T07:06:40Z',
    });
    // ETH on Ethereum (the handler unwraps), the amount less the memo's execution fee.
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      next_blocking_transfer: null,
      transfer_asset_release: {
        chain_id: '1',
        denom: 'ethereum-native',
        amount: (BigInt(AMOUNT) - BigInt(memo.fee.amount)).toString(),
        released: true,
      },
      next_step: { action: 'none', chain_id: '1' },
    });
  });

  it('an execution error on Ethereum is a pending error with the tokens approved there, then abandoned', async () => {
    const { packet, hash } = await userTransfer();
    await tx.track('osmosis-1', hash, null);
    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    gmp.set(hash, [
      record(hash, 'error', {
        approved: onEthereum(APPROVE),
        error: { chain: 'ethereum', error: { message: 'execution reverted', transactionHash: EXECUTE } },
      }),
    ]);
    let s = await step(hash);
    expect(axelarEvent(s)).toMatchObject({
      state: 'AXELAR_TRANSFER_FAILURE',
      txs: {
        contract_call_with_token_txs: {
          error: { message: 'execution reverted', type: 'CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR' },
        },
      },
    });
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      next_blocking_transfer: { transfer_sequence_index: 1 },
      transfer_asset_release: { chain_id: '1', denom: 'ethereum-native', released: false },
      error: { type: 'STATUS_ERROR_TRANSFER', message: 'execution reverted' },
      // Nothing refunds a failed execution: the approved call must be executed again on Ethereum.
      next_step: { action: 'execute', chain_id: '1', message: expect.stringContaining(`axelarscan.io/gmp/${hash}`) },
    });
    net.now += AXELAR_DEADLINE_MS + 1000;
    s = await step(hash);
    expect(s.state).toBe('STATE_ABANDONED');
  });

  it('an error acknowledgement from Axelar refunds on Osmosis; no Axelar hop is started', async () => {
    const { packet, hash } = await userTransfer();
    await tx.track('osmosis-1', hash, null);
    relayer.recv(packet, errorAck(5));
    relayer.acknowledge(packet);
    const s = await step(hash);
    expect(s.transfers[0]!.transfer_sequence).toHaveLength(1);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: 'osmosis-1', denom: WETH_ON_OSMOSIS, amount: AMOUNT, released: true },
    });
  });

  it('without a GMP API the Axelar hop stays pending past the IBC stall limit, and is abandoned after Axelar’s deadline', async () => {
    const blind = txService(undefined);
    const { packet, hash } = await userTransfer();
    await blind.track('osmosis-1', hash, null);
    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    const calls = gmpCalls;
    let s = await step(hash, blind);
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 1 } });
    net.now += 1_800_000 + 1000;
    s = await step(hash, blind);
    expect(s.state).toBe('STATE_PENDING');
    net.now += AXELAR_DEADLINE_MS;
    s = await step(hash, blind);
    expect(s).toMatchObject({
      state: 'STATE_ABANDONED',
      // Abandoned in flight: the funds are Axelar's, sent from Osmosis.
      transfer_asset_release: { chain_id: 'osmosis-1', denom: WETH_ON_OSMOSIS, released: false },
    });
    expect(gmpCalls).toBe(calls);
  });
});

describe('Axelar recognition', () => {
  it('finds the GMP memo Junction writes, and the destination lane delivering WETH when not unwrapping', async () => {
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: WETH_ON_OSMOSIS,
      dest_asset_chain_id: '1',
      dest_asset_denom: WETH,
      amount_in: AMOUNT,
      chain_ids_to_addresses: { 'osmosis-1': OSMO, '1': EVM },
    });
    expect(res.statusCode, res.body).toBe(200);
    const msg = JSON.parse(res.json().txs[0].cosmos_tx.msgs[0].msg) as { source_channel: string; memo: string };
    const packet = relayer.packet('osmosis-1', msg.source_channel, {
      denom: `transfer/${msg.source_channel}/weth-wei`,
      amount: AMOUNT,
      sender: OSMO,
      receiver: 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5',
      memo: msg.memo,
    });
    const hash = relayer.send(packet);
    await tx.track('osmosis-1', hash, null);
    relayer.recv(packet, RESULT_ACK);
    gmp.set(hash, [record(hash, 'executed', { approved: onEthereum(APPROVE), executed: onEthereum(EXECUTE) })]);
    const s = await step(hash);
    expect(s.transfer_asset_release).toMatchObject({ chain_id: '1', denom: WETH, released: true });
  });
});

describe('USDC on Noble → swap on Osmosis → Axelar to Ethereum, in one transaction', () => {
  const NOBLE = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
  interface PostSwapIbc {
    ibc_info: { source_channel: string; receiver: string; memo: string; recover_address: string };
  }

  it('the post-swap action sends the GMP transfer; tracked through the swap to the execution on Ethereum', async () => {
    // Skip answers this route in one transaction (test/fixtures/skip-go-api/msgs_direct-dydx-to-ethereum-swap-axelar.json
    // starts one hop earlier, on dYdX); Junction once asked for a second signature on Osmosis.
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: 'ethereum-native',
      amount_in: '1000000000',
      bridges: ['IBC', 'AXELAR'],
      chain_ids_to_addresses: { 'noble-1': NOBLE, 'osmosis-1': OSMO, '1': EVM },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      txs: { cosmos_tx: { msgs: { msg: string }[]; path: string[] }; operations_indices: number[] }[];
      route: { operations: Record<string, unknown>[]; txs_required: number };
    };
    expect(body.txs).toHaveLength(1);
    expect(body.route.txs_required).toBe(1);
    expect(
      body.route.operations.map((o) => Object.keys(o).find((k) => k !== 'tx_index' && !k.startsWith('amount'))),
    ).toEqual(['transfer', 'swap', 'axelar_transfer']);
    expect(body.txs[0]!.operations_indices).toEqual([0, 1, 2]);
    expect(body.txs[0]!.cosmos_tx.path).toEqual(['noble-1', 'osmosis-1', '1']);

    const msg = JSON.parse(body.txs[0]!.cosmos_tx.msgs[0]!.msg) as {
      source_channel: string;
      receiver: string;
      memo: string;
      token: { amount: string };
    };
    const swap = (
      JSON.parse(msg.memo) as {
        wasm: {
          msg: {
            swap_and_action: {
              min_asset: { native: { denom: string; amount: string } };
              post_swap_action: { ibc_transfer: PostSwapIbc };
            };
          };
        };
      }
    ).wasm.msg.swap_and_action;
    expect(swap.min_asset.native.denom).toBe(WETH_ON_OSMOSIS);
    const onward = swap.post_swap_action.ibc_transfer.ibc_info;
    expect(onward).toMatchObject({
      receiver: 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5',
      recover_address: OSMO,
    });
    const gmpMemo = JSON.parse(onward.memo) as { destination_chain: string; type: number; fee: { amount: string } };
    expect(gmpMemo).toMatchObject({ destination_chain: 'Ethereum', type: 2 });

    // The user's packet to Osmosis; its receive transaction swaps and sends the output on to Axelar.
    const first = relayer.packet('noble-1', msg.source_channel, {
      denom: 'uusdc',
      amount: msg.token.amount,
      sender: NOBLE,
      receiver: msg.receiver,
      memo: msg.memo,
    });
    const hash = relayer.send(first);
    await tx.track('noble-1', hash, null);
    const out = BigInt(swap.min_asset.native.amount) + 1_000n;
    const second = relayer.packet('osmosis-1', onward.source_channel, {
      denom: `transfer/${onward.source_channel}/weth-wei`,
      amount: out.toString(),
      sender: msg.receiver,
      receiver: onward.receiver,
      memo: onward.memo,
    });
    expect(second.destChain).toBe('axelar-dojo-1');
    const recvOsmosis = relayer.recv(first, RESULT_ACK, [sendPacket(second)]);
    relayer.acknowledge(first);
    let s = await step(hash, tx, 'noble-1');
    expect(s.state).toBe('STATE_PENDING');

    const recvAxelar = relayer.recv(second, RESULT_ACK);
    relayer.acknowledge(second);
    // The packet into Axelar is found in Osmosis's receive transaction one look, and received the next.
    for (let i = 0; i < 5 && s.transfers[0]!.transfer_sequence.length < 3; i++) s = await step(hash, tx, 'noble-1');
    const axelar = s.transfers[0]!.transfer_sequence.find((e) => 'axelar_transfer' in e) as
      | { axelar_transfer: { state: string; txs: { contract_call_with_token_txs: Record<string, unknown> } } }
      | undefined;
    expect(axelar?.axelar_transfer).toMatchObject({
      state: 'AXELAR_TRANSFER_PENDING_CONFIRMATION',
      txs: {
        contract_call_with_token_txs: {
          send_tx: { chain_id: 'osmosis-1', tx_hash: recvOsmosis },
          confirm_tx: { chain_id: 'axelar-dojo-1', tx_hash: recvAxelar },
        },
      },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'wait', chain_id: '1' } });

    // Axelar's GMP API knows the call by the transaction that sent it into Axelar: Osmosis's receive transaction.
    gmp.set(recvOsmosis, [
      record(recvOsmosis, 'executed', { approved: onEthereum(APPROVE), executed: onEthereum(EXECUTE) }),
    ]);
    s = await step(hash, tx, 'noble-1');
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: '1',
        denom: 'ethereum-native',
        amount: (out - BigInt(gmpMemo.fee.amount)).toString(),
        released: true,
      },
    });
  });
});
