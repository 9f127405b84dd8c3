/**
 * Tracking a two-hop forwarded IBC transfer end to end against local chains that answer the CometBFT RPC shapes:
 * ATOM on Osmosis → Cosmos Hub (unwinds) → Neutron, forwarded by the Hub's packet-forward middleware, the route
 * Junction itself returns for that pair. Success, an error acknowledgement, a timeout of the forwarded hop, a packet
 * never relayed (abandoned), a transaction that failed, and a node that is down.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bech32 } from 'bech32';
import { buildRegistry } from '../registry/build.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { buildTestApp, post } from '../http/test-helpers/app.js';
import { tickedStatus } from './test-helpers/status.js';
import type { StatusResponse as Status } from '../wire/tx.js';
import { FakeCosmosNetwork } from './test-helpers/cosmos-network.js';
import { errorAck, RESULT_ACK, sendPacket, TestRelayer, writeAck, type Packet } from './test-helpers/ibc-relayer.js';
import type { AbciEvent } from './test-helpers/cosmos-network.js';
import { testTxService } from './test-helpers/service.js';
import type { TxService } from './service.js';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ATOM_ON_NEUTRON = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
/** One key's addresses on the three chains (same 20 bytes, each chain's prefix). */
const account = (prefix: string) => bech32.encode(prefix, bech32.toWords(Buffer.alloc(20, 0x9d)));
const USER_OSMO = account('osmo');
const USER_HUB = account('cosmos');
const USER_NTRN = account('neutron');
const PFM_INTERMEDIARY = bech32.encode('cosmos', bech32.toWords(Buffer.alloc(20, 0x42)));

const registry = buildRegistry();
const net = new FakeCosmosNetwork();
const relayer = new TestRelayer(net, registry);
let t: TestStore;
let tx: TxService;

beforeAll(async () => {
  for (const id of ['osmosis-1', 'cosmoshub-4', 'neutron-1']) net.chain(id);
  await net.start();
  t = await sqliteTestStore();
  const { rpc, rest } = net.settings();
  tx = testTxService({
    store: t.store,
    registry,
    rpc,
    rest,
    now: () => net.now,
    worker: { stallAbandonMs: 600_000, notFoundAbandonMs: 120_000 },
  });
});
afterAll(async () => {
  await net.stop();
  await t.cleanup();
});
beforeEach(() => {
  net.now += 1000;
});

/** The user's transfer: MsgTransfer over Osmosis channel-0 with a forward memo for the Hub's channel-569. */
function userTransfer(): { first: Packet; hash: string } {
  const memo = JSON.stringify({
    forward: { receiver: USER_NTRN, port: 'transfer', channel: 'channel-569', timeout: '5m', retries: 2 },
  });
  const first = relayer.packet('osmosis-1', 'channel-0', {
    denom: 'transfer/channel-0/uatom',
    amount: '1000000',
    sender: USER_OSMO,
    receiver: USER_HUB,
    memo,
  });
  return { first, hash: relayer.send(first) };
}

/** What the Hub's packet-forward middleware sends on when it receives the first packet. */
function forwarded(first: Packet): Packet {
  return relayer.packet(
    'cosmoshub-4',
    'channel-569',
    { denom: 'uatom', amount: first.data.amount, sender: PFM_INTERMEDIARY, receiver: USER_NTRN, memo: '' },
    300,
  );
}

async function step(chainId: string, hash: string): Promise<Status> {
  net.now += 1000;
  return tickedStatus(tx, chainId, hash, () => net.now++);
}

const hop = (s: Status, i: number) => {
  const e = s.transfers[0]!.transfer_sequence[i]!;
  if (!('ibc_transfer' in e)) throw new Error('not an IBC event');
  return e.ibc_transfer;
};

