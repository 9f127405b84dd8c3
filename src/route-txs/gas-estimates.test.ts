/**
 * Cosmos gas estimates of /v2/fungible/msgs_direct against a local REST node (test-helpers/gas-nodes.ts): for a key
 * holder, the unsigned transaction is simulated with the signer's public key and sequence from its account, and the
 * figure is the node's; a signer without a public key on the chain (never signed), or a chain without a configured
 * node, falls back to the gas table and says why; an anonymous caller gets the table, labelled. A Solana transaction
 * is simulated (without signature checks, over the node's blockhash) for its compute units; its fee is the table's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AuthInfo, TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { okBody, post } from '../http/test-helpers/app.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { createAccess, type AccessService } from '../auth/access.js';
import { createKey } from '../auth/keys-command.js';
import { silentLog } from '../auth/log.js';
import { testTxService } from '../tx/test-helpers/service.js';
import { ATOM_ON_OSMOSIS, userAddress } from '../test-helpers/registry.js';
import { MsgsDirectResponse } from '../wire/msgs.js';
import { startGasNodes, type GasNodes } from './test-helpers/gas-nodes.js';

/** A compressed secp256k1 public key (33 bytes), base64 as the auth module answers it. */
const PUBKEY = Buffer.concat([Buffer.from([2]), Buffer.alloc(32, 7)]).toString('base64');

let nodes: GasNodes;
let store: TestStore;
let access: AccessService;
let app: FastifyInstance;
let key: string;
const ctx = buildContext(loadConfig([], {}));
const hub = userAddress(ctx.registry, 'cosmoshub-4');
const osmo = userAddress(ctx.registry, 'osmosis-1');

beforeAll(async () => {
  nodes = await startGasNodes();
  store = await sqliteTestStore();
  ({ key } = await createKey(store.store, 'wallet'));
  access = await createAccess(
    store.store,
    { anonymous: { ratePerSecond: 100, burst: 100 }, keyRefreshMs: 60_000, statsFlushMs: 60_000, redisKeyPrefix: 'x:' },
    silentLog,
  );
  // Solana's node also gives the blockhash a transaction starting there is built over.
  const appCtx = buildContext(loadConfig([], { CHAIN_RPC_URLS: `solana=${nodes.solanaUrl}` }));
  const tx = testTxService({
    store: store.store,
    registry: appCtx.registry,
    rpc: `solana=${nodes.solanaUrl}`,
    rest: `cosmoshub-4=${nodes.restUrl('cosmoshub-4')}`,
  });
  app = await buildApp(appCtx, { access, tx });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await access?.close();
  await nodes?.close();
  await store?.cleanup();
});

const atomTo = (dest: string, denom: string, addresses: Record<string, string>) => ({
  source_asset_chain_id: 'cosmoshub-4',
  source_asset_denom: 'uatom',
  dest_asset_chain_id: dest,
  dest_asset_denom: denom,
  amount_in: '1000000',
  chain_ids_to_addresses: addresses,
});
const toOsmosis = atomTo('osmosis-1', ATOM_ON_OSMOSIS, { 'cosmoshub-4': hub, 'osmosis-1': osmo });

async function direct(body: object, headers: Record<string, string> = {}) {
  const res = await post(app, '/v2/fungible/msgs_direct', body, { 'content-type': 'application/json', ...headers });
  return okBody<typeof MsgsDirectResponse.static>(res, MsgsDirectResponse);
}

