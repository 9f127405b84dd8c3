/**
 * TIA over Celestia's own Hyperlane module: the collateral tokens of hyperlane-cosmos x/warp on Celestia (celestia-app)
 * connected to synthetic TIA on Ethereum and Base and to TIA.n on Arbitrum (hyperlane-registry
 * deployments/warp_routes/TIA). Live lanes, with no chain retired and nothing served as if it were.
 *
 * - Celestia → EVM: `/hyperlane.warp.v1.MsgRemoteTransfer`, checked field by field and encoded and decoded with the
 *   proto definition of bcp-innovations/hyperlane-cosmos proto/hyperlane/warp/v1/tx.proto (field numbers and types;
 *   HexAddress and math.Int custom types are strings on the wire).
 * - Arbitrum is a local EVM (anvil) with Hyperlane's own contracts from @hyperlane-xyz/core (Mailbox of domain 42161
 *   with the NoopIsm, MerkleTreeHook, InterchainGasPaymaster priced for Celestia's domain, HypERC20 at TIA.n's address
 *   enrolled with Celestia's token ...0005); Celestia is a local chain answering the CometBFT RPC shapes, whose
 *   transactions carry the core module's typed events (test-helpers/celestia.ts).
 * - Celestia → Arbitrum: dispatched on Celestia (EventDispatch), delivered by Arbitrum's real Mailbox.process.
 * - Arbitrum → Celestia: Junction's transferRemote runs on the real contracts (Dispatch to the Celestia token, the
 *   Celestia account's 20 bytes left-padded), delivered once Celestia's core module emits EventProcess for its id.
 */
import protobuf from 'protobufjs';
import { bech32 } from 'bech32';
import {
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  pad,
  parseAbiItem,
  slice,
  toEventSelector,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { buildRegistry } from '../../registry/build.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, sendTx } from '../../test-helpers/evm/deploy.js';
import { typechainArtifact } from '../../test-helpers/evm/npm-artifacts.js';
import { userAddress } from '../../test-helpers/registry.js';
import { FakeCosmosNetwork } from '../../tx/test-helpers/cosmos-network.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { hyperlaneLanes } from './lanes.js';
import {
  CELESTIA_DOMAIN,
  CELESTIA_TOKEN,
  celestiaDispatchEvents,
  celestiaProcessEvents,
  celestiaWarpMessage,
  TIA_BASE,
  TIA_ETHEREUM,
} from './test-helpers/celestia.js';

const TIA_N = getAddress('0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C');
const ARBITRUM_DOMAIN = 42161;
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';

// proto/hyperlane/warp/v1/tx.proto MsgRemoteTransfer and cosmos/base/v1beta1/coin.proto Coin, options left out.
const TX_PROTO = `
syntax = "proto3";
package hyperlane.warp.v1;
message Coin {
  string denom = 1;
  string amount = 2;
}
message MsgRemoteTransfer {
  string sender = 1;
  string token_id = 2;
  uint32 destination_domain = 3;
  string recipient = 4;
  string amount = 5;
  string custom_hook_id = 6;
  string gas_limit = 7;
  Coin max_fee = 8;
  string custom_hook_metadata = 9;
}`;
const MsgRemoteTransfer = protobuf
  .parse(TX_PROTO, { keepCase: true })
  .root.lookupType('hyperlane.warp.v1.MsgRemoteTransfer');

const hyperlane = (name: string) =>
  typechainArtifact('@hyperlane-xyz/core', `dist/typechain/factories/contracts/${name}__factory.js`);
const MAILBOX = hyperlane('Mailbox');
const DISPATCH = parseAbiItem(
  'event Dispatch(address indexed sender, uint32 indexed destination, bytes32 indexed recipient, bytes message)',
);
const ROUTER = hyperlane('token/HypERC20');
const IGP = hyperlane('hooks/igp/InterchainGasPaymaster');
const ORACLE = hyperlane('hooks/igp/StorageGasOracle');

describe('Hyperlane TIA lanes of Celestia’s warp module', () => {
  it('joins Celestia to Ethereum, Base and Arbitrum both ways, with the token ids as Celestia’s routers', () => {
    const lanes = hyperlaneLanes(buildRegistry()).filter(
      (l) => l.fromChainId === 'celestia' || l.toChainId === 'celestia',
    );
    const summary = lanes.map((l) => [
      l.fromChainId,
      l.toChainId,
      l.denomIn,
      l.denomOut,
      l.router,
      l.destinationDomain,
    ]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['celestia', '1', 'utia', TIA_ETHEREUM, CELESTIA_TOKEN['1'], 1],
        ['1', 'celestia', TIA_ETHEREUM, 'utia', TIA_ETHEREUM, CELESTIA_DOMAIN],
        ['celestia', '8453', 'utia', TIA_BASE, CELESTIA_TOKEN['8453'], 8453],
        ['8453', 'celestia', TIA_BASE, 'utia', TIA_BASE, CELESTIA_DOMAIN],
        ['celestia', '42161', 'utia', TIA_N, CELESTIA_TOKEN['42161'], ARBITRUM_DOMAIN],
        ['42161', 'celestia', TIA_N, 'utia', TIA_N, CELESTIA_DOMAIN],
      ]),
    );
    expect(lanes).toHaveLength(6);
    expect(lanes.filter((l) => l.fromChainId === 'celestia').map((l) => l.standard)).toEqual([
      'CosmosNativeHypCollateral',
      'CosmosNativeHypCollateral',
      'CosmosNativeHypCollateral',
    ]);
  });
});