describe('a two-hop forwarded transfer (Osmosis → Hub → Neutron)', () => {
  it('succeeds: pending, received and forwarded, delivered; funds released on Neutron', async () => {
    const { first, hash } = userTransfer();
    expect((await tx.track('osmosis-1', hash.toLowerCase(), null)).tx_hash).toBe(hash);
    let s = JSON.parse((await tx.statusText('osmosis-1', hash)).text) as Status;
    expect(s).toMatchObject({
      state: 'STATE_SUBMITTED',
      status: 'STATE_SUBMITTED',
      transfers: [{ state: 'STATE_SUBMITTED', transfer_sequence: [] }],
    });

    s = await step('osmosis-1', hash);
    expect(s.state).toBe('STATE_PENDING');
    expect(hop(s, 0)).toMatchObject({
      from_chain_id: 'osmosis-1',
      to_chain_id: 'cosmoshub-4',
      state: 'TRANSFER_PENDING',
    });
    expect(hop(s, 0).packet_txs.send_tx).toMatchObject({
      chain_id: 'osmosis-1',
      tx_hash: hash,
      explorer_link: `https://www.mintscan.io/osmosis/transactions/${hash}`,
    });
    expect(s.next_blocking_transfer).toEqual({ transfer_sequence_index: 0 });

    const second = forwarded(first);
    const recvHub = relayer.recv(first, null, [sendPacket(second)]);
    s = await step('osmosis-1', hash);
    expect(hop(s, 0)).toMatchObject({
      state: 'TRANSFER_RECEIVED',
      packet_txs: { receive_tx: { chain_id: 'cosmoshub-4', tx_hash: recvHub } },
    });
    expect(hop(s, 1)).toMatchObject({
      from_chain_id: 'cosmoshub-4',
      to_chain_id: 'neutron-1',
      state: 'TRANSFER_PENDING',
      packet_txs: { send_tx: { tx_hash: recvHub } },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });

    const recvNeutron = relayer.recv(second, RESULT_ACK);
    s = await step('osmosis-1', hash);
    expect(hop(s, 1)).toMatchObject({
      state: 'TRANSFER_SUCCESS',
      packet_txs: { receive_tx: { chain_id: 'neutron-1', tx_hash: recvNeutron } },
    });
    // The first hop is acknowledged only when the forward settles: still in flight.
    expect(s.state).toBe('STATE_PENDING');

    const ackHub = relayer.acknowledge(second, [writeAck(first, RESULT_ACK)]);
    const ackOsmosis = relayer.acknowledge(first);
    s = await step('osmosis-1', hash);
    expect(hop(s, 0)).toMatchObject({
      state: 'TRANSFER_SUCCESS',
      packet_txs: { acknowledge_tx: { chain_id: 'osmosis-1', tx_hash: ackOsmosis }, timeout_tx: null, error: null },
    });
    expect(hop(s, 1).packet_txs.acknowledge_tx).toMatchObject({ chain_id: 'cosmoshub-4', tx_hash: ackHub });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      status: 'STATE_COMPLETED',
      next_blocking_transfer: null,
      error: null,
      transfer_asset_release: { chain_id: 'neutron-1', denom: ATOM_ON_NEUTRON, amount: '1000000', released: true },
    });
    expect(s.transfers[0]!.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(s.transfer_sequence).toEqual(s.transfers[0]!.transfer_sequence);
    expect(hop(s, 0).packet_txs.send_tx?.on_chain_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // Terminal: the worker leaves it alone.
    const calls = net.chain('osmosis-1').rpcCalls;
    await step('osmosis-1', hash);
    expect(net.chain('osmosis-1').rpcCalls).toBe(calls);
  });

  it('an error acknowledgement on Neutron comes back through the Hub: pending error, then refunded on Osmosis', async () => {
    const { first, hash } = userTransfer();
    await tx.track('osmosis-1', hash, null);
    const second = forwarded(first);
    relayer.recv(first, null, [sendPacket(second)]);
    relayer.recv(second, errorAck(7));
    let s = await step('osmosis-1', hash);
    expect(hop(s, 1)).toMatchObject({
      state: 'TRANSFER_FAILURE',
      packet_txs: { error: { type: 'PACKET_ERROR_ACKNOWLEDGEMENT', details: { code: 7 } } },
    });
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      transfer_asset_release: { chain_id: 'osmosis-1', denom: ATOM_ON_OSMOSIS, released: false },
      error: { type: 'STATUS_ERROR_TRANSFER', message: 'ABCI code: 7: error handling packet: see events for details' },
    });

    relayer.acknowledge(second, [writeAck(first, errorAck(7))]);
    const refund = relayer.acknowledge(first);
    s = await step('osmosis-1', hash);
    expect(hop(s, 0)).toMatchObject({ state: 'TRANSFER_FAILURE', packet_txs: { acknowledge_tx: { tx_hash: refund } } });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      next_blocking_transfer: null,
      transfer_asset_release: { chain_id: 'osmosis-1', denom: ATOM_ON_OSMOSIS, amount: '1000000', released: true },
    });
  });

  it('the forwarded packet times out: the Hub refunds through an error acknowledgement, funds back on Osmosis', async () => {
    const { first, hash } = userTransfer();
    await tx.track('osmosis-1', hash, null);
    const second = forwarded(first);
    relayer.recv(first, null, [sendPacket(second)]);
    let s = await step('osmosis-1', hash);
    expect(hop(s, 1).state).toBe('TRANSFER_PENDING');

    net.now += 301_000; // past the forwarded packet's 300 s deadline
    const timeoutTx = relayer.timeout(second, [writeAck(first, errorAck(4))]);
    s = await step('osmosis-1', hash);
    expect(hop(s, 1)).toMatchObject({
      state: 'TRANSFER_FAILURE',
      packet_txs: {
        timeout_tx: { chain_id: 'cosmoshub-4', tx_hash: timeoutTx },
        error: { type: 'PACKET_ERROR_TIMEOUT' },
      },
    });
    expect(hop(s, 0).state).toBe('TRANSFER_FAILURE');
    expect(s.state).toBe('STATE_PENDING_ERROR');

    relayer.acknowledge(first);
    s = await step('osmosis-1', hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: 'osmosis-1', denom: ATOM_ON_OSMOSIS, released: true },
    });
  });

  it('a packet never relayed is abandoned after the stall window; funds stay escrowed on Osmosis', async () => {
    const { hash } = userTransfer();
    await tx.track('osmosis-1', hash, null);
    let s = await step('osmosis-1', hash);
    expect(s.state).toBe('STATE_PENDING');
    net.now += 300_000;
    s = await step('osmosis-1', hash);
    expect(s.state).toBe('STATE_PENDING');
    net.now += 301_000;
    s = await step('osmosis-1', hash);
    expect(s).toMatchObject({
      state: 'STATE_ABANDONED',
      status: 'STATE_COMPLETED',
      transfers: [{ state: 'STATE_ABANDONED' }],
      transfer_asset_release: { chain_id: 'osmosis-1', denom: ATOM_ON_OSMOSIS, released: false },
      next_blocking_transfer: { transfer_sequence_index: 0 },
    });
    expect(s.error?.message).toMatch(/no progress on chain for 600 s/);
    // Tracking it again re-arms it.
    await tx.track('osmosis-1', hash, null);
    expect(JSON.parse((await tx.statusText('osmosis-1', hash)).text).state).toBe('STATE_PENDING');
  });
});

