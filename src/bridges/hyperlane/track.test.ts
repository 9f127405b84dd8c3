/**
 * Tracking Hyperlane TIA.n transfers between Neutron and Arbitrum end to end. Arbitrum is a local EVM (anvil) with
 * Hyperlane's own contracts from @hyperlane-xyz/core, set up as in evm.test.ts (a Mailbox of domain 42161 with the
 * NoopIsm, MerkleTreeHook and InterchainGasPaymaster, the synthetic router HypERC20 at TIA.n's address, enrolled with
 * the Neutron router). Neutron is a local chain answering the CometBFT RPC shapes, whose mailbox transactions carry the
 * events of many-things/cw-hyperlane's mailbox contract (`wasm-mailbox_dispatch` / `wasm-mailbox_dispatch_id` /
 * `wasm-mailbox_process_id`, contracts/core/mailbox/src/event.rs at 7569749c).
 *
 * Neutron → Arbitrum: the message dispatched on Neutron is delivered by Arbitrum's real Mailbox.process (ProcessId).
 * Arbitrum → Neutron: Junction's own transferRemote transaction (POST /msgs_direct) dispatches through the real Mailbox
 * (Dispatch), and Neutron's mailbox processes it. A message never processed stays pending, then is abandoned.
 */
import { encodeFunctionData, getAddress, keccak256, toHex, zeroAddress, type Abi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, sendTx } from '../../test-helpers/evm/deploy.js';
import { typechainArtifact } from '../../test-helpers/evm/npm-artifacts.js';
import { userAddress } from '../../test-helpers/registry.js';
import { FakeCosmosNetwork } from '../../tx/test-helpers/cosmos-network.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import {
  ARBITRUM_DOMAIN,
  NEUTRON_DOMAIN,
  NEUTRON_ROUTER,
  neutronDispatchEvents,
  neutronWarpMessage,
  TIA_N,
} from './test-helpers/neutron.js';
import { bech32Bytes32 } from '../test-helpers/source-txs.js';
import { HYPERLANE_DEADLINE_MS } from './track.js';
import { servingRetiredHyperlaneChains } from './test-helpers/retired.js';

// Hyperlane no longer serves Neutron, so no TIA.n lane ships; these tests run the machinery as if it did.
servingRetiredHyperlaneChains();

const TIA_ON_NEUTRON = 'ibc/773B4D0A3CD667B2275D5A4A7A2F0909C0BA0F4059C0B9181E680DDF4965DCC7';
const hyperlane = (name: string) =>
  typechainArtifact('@hyperlane-xyz/core', `dist/typechain/factories/contracts/${name}__factory.js`);
const MAILBOX = hyperlane('Mailbox');
const ROUTER = hyperlane('token/HypERC20');
const IGP = hyperlane('hooks/igp/InterchainGasPaymaster');
const ORACLE = hyperlane('hooks/igp/StorageGasOracle');

const user = anvilAccount(1).address;
const admin = anvilAccount(0).address;

const net = new FakeCosmosNetwork();
let node: Anvil;
let mailbox: Address;
let version: number;
let nonce = 0;
let app: TestApp;
let t: TestStore;
let tx: TxService;
let neutronUser: string;