describe('Cosmos gas estimates (simulation)', () => {
  it('a key holder whose account has a public key: the simulated gas of the unsigned transaction', async () => {
    nodes.state.pubKeys.set('cosmoshub-4', new Map([[hub, PUBKEY]]));
    nodes.state.simulatedGas.set('cosmoshub-4', 123_456n);
    nodes.state.simulated.length = 0;
    const body = await direct(toOsmosis, { authorization: key });
    const [estimate] = body.junction_gas_estimates!;
    expect(estimate).toMatchObject({
      tx_index: 0,
      chain_id: 'cosmoshub-4',
      basis: 'node',
      gas: '123456',
      gas_limit: null,
      fee_denom: 'uatom',
      note: null,
      parts: [{ message: '/ibc.applications.transfer.v1.MsgTransfer', gas: '123456', basis: 'node' }],
    });
    // The fee is the simulated gas at the registry's average gas price, rounded up to whole base units.
    const price = Number(estimate!.gas_price);
    expect(estimate!.fee_amount).toBe(String(Math.ceil(123_456 * price)));
    // What the node was asked to simulate: the answer's own message, signed (emptily) by the account's key.
    expect(nodes.state.simulated).toHaveLength(1);
    const sent = nodes.state.simulated[0]!.tx;
    const msgs = TxBody.decode(sent.bodyBytes).messages;
    expect(msgs.map((m) => m.typeUrl)).toEqual([MsgTransfer.typeUrl]);
    const transfer = MsgTransfer.decode(msgs[0]!.value);
    const wire = JSON.parse((body.txs[0] as { cosmos_tx: { msgs: { msg: string }[] } }).cosmos_tx.msgs[0]!.msg);
    expect(transfer).toMatchObject({ sender: hub, receiver: wire.receiver, sourceChannel: wire.source_channel });
    expect(transfer.token).toEqual({ denom: 'uatom', amount: '1000000' });
    expect(transfer.timeoutTimestamp).toBe(BigInt(wire.timeout_timestamp));
    const signer = AuthInfo.decode(sent.authInfoBytes).signerInfos[0]!;
    expect(signer.sequence).toBe(7n);
    expect(signer.publicKey?.typeUrl).toBe('/cosmos.crypto.secp256k1.PubKey');
    expect(sent.signatures).toHaveLength(1);
  });

  it('a signer that never signed (no public key): the table, and the reason', async () => {
    nodes.state.pubKeys.delete('cosmoshub-4');
    const [estimate] = (await direct(toOsmosis, { authorization: key })).junction_gas_estimates!;
    expect(estimate).toMatchObject({ basis: 'table', parts: [{ message: 'ibc_transfer', basis: 'table' }] });
    expect(estimate!.note).toMatch(/no public key on the chain yet/);
  });

  it('a failing node: the table, and the reason, never the URL', async () => {
    nodes.state.pubKeys.set('cosmoshub-4', new Map([[hub, PUBKEY]]));
    nodes.state.failing.add('cosmoshub-4');
    try {
      const [estimate] = (await direct(toOsmosis, { authorization: key })).junction_gas_estimates!;
      expect(estimate!.basis).toBe('table');
      expect(estimate!.note).toMatch(/account query failed/);
      expect(estimate!.note).not.toContain('127.0.0.1');
    } finally {
      nodes.state.failing.delete('cosmoshub-4');
    }
  });

  it('a node that does not answer in time: the table, and the answer still comes', async () => {
    nodes.state.pubKeys.set('cosmoshub-4', new Map([[hub, PUBKEY]]));
    nodes.state.silent.add('cosmoshub-4');
    try {
      const [estimate] = (await direct(toOsmosis, { authorization: key })).junction_gas_estimates!;
      expect(estimate!.basis).toBe('table');
      expect(estimate!.note).toMatch(/no answer within \d+ ms/);
    } finally {
      nodes.state.silent.delete('cosmoshub-4');
    }
  });

  it('an anonymous caller: the table, labelled, and no simulation asked', async () => {
    nodes.state.simulated.length = 0;
    const [estimate] = (await direct(toOsmosis)).junction_gas_estimates!;
    expect(estimate).toMatchObject({ basis: 'table', gas: '450000' });
    expect(estimate!.note).toMatch(/API key/);
    expect(nodes.state.simulated).toHaveLength(0);
  });

  it('a chain without a configured node: the table, saying so', async () => {
    const body = await direct(
      {
        ...atomTo('cosmoshub-4', 'uatom', { 'osmosis-1': osmo, 'cosmoshub-4': hub }),
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: ATOM_ON_OSMOSIS,
      },
      { authorization: key },
    );
    const [estimate] = body.junction_gas_estimates!;
    expect(estimate).toMatchObject({ chain_id: 'osmosis-1', basis: 'table' });
    expect(estimate!.note).toMatch(/no node configured/);
  });

  it("Solana: compute units simulated by the node for a key holder; the fee is the table's", async () => {
    nodes.state.solanaUnits = 61_234;
    nodes.state.solanaSimulations.length = 0;
    const request = {
      source_asset_chain_id: 'solana',
      source_asset_denom: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '250000000',
      chain_ids_to_addresses: {
        solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
        'noble-1': userAddress(ctx.registry, 'noble-1'),
      },
    };
    const [keyed] = (await direct(request, { authorization: key })).junction_gas_estimates!;
    expect(keyed).toMatchObject({
      chain_id: 'solana',
      basis: 'node',
      gas_unit: 'compute_units',
      gas: '61234',
      fee_denom: 'solana-native',
    });
    expect(nodes.state.solanaSimulations).toEqual([
      { config: expect.objectContaining({ sigVerify: false, replaceRecentBlockhash: true, encoding: 'base64' }) },
    ]);
    const [anonymous] = (await direct(request)).junction_gas_estimates!;
    expect(anonymous).toMatchObject({ basis: 'table', gas_unit: 'signatures', fee_amount: keyed!.fee_amount });
    expect(nodes.state.solanaSimulations).toHaveLength(1);
  });
});