describe('a swap on arrival (ATOM on the Hub → OSMO on Osmosis, through IBC hooks and the entry point)', () => {
  /** Junction's own transaction for the route, sent on the local Hub. */
  async function swapTransfer(): Promise<{ packet: Packet; hash: string; to: string; minOut: bigint }> {
    const { app } = await buildTestApp();
    const res = await post(app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '1000000',
      chain_ids_to_addresses: { 'cosmoshub-4': USER_HUB, 'osmosis-1': USER_OSMO },
    });
    await app.close();
    expect(res.statusCode, res.body).toBe(200);
    const msg = JSON.parse(res.json().txs[0].cosmos_tx.msgs[0].msg) as {
      source_channel: string;
      receiver: string;
      memo: string;
    };
    const action = (
      JSON.parse(msg.memo) as {
        wasm: {
          msg: {
            swap_and_action: {
              min_asset: { native: { amount: string } };
              post_swap_action: { transfer: { to_address: string } };
            };
          };
        };
      }
    ).wasm.msg.swap_and_action;
    const packet = relayer.packet('cosmoshub-4', msg.source_channel, {
      denom: 'uatom',
      amount: '1000000',
      sender: USER_HUB,
      receiver: msg.receiver,
      memo: msg.memo,
    });
    return {
      packet,
      hash: relayer.send(packet),
      to: action.post_swap_action.transfer.to_address,
      minOut: BigInt(action.min_asset.native.amount),
    };
  }
  const bankTransfer = (sender: string, recipient: string, amount: string): AbciEvent => ({
    type: 'transfer',
    attributes: [
      { key: 'recipient', value: recipient },
      { key: 'sender', value: sender },
      { key: 'amount', value: amount },
    ],
  });

  it("releases the swap's output to the user, not the ATOM that arrived", async () => {
    const { packet, hash, to, minOut } = await swapTransfer();
    expect(to).toBe(USER_OSMO);
    await tx.track('cosmoshub-4', hash, null);
    const entryPoint = packet.data.receiver;
    const out = (minOut + 12_345n).toString();
    // The receive transaction: the voucher minted to the entry point, the swap, the output sent to the user.
    relayer.recv(packet, RESULT_ACK, [
      bankTransfer(PFM_INTERMEDIARY, entryPoint, `1000000${ATOM_ON_OSMOSIS}`),
      bankTransfer(entryPoint, USER_OSMO, `${out}uosmo`),
    ]);
    relayer.acknowledge(packet);
    const s = await step('cosmoshub-4', hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: 'osmosis-1', denom: 'uosmo', amount: out, released: true },
      next_step: { action: 'none', chain_id: 'osmosis-1' },
    });
  });

  it('a failed swap is an error acknowledgement: ATOM back on the Hub, and the next step is a new route from there', async () => {
    const { packet, hash } = await swapTransfer();
    await tx.track('cosmoshub-4', hash, null);
    relayer.recv(packet, errorAck(5));
    let s = await step('cosmoshub-4', hash);
    expect(s).toMatchObject({ state: 'STATE_PENDING_ERROR', next_step: { action: 'wait', chain_id: 'cosmoshub-4' } });
    relayer.acknowledge(packet);
    s = await step('cosmoshub-4', hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '1000000', released: true },
      next_step: { action: 'retry', chain_id: 'cosmoshub-4' },
    });
  });
});