const call = (to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
  sendTx(node, 0, { to, data: encodeFunctionData({ abi, functionName, args }) });

beforeAll(async () => {
  node = await startAnvil(ARBITRUM_DOMAIN);
  // The gas paymaster priced for Neutron (a StorageGasOracle), as evm.test.ts sets it up.
  const oracle = await deployContract(node, ORACLE);
  await call(oracle, ORACLE.abi, 'setRemoteGasData', [
    { remoteDomain: NEUTRON_DOMAIN, tokenExchangeRate: 2n * 10n ** 17n, gasPrice: 1n },
  ]);
  const igp = await deployContract(node, IGP);
  await call(igp, IGP.abi, 'initialize', [admin, admin]);
  await call(igp, IGP.abi, 'setDestinationGasConfigs', [
    [{ remoteDomain: NEUTRON_DOMAIN, config: { gasOracle: oracle, gasOverhead: 50_000n } }],
  ]);
  mailbox = await deployContract(node, MAILBOX, [ARBITRUM_DOMAIN]);
  const ism = await deployContract(node, hyperlane('isms/NoopIsm'));
  const merkle = await deployContract(node, hyperlane('hooks/MerkleTreeHook'), [mailbox]);
  await call(mailbox, MAILBOX.abi, 'initialize', [admin, ism, igp, merkle]);
  await copyCodeTo(node, await deployContract(node, ROUTER, [6, 1n, 1n, mailbox]), TIA_N);
  await call(TIA_N, ROUTER.abi, 'initialize', [0n, 'TIA.n', 'TIA.n', zeroAddress, zeroAddress, admin]);
  await call(TIA_N, ROUTER.abi, 'enrollRemoteRouter', [NEUTRON_DOMAIN, bech32Bytes32(NEUTRON_ROUTER)]);
  await call(TIA_N, ROUTER.abi, 'setDestinationGas', [NEUTRON_DOMAIN, 200_000n]);
  version = Number(
    await node.publicClient.readContract({ address: mailbox, abi: MAILBOX.abi, functionName: 'VERSION' }),
  );

  net.chain('neutron-1');
  await net.start();
  t = await sqliteTestStore();
  tx = testTxService({
    store: t.store,
    registry: (app = await buildTestApp()).ctx.registry,
    rpc: `${net.settings().rpc},42161=${node.url}`,
    rest: net.settings().rest,
    now: () => net.now,
    worker: { stallAbandonMs: 1_800_000 },
  });
  neutronUser = userAddress(app.ctx.registry, 'neutron-1');
});
afterAll(async () => {
  await app?.app.close();
  await node?.stop();
  await net.stop();
  await t?.cleanup();
});
beforeEach(() => {
  net.now += 1000;
});

async function step(chainId: string, hash: string): Promise<Status> {
  net.now += 1000;
  return tickedStatus(tx, chainId, hash, () => net.now++);
}
const event = (s: Status) => transferEvent(s, 'hyperlane_transfer');

const neutronMessage = (amount: bigint) => neutronWarpMessage({ version, nonce: nonce++, to: user, amount });
const dispatchOnNeutron = (message: Hex) => net.chain('neutron-1').include(neutronDispatchEvents(message));

describe('Hyperlane TIA.n Neutron → Arbitrum', () => {
  it('is sent once dispatched on Neutron, and a success only when the Arbitrum mailbox processed the message', async () => {
    const amount = 9_000_000n;
    const message = neutronMessage(amount);
    const hash = dispatchOnNeutron(message);
    await tx.track('neutron-1', hash, null);
    let s = await step('neutron-1', hash);
    expect(event(s)).toMatchObject({
      from_chain_id: 'neutron-1',
      to_chain_id: '42161',
      state: 'HYPERLANE_TRANSFER_SENT',
      txs: { send_tx: { chain_id: 'neutron-1', tx_hash: hash }, receive_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });

    const delivery = await call(mailbox, MAILBOX.abi, 'process', ['0x', message]);
    s = await step('neutron-1', hash);
    expect(event(s)).toMatchObject({
      state: 'HYPERLANE_TRANSFER_RECEIVED',
      txs: {
        receive_tx: {
          chain_id: '42161',
          tx_hash: delivery.transactionHash,
          explorer_link: `https://arbiscan.io/tx/${delivery.transactionHash}`,
        },
      },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '42161', denom: TIA_N, amount: amount.toString(), released: true },
    });
  });

  it('a message never processed stays pending past the stall limit, then is abandoned with the funds on Neutron', async () => {
    const hash = dispatchOnNeutron(neutronMessage(1_000_000n));
    await tx.track('neutron-1', hash, null);
    await step('neutron-1', hash);
    net.now += 1_800_000 + 1000;
    expect((await step('neutron-1', hash)).state).toBe('STATE_PENDING');
    net.now += HYPERLANE_DEADLINE_MS;
    expect(await step('neutron-1', hash)).toMatchObject({
      state: 'STATE_ABANDONED',
      transfer_asset_release: { chain_id: 'neutron-1', denom: TIA_ON_NEUTRON, amount: '1000000', released: false },
      next_step: { action: 'track_again' },
    });
  });
});

describe('Hyperlane TIA.n Arbitrum → Neutron', () => {
  it("Junction's transferRemote: sent with the mailbox's Dispatch, received once Neutron's mailbox processed it", async () => {
    const amount = 4_200_000n;
    // The user's TIA.n: a delivery from Neutron first.
    await call(mailbox, MAILBOX.abi, 'process', ['0x', neutronMessage(amount)]);
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '42161',
      source_asset_denom: TIA_N,
      dest_asset_chain_id: 'neutron-1',
      dest_asset_denom: TIA_ON_NEUTRON,
      amount_in: amount.toString(),
      chain_ids_to_addresses: { '42161': user, 'neutron-1': neutronUser },
    });
    expect(res.statusCode, res.body).toBe(200);
    const evmTx = res.json().txs[0].evm_tx as { to: Address; data: string; value: string };
    const receipt = await sendTx(node, 1, { to: evmTx.to, data: `0x${evmTx.data}`, value: BigInt(evmTx.value) });
    await tx.track('42161', receipt.transactionHash, null);
    let s = await step('42161', receipt.transactionHash);
    expect(event(s)).toMatchObject({
      from_chain_id: '42161',
      to_chain_id: 'neutron-1',
      state: 'HYPERLANE_TRANSFER_SENT',
    });
    expect(s.state).toBe('STATE_PENDING');

    // The message id Neutron's mailbox reports: the DispatchId the Arbitrum mailbox emitted.
    const dispatchId = receipt.logs.find(
      (l) => getAddress(l.address) === getAddress(mailbox) && l.topics[0] === keccak256(toHex('DispatchId(bytes32)')),
    )!.topics[1]!;
    const other = net
      .chain('neutron-1')
      .include([{ type: 'wasm-mailbox_process_id', attributes: [{ key: 'message_id', value: '00'.repeat(32) }] }]);
    s = await step('42161', receipt.transactionHash);
    expect(s.state).toBe('STATE_PENDING');
    const processed = net.chain('neutron-1').include([
      { type: 'wasm-mailbox_process', attributes: [{ key: 'origin', value: String(ARBITRUM_DOMAIN) }] },
      { type: 'wasm-mailbox_process_id', attributes: [{ key: 'message_id', value: dispatchId.slice(2) }] },
    ]);
    expect(processed).not.toBe(other);
    s = await step('42161', receipt.transactionHash);
    expect(event(s)).toMatchObject({
      state: 'HYPERLANE_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: 'neutron-1', tx_hash: processed } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: 'neutron-1',
        denom: TIA_ON_NEUTRON,
        amount: amount.toString(),
        released: true,
      },
    });
  });
});