describe('Celestia → EVM: /hyperlane.warp.v1.MsgRemoteTransfer', () => {
  let t: TestApp;
  let celestiaUser: string;
  beforeAll(async () => {
    t = await buildTestApp();
    celestiaUser = userAddress(t.ctx.registry, 'celestia');
  });
  afterAll(() => t.app.close());

  it.each([
    ['1', TIA_ETHEREUM, CELESTIA_TOKEN['1'], 1, '700000'],
    ['8453', TIA_BASE, CELESTIA_TOKEN['8453'], 8453, '300000'],
    ['42161', TIA_N, CELESTIA_TOKEN['42161'], ARBITRUM_DOMAIN, '500000'],
  ])(
    'to %s: one message naming the token, the padded recipient and the gas cap',
    async (dest, denom, token, domain, cap) => {
      const res = await post(t.app, '/v2/fungible/msgs_direct', {
        source_asset_chain_id: 'celestia',
        source_asset_denom: 'utia',
        dest_asset_chain_id: dest,
        dest_asset_denom: denom,
        amount_in: '250000000',
        chain_ids_to_addresses: { celestia: celestiaUser, [dest]: EVM_USER },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.route.operations).toEqual([
        expect.objectContaining({
          hyperlane_transfer: expect.objectContaining({
            from_chain_id: 'celestia',
            to_chain_id: dest,
            denom_in: 'utia',
            denom_out: denom,
            hyperlane_contract_address: token,
            fee_amount: cap,
            bridge_id: 'HYPERLANE',
          }),
        }),
      ]);
      expect(body.route.amount_out).toBe('250000000');
      expect(body.txs).toHaveLength(1);
      const tx = body.txs[0].cosmos_tx;
      expect(tx).toMatchObject({ chain_id: 'celestia', signer_address: celestiaUser, path: ['celestia', dest] });
      expect(tx.msgs).toHaveLength(1);
      expect(tx.msgs[0].msg_type_url).toBe('/hyperlane.warp.v1.MsgRemoteTransfer');
      const json = JSON.parse(tx.msgs[0].msg);
      expect(Object.keys(json)).toEqual([
        'sender',
        'token_id',
        'destination_domain',
        'recipient',
        'amount',
        'gas_limit',
        'max_fee',
      ]);
      // HexAddress fields: 0x and 64 lowercase hex digits (util/hex_address.go Unmarshal takes exactly 66 characters).
      for (const f of ['token_id', 'recipient']) expect(json[f]).toMatch(/^0x[0-9a-f]{64}$/);

      const decoded = MsgRemoteTransfer.toObject(
        MsgRemoteTransfer.decode(MsgRemoteTransfer.encode(MsgRemoteTransfer.fromObject(json)).finish()),
        { defaults: true },
      ) as Record<string, unknown>;
      expect(decoded).toEqual({
        sender: celestiaUser,
        token_id: token,
        destination_domain: domain,
        recipient: `0x000000000000000000000000${EVM_USER.slice(2).toLowerCase()}`,
        amount: '250000000',
        custom_hook_id: '',
        // Zero: the destination gas enrolled with the remote router (x/warp/keeper/logic_collateral.go).
        gas_limit: '0',
        max_fee: { denom: 'utia', amount: cap },
        custom_hook_metadata: '',
      });
      expect(body.msgs).toEqual([
        { multi_chain_msg: { chain_id: 'celestia', path: ['celestia', dest], ...tx.msgs[0] } },
      ]);
    },
  );

  it('refuses an EVM recipient that is not an EVM address', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'celestia',
      source_asset_denom: 'utia',
      dest_asset_chain_id: '1',
      dest_asset_denom: TIA_ETHEREUM,
      amount_in: '250000000',
      chain_ids_to_addresses: { celestia: celestiaUser, '1': celestiaUser },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('TIA between Celestia and Arbitrum, on anvil and a local Celestia', () => {
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
  let celestiaUser: string;

  const call = (to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
    sendTx(node, 0, { to, data: encodeFunctionData({ abi, functionName, args }) });
  const step = (chainId: string, hash: string): Promise<Status> => {
    net.now += 1000;
    return tickedStatus(tx, chainId, hash, () => net.now++);
  };
  const event = (s: Status) => transferEvent(s, 'hyperlane_transfer');
  const fromCelestia = (amount: bigint) =>
    celestiaWarpMessage({
      version,
      nonce: nonce++,
      token: CELESTIA_TOKEN['42161'],
      toDomain: ARBITRUM_DOMAIN,
      router: TIA_N,
      to: user,
      amount,
    });

  beforeAll(async () => {
    node = await startAnvil(ARBITRUM_DOMAIN);
    const oracle = await deployContract(node, ORACLE);
    await call(oracle, ORACLE.abi, 'setRemoteGasData', [
      { remoteDomain: CELESTIA_DOMAIN, tokenExchangeRate: 2n * 10n ** 17n, gasPrice: 1n },
    ]);
    const igp = await deployContract(node, IGP);
    await call(igp, IGP.abi, 'initialize', [admin, admin]);
    await call(igp, IGP.abi, 'setDestinationGasConfigs', [
      [{ remoteDomain: CELESTIA_DOMAIN, config: { gasOracle: oracle, gasOverhead: 50_000n } }],
    ]);
    mailbox = await deployContract(node, MAILBOX, [ARBITRUM_DOMAIN]);
    const ism = await deployContract(node, hyperlane('isms/NoopIsm'));
    const merkle = await deployContract(node, hyperlane('hooks/MerkleTreeHook'), [mailbox]);
    await call(mailbox, MAILBOX.abi, 'initialize', [admin, ism, igp, merkle]);
    await copyCodeTo(node, await deployContract(node, ROUTER, [6, 1n, 1n, mailbox]), TIA_N);
    await call(TIA_N, ROUTER.abi, 'initialize', [0n, 'TIA.n', 'TIA.n', zeroAddress, zeroAddress, admin]);
    // As arbitrum-deploy.yaml: Celestia's token ...0005 enrolled, 600000 gas for Celestia.
    await call(TIA_N, ROUTER.abi, 'enrollRemoteRouter', [CELESTIA_DOMAIN, CELESTIA_TOKEN['42161']]);
    await call(TIA_N, ROUTER.abi, 'setDestinationGas', [CELESTIA_DOMAIN, 600_000n]);
    version = Number(
      await node.publicClient.readContract({ address: mailbox, abi: MAILBOX.abi, functionName: 'VERSION' }),
    );

    net.chain('celestia');
    await net.start();
    t = await sqliteTestStore();
    tx = testTxService({
      store: t.store,
      registry: (app = await buildTestApp()).ctx.registry,
      rpc: `${net.settings().rpc},42161=${node.url}`,
      rest: net.settings().rest,
      now: () => net.now,
    });
    celestiaUser = userAddress(app.ctx.registry, 'celestia');
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

  it('Celestia → Arbitrum: sent once Celestia dispatched it, a success once the Arbitrum mailbox processed it', async () => {
    const amount = 12_000_000n;
    const message = fromCelestia(amount);
    const hash = net.chain('celestia').include(celestiaDispatchEvents(message, celestiaUser));
    await tx.track('celestia', hash, null);
    let s = await step('celestia', hash);
    expect(event(s)).toMatchObject({
      from_chain_id: 'celestia',
      to_chain_id: '42161',
      state: 'HYPERLANE_TRANSFER_SENT',
      txs: { send_tx: { chain_id: 'celestia', tx_hash: hash }, receive_tx: null },
    });
    expect(s.state).toBe('STATE_PENDING');

    const delivery = await call(mailbox, MAILBOX.abi, 'process', ['0x', message]);
    s = await step('celestia', hash);
    expect(event(s)).toMatchObject({
      state: 'HYPERLANE_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: '42161', tx_hash: delivery.transactionHash } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '42161', denom: TIA_N, amount: amount.toString(), released: true },
    });
  });

  it("Arbitrum → Celestia: Junction's transferRemote dispatches to Celestia's token, received once Celestia processed it", async () => {
    const amount = 4_200_000n;
    // The user's TIA.n: a delivery from Celestia first.
    await call(mailbox, MAILBOX.abi, 'process', ['0x', fromCelestia(amount)]);
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '42161',
      source_asset_denom: TIA_N,
      dest_asset_chain_id: 'celestia',
      dest_asset_denom: 'utia',
      amount_in: amount.toString(),
      chain_ids_to_addresses: { '42161': user, celestia: celestiaUser },
    });
    expect(res.statusCode, res.body).toBe(200);
    const evmTx = res.json().txs[0].evm_tx as { to: Address; data: string; value: string };
    expect(evmTx.to).toBe(TIA_N);
    const receipt = await sendTx(node, 1, { to: evmTx.to, data: `0x${evmTx.data}`, value: BigInt(evmTx.value) });

    // The message the mailbox dispatched: to Celestia's token, the Celestia account's 20 bytes left-padded, the amount.
    const dispatch = receipt.logs.find(
      (l) => getAddress(l.address) === getAddress(mailbox) && l.topics[0] === toEventSelector(DISPATCH),
    )!;
    const { message } = decodeEventLog({
      abi: [DISPATCH],
      data: dispatch.data,
      topics: dispatch.topics as [Hex, ...Hex[]],
    }).args;
    const account = Buffer.from(bech32.fromWords(bech32.decode(celestiaUser).words)).toString('hex');
    expect(Number(hexToBigInt(slice(message, 41, 45)))).toBe(CELESTIA_DOMAIN);
    expect(slice(message, 45, 77)).toBe(CELESTIA_TOKEN['42161']);
    expect(slice(message, 77, 109)).toBe(pad(`0x${account}`));
    expect(hexToBigInt(slice(message, 109, 141))).toBe(amount);

    await tx.track('42161', receipt.transactionHash, null);
    let s = await step('42161', receipt.transactionHash);
    expect(event(s)).toMatchObject({
      from_chain_id: '42161',
      to_chain_id: 'celestia',
      state: 'HYPERLANE_TRANSFER_SENT',
    });
    expect(s.state).toBe('STATE_PENDING');

    // Another message processed on Celestia is not this one.
    net.chain('celestia').include(celestiaProcessEvents(fromCelestia(1n)));
    s = await step('42161', receipt.transactionHash);
    expect(s.state).toBe('STATE_PENDING');

    const processed = net.chain('celestia').include(celestiaProcessEvents(message));
    s = await step('42161', receipt.transactionHash);
    expect(event(s)).toMatchObject({
      state: 'HYPERLANE_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: 'celestia', tx_hash: processed } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: 'celestia', denom: 'utia', amount: amount.toString(), released: true },
    });
  });
});
