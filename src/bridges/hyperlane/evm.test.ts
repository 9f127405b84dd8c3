/**
 * The Hyperlane transfers Junction builds. From Arbitrum: executed on a local EVM (anvil) against Hyperlane's own
 * contracts, the compiled ones npm package @hyperlane-xyz/core ships (its typechain factories: ABI and creation code):
 * a Mailbox of domain 42161 with the NoopIsm as default ISM, a MerkleTreeHook as required hook and the
 * InterchainGasPaymaster (priced by a StorageGasOracle) as default hook, and the synthetic warp router HypERC20 whose
 * code is placed at TIA.n's address from data/hyperlane.json, initialized there, enrolled with the Neutron router and
 * funded by a transfer delivered from Neutron through the mailbox. The calldata is decoded with the router's ABI and the
 * SentTransferRemote, Dispatch and GasPayment events, decoded with the package's ABIs, are checked (amount, recipient,
 * destination domain, gas paid, refund of the estimate's excess). With CHAIN_RPC_URLS the fee refresher quotes the
 * router's quoteGasPayment over JSON-RPC. From Neutron: the CosmWasm execute message is checked field by field.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeFunctionData,
  encodeFunctionData,
  encodePacked,
  getAddress,
  hexToBigInt,
  keccak256,
  pad,
  slice,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { typechainArtifact } from '../../test-helpers/evm/npm-artifacts.js';
import { userAddress } from '../../test-helpers/registry.js';
import { hyperlaneConfig } from './config.js';
import { WARP_ROUTER_ABI } from './messages.js';
import { servingRetiredHyperlaneChains } from './test-helpers/retired.js';

// Hyperlane no longer serves Neutron, so no TIA.n lane ships; these tests run the machinery as if it did.
servingRetiredHyperlaneChains();

const TIA_N = getAddress('0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C');
const TIA_ON_NEUTRON = 'ibc/773B4D0A3CD667B2275D5A4A7A2F0909C0BA0F4059C0B9181E680DDF4965DCC7';
const ARBITRUM_DOMAIN = 42161;
const NEUTRON_DOMAIN = 1853125230;
const NEUTRON_ROUTER = 'neutron1jyyjd3x0jhgswgm6nnctxvzla8ypx50tew3ayxxwkrjfxhvje6kqzvzudq';
const hyperlane = (name: string) =>
  typechainArtifact('@hyperlane-xyz/core', `dist/typechain/factories/contracts/${name}__factory.js`);
const MAILBOX = hyperlane('Mailbox');
const IGP = hyperlane('hooks/igp/InterchainGasPaymaster');
const ORACLE = hyperlane('hooks/igp/StorageGasOracle');
const ROUTER = hyperlane('token/HypERC20');
// The gas paymaster's price for Neutron: 1 untrn per unit of gas, 1 untrn worth 2e7 wei (the oracle's rate is scaled by
// 1e10), plus its per-domain overhead on the router's destination gas.
const GAS_PRICE = 1n;
const EXCHANGE_RATE = 2n * 10n ** 17n;
const DESTINATION_GAS = 200_000n;
const GAS_OVERHEAD = 50_000n;
const QUOTE = ((DESTINATION_GAS + GAS_OVERHEAD) * GAS_PRICE * EXCHANGE_RATE) / 10n ** 10n; // 5e12 wei: below the table's 1e14
const FUNDED = 10n ** 12n;

const bech32Bytes32 = (address: string): Hex =>
  pad(`0x${Buffer.from(bech32.fromWords(bech32.decode(address, 1023).words)).toString('hex')}`);
const user = anvilAccount(1).address;
const admin = anvilAccount(0).address;
let node: Anvil;
let mailbox: Address;
let igp: Address;
let offline: TestApp;
let live: TestApp;
let neutronUser: string;

/** A transaction from anvil's first account (the deployer and owner of every contract here). */
const call = (to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
  sendTx(node, 0, { to, data: encodeFunctionData({ abi, functionName, args }) });
const read = (address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
  node.publicClient.readContract({ address, abi, functionName, args });

beforeAll(async () => {
  node = await startAnvil(ARBITRUM_DOMAIN);
  const oracle = await deployContract(node, ORACLE);
  await call(oracle, ORACLE.abi, 'setRemoteGasData', [
    { remoteDomain: NEUTRON_DOMAIN, tokenExchangeRate: EXCHANGE_RATE, gasPrice: GAS_PRICE },
  ]);
  igp = await deployContract(node, IGP);
  await call(igp, IGP.abi, 'initialize', [admin, admin]);
  await call(igp, IGP.abi, 'setDestinationGasConfigs', [
    [{ remoteDomain: NEUTRON_DOMAIN, config: { gasOracle: oracle, gasOverhead: GAS_OVERHEAD } }],
  ]);
  mailbox = await deployContract(node, MAILBOX, [ARBITRUM_DOMAIN]);
  const ism = await deployContract(node, hyperlane('isms/NoopIsm'));
  const merkle = await deployContract(node, hyperlane('hooks/MerkleTreeHook'), [mailbox]);
  await call(mailbox, MAILBOX.abi, 'initialize', [admin, ism, igp, merkle]);

  // The router's immutables (decimals, scale 1/1, mailbox, local domain) travel with its code; its storage starts empty
  // at TIA.n's address, so it is initialized there: no initial supply, the mailbox's default hook and ISM.
  await copyCodeTo(node, await deployContract(node, ROUTER, [6, 1n, 1n, mailbox]), TIA_N);
  await call(TIA_N, ROUTER.abi, 'initialize', [0n, 'TIA.n', 'TIA.n', zeroAddress, zeroAddress, admin]);
  await call(TIA_N, ROUTER.abi, 'enrollRemoteRouter', [NEUTRON_DOMAIN, bech32Bytes32(NEUTRON_ROUTER)]);
  await call(TIA_N, ROUTER.abi, 'setDestinationGas', [NEUTRON_DOMAIN, DESTINATION_GAS]);
  // The user's TIA.n arrive as they do on mainnet: a transfer from the Neutron router, processed by the mailbox (the
  // NoopIsm accepts it without metadata) and minted by the router's handle().
  const inbound = encodePacked(
    ['uint8', 'uint32', 'uint32', 'bytes32', 'uint32', 'bytes32', 'bytes32', 'uint256'],
    [
      Number(await read(mailbox, MAILBOX.abi, 'VERSION')),
      0,
      NEUTRON_DOMAIN,
      bech32Bytes32(NEUTRON_ROUTER),
      ARBITRUM_DOMAIN,
      pad(TIA_N),
      pad(user),
      FUNDED,
    ],
  );
  const delivery = await call(mailbox, MAILBOX.abi, 'process', ['0x', inbound]);
  expect(eventsOf(delivery.logs, TIA_N, ROUTER.abi)).toContainEqual(
    expect.objectContaining({
      eventName: 'ReceivedTransferRemote',
      args: { origin: NEUTRON_DOMAIN, recipient: pad(user.toLowerCase() as Hex), amountOrId: FUNDED },
    }),
  );

  offline = await buildTestApp();
  // Generous: the node is local and these tests are not about timeouts (a loaded machine can take seconds).
  live = await buildTestApp({ CHAIN_RPC_URLS: `42161=${node.url}`, UPSTREAM_TIMEOUT_MS: '30000' });
  neutronUser = userAddress(offline.ctx.registry, 'neutron-1');
});
afterAll(async () => {
  await offline?.app.close();
  await live?.app.close();
  await node?.stop();
});

async function msgsDirect(
  t: TestApp,
  from: string,
  denomIn: string,
  to: string,
  denomOut: string,
  amount: bigint,
  addresses: Record<string, string>,
) {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: from,
    source_asset_denom: denomIn,
    dest_asset_chain_id: to,
    dest_asset_denom: denomOut,
    amount_in: amount.toString(),
    chain_ids_to_addresses: addresses,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('Hyperlane TIA.n from Arbitrum on anvil (contracts of @hyperlane-xyz/core)', () => {
  it('transferRemote to the Neutron domain: calldata, burn, SentTransferRemote, Dispatch to the Neutron router, GasPayment and refund', async () => {
    const amount = 4_200_000n;
    const body = await msgsDirect(offline, '42161', TIA_N, 'neutron-1', TIA_ON_NEUTRON, amount, {
      '42161': user,
      'neutron-1': neutronUser,
    });
    expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['hyperlane_transfer']);
    const table = hyperlaneConfig().gas('42161', 'neutron-1')!.amount;
    expect(body.route.operations[0].hyperlane_transfer).toMatchObject({
      hyperlane_contract_address: TIA_N,
      fee_amount: table.toString(),
      fee_asset: { chain_id: '42161', denom: 'arbitrum-native' },
    });
    const tx = body.txs[0].evm_tx;
    expect(tx).toMatchObject({
      chain_id: '42161',
      to: TIA_N,
      value: table.toString(),
      signer_address: user,
      required_erc20_approvals: [],
    });
    expect(decodeFunctionData({ abi: ROUTER.abi, data: `0x${tx.data}` })).toEqual({
      functionName: 'transferRemote',
      args: [NEUTRON_DOMAIN, bech32Bytes32(neutronUser), amount],
    });

    const ethBefore = await node.publicClient.getBalance({ address: user });
    const tiaBefore = (await read(TIA_N, ROUTER.abi, 'balanceOf', [user])) as bigint;
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    // The paymaster keeps its quote and refunds the rest of the table's estimate to the sender.
    expect(ethBefore - (await node.publicClient.getBalance({ address: user }))).toBe(
      receipt.gasUsed * receipt.effectiveGasPrice + QUOTE,
    );
    expect(await node.publicClient.getBalance({ address: igp })).toBe(QUOTE);
    expect(tiaBefore - ((await read(TIA_N, ROUTER.abi, 'balanceOf', [user])) as bigint)).toBe(amount);

    expect(eventsOf(receipt.logs, TIA_N, ROUTER.abi)).toContainEqual(
      expect.objectContaining({
        eventName: 'SentTransferRemote',
        args: { destination: NEUTRON_DOMAIN, recipient: bech32Bytes32(neutronUser), amountOrId: amount },
      }),
    );
    const [dispatch] = eventsOf(receipt.logs, mailbox, MAILBOX.abi).filter((e) => e.eventName === 'Dispatch');
    const d = dispatch!.args as unknown as { sender: Address; destination: number; recipient: Hex; message: Hex };
    expect(d).toMatchObject({ sender: TIA_N, destination: NEUTRON_DOMAIN, recipient: bech32Bytes32(NEUTRON_ROUTER) });
    // Message: version(1) nonce(4) origin(4) sender(32) destination(4) recipient(32) | body: recipient(32) amount(32).
    expect(Number(hexToBigInt(slice(d.message, 5, 9)))).toBe(ARBITRUM_DOMAIN);
    expect(slice(d.message, 77, 109)).toBe(bech32Bytes32(neutronUser));
    expect(hexToBigInt(slice(d.message, 109, 141))).toBe(amount);
    const gas = eventsOf(receipt.logs, igp, IGP.abi).filter((e) => e.eventName === 'GasPayment');
    expect(gas).toEqual([
      expect.objectContaining({
        args: {
          messageId: keccak256(d.message),
          destinationDomain: NEUTRON_DOMAIN,
          gasAmount: DESTINATION_GAS + GAS_OVERHEAD,
          payment: QUOTE,
        },
      }),
    ]);
  });

  it('with CHAIN_RPC_URLS, the refresher quotes quoteGasPayment over JSON-RPC and the route and value carry it', async () => {
    // Junction calls quoteGasPayment(destination); the router's newer quoteTransferRemote gives the same native fee.
    expect(await read(TIA_N, WARP_ROUTER_ABI, 'quoteGasPayment', [NEUTRON_DOMAIN])).toBe(QUOTE);
    const [native] = (await read(TIA_N, ROUTER.abi, 'quoteTransferRemote', [
      NEUTRON_DOMAIN,
      bech32Bytes32(neutronUser),
      1_000_000n,
    ])) as { token: Address; amount: bigint }[];
    expect(native).toEqual({ token: zeroAddress, amount: QUOTE });

    await live.ctx.liveFees.refresh();
    // Only the warp router answers here: the Stargate pools and OFTs of Arbitrum are not on this node, and their
    // failed probes leave their lanes on the fee tables.
    expect(live.ctx.liveFees.status()).toMatchObject({ live: 1 });
    const body = await msgsDirect(live, '42161', TIA_N, 'neutron-1', TIA_ON_NEUTRON, 1_000_000n, {
      '42161': user,
      'neutron-1': neutronUser,
    });
    expect(body.route.operations[0].hyperlane_transfer.fee_amount).toBe(QUOTE.toString());
    expect(body.route.estimated_fees).toEqual([
      expect.objectContaining({
        bridge_id: 'HYPERLANE',
        amount: QUOTE.toString(),
        chain_id: '42161',
        fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
      }),
    ]);
    expect(body.txs[0].evm_tx.value).toBe(QUOTE.toString());
    await sendTx(node, 1, { to: TIA_N, data: `0x${body.txs[0].evm_tx.data}`, value: QUOTE });
  });
});

describe('Hyperlane TIA from Neutron (CosmWasm warp router)', () => {
  it('executes transfer_remote with the amount plus the route fee constant as funds, to the Arbitrum domain', async () => {
    const evmUser = anvilAccount(2).address;
    const amount = 15_000_000n;
    const body = await msgsDirect(offline, 'neutron-1', TIA_ON_NEUTRON, '42161', TIA_N, amount, {
      'neutron-1': neutronUser,
      '42161': evmUser,
    });
    expect(body.route.estimated_amount_out).toBe(amount.toString());
    expect(body.route.estimated_fees).toEqual([
      expect.objectContaining({
        bridge_id: 'HYPERLANE',
        amount: '270000',
        chain_id: 'neutron-1',
        fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
        origin_asset: expect.objectContaining({ denom: TIA_ON_NEUTRON }),
      }),
    ]);
    const tx = body.txs[0].cosmos_tx;
    expect(tx).toMatchObject({ chain_id: 'neutron-1', signer_address: neutronUser, path: ['neutron-1', '42161'] });
    expect(tx.msgs[0].msg_type_url).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    expect(JSON.parse(tx.msgs[0].msg)).toEqual({
      sender: neutronUser,
      contract: NEUTRON_ROUTER,
      msg: {
        transfer_remote: {
          dest_domain: 42161,
          recipient: pad(evmUser.toLowerCase() as Hex).slice(2),
          amount: amount.toString(),
        },
      },
      funds: [{ denom: TIA_ON_NEUTRON, amount: (amount + 270_000n).toString() }],
    });
  });
});