describe('the initial transaction', () => {
  it("failed on chain: STATE_COMPLETED_ERROR with the chain's code and log", async () => {
    const hash = net
      .chain('osmosis-1')
      .include([], { code: 5, log: 'insufficient funds: 1uatom is smaller than 1000000uatom' });
    await tx.track('osmosis-1', hash, null);
    const s = await step('osmosis-1', hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfers: [{ state: 'STATE_COMPLETED_ERROR', transfer_sequence: [] }],
      error: {
        type: 'STATUS_ERROR_TRANSACTION_EXECUTION',
        message: 'insufficient funds: 1uatom is smaller than 1000000uatom',
        details: { code: 5 },
      },
    });
  });

  it('an ICS-20 packet over a channel the registry does not know is given up at once, never a success', async () => {
    // The relayer's packet over a known channel, moved to a channel Osmosis has no registry entry for.
    const known = relayer.packet('osmosis-1', 'channel-0', {
      denom: 'transfer/channel-0/uatom',
      amount: '250000',
      sender: USER_OSMO,
      receiver: USER_HUB,
      memo: '',
    });
    const unknown: Packet = { ...known, src_channel: 'channel-99999', dst_channel: 'channel-77777' };
    expect(registry.channelEnd('osmosis-1', 'transfer', 'channel-99999')).toBeUndefined();
    const hash = relayer.send(unknown);
    await tx.track('osmosis-1', hash, null);
    const s = await step('osmosis-1', hash);
    expect(s).toMatchObject({
      state: 'STATE_ABANDONED',
      status: 'STATE_COMPLETED',
      transfers: [{ state: 'STATE_ABANDONED', transfer_sequence: [] }],
      transfer_asset_release: { chain_id: 'osmosis-1', denom: ATOM_ON_OSMOSIS, amount: '250000', released: false },
      error: {
        type: 'STATUS_ERROR_UNKNOWN',
        message: expect.stringContaining('transfer/channel-99999, a channel the registry does not know'),
      },
    });
  });

  it('never seen: STATE_SUBMITTED, then STATE_ABANDONED after the not-found window', async () => {
    const hash = 'AB'.repeat(32);
    await tx.track('osmosis-1', hash, null);
    expect((await step('osmosis-1', hash)).state).toBe('STATE_SUBMITTED');
    net.now += 121_000;
    expect(await step('osmosis-1', hash)).toMatchObject({
      state: 'STATE_ABANDONED',
      error: { type: 'STATUS_ERROR_INDEXING' },
    });
  });

  it('a node that is down is no progress: the transfer waits and continues when it answers again', async () => {
    const { first, hash } = userTransfer();
    await tx.track('osmosis-1', hash, null);
    await step('osmosis-1', hash);
    net.chain('cosmoshub-4').down = true;
    relayer.recv(first, RESULT_ACK);
    expect(hop(await step('osmosis-1', hash), 0).state).toBe('TRANSFER_PENDING');
    net.chain('cosmoshub-4').down = false;
    // The endpoint is cooling down after its failure; the pool retries it when it is the only one.
    expect(hop(await step('osmosis-1', hash), 0).state).toBe('TRANSFER_SUCCESS');
  });
});

describe('/health per configured chain', () => {
  it("says which chains' nodes answer the queries tracking needs: an indexer turned off is named", async () => {
    const { buildApp } = await import('../http/app.js');
    const { buildContext } = await import('../context.js');
    const { loadConfig } = await import('../config.js');
    net.chain('neutron-1').indexing = false;
    const app = await buildApp(buildContext(loadConfig([], {})), { tx });
    try {
      const body = (await app.inject({ method: 'GET', url: '/health' })).json() as {
        checks: Record<string, { ok: boolean; detail: string }>;
      };
      expect(body.checks['tracking:osmosis-1']).toEqual({ ok: true, detail: 'answers transaction and event queries' });
      expect(body.checks['tracking:cosmoshub-4']?.ok).toBe(true);
      expect(body.checks['tracking:neutron-1']).toEqual({
        ok: false,
        detail: expect.stringContaining('transaction indexing is disabled'),
      });
    } finally {
      net.chain('neutron-1').indexing = true;
      await app.close();
    }
  });
});
