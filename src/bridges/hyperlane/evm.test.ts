/**
 * The Hyperlane transfers Junction builds. From Arbitrum: executed on a local EVM (anvil) against the tests' own
 * warp router, mailbox and gas paymaster written from Hyperlane's published interfaces (test-contracts/Warp.sol says
 * why not the real bytecode), the router's code placed at TIA.n's address from data/hyperlane.json; the calldata is
 * decoded with the router's ABI and the SentTransferRemote, Dispatch and GasPayment events are checked (amount,
 * recipient, destination domain, gas paid, refund of the estimate's excess). With CHAIN_RPC_URLS the fee refresher
 * quotes quoteGasPayment over JSON-RPC. From Neutron: the CosmWasm execute message is checked field by field.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, getAddress, hexToBigInt, pad, parseAbi, slice, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { userAddress } from '../../test-helpers/registry.js';
import { hyperlaneConfig } from './config.js';
import { WARP_ROUTER_ABI } from './messages.js';

const TIA_N = getAddress('0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C');
const TIA_ON_NEUTRON = 'ibc/773B4D0A3CD667B2275D5A4A7A2F0909C0BA0F4059C0B9181E680DDF4965DCC7';
const NEUTRON_DOMAIN = 1853125230;
const NEUTRON_ROUTER = 'neutron1jyyjd3x0jhgswgm6nnctxvzla8ypx50tew3ayxxwkrjfxhvje6kqzvzudq';
const EVENTS = parseAbi([
  'event Dispatch(address indexed sender, uint32 indexed destination, bytes32 indexed recipient, bytes message)',
  'event GasPayment(bytes32 indexed messageId, uint32 indexed destinationDomain, uint256 gasAmount, uint256 payment)',
]);
const ROUTER_ADMIN = parseAbi(['function enrollRemoteRouter(uint32 domain, bytes32 router)', 'function mint(address to, uint256 amount)', 'function balanceOf(address) view returns (uint256)']);
const GAS_PRICE = 250_000_000n;
const DESTINATION_GAS = 200_000n;
const QUOTE = GAS_PRICE * DESTINATION_GAS; // 5e13 wei: below the table's 1e14

const bech32Bytes32 = (address: string): Hex => pad(`0x${Buffer.from(bech32.fromWords(bech32.decode(address, 1023).words)).toString('hex')}`);
const user = anvilAccount(1).address;
let node: Anvil;
let mailbox: Address;
let igp: Address;
let offline: TestApp;
let live: TestApp;
let neutronUser: string;

beforeAll(async () => {
  node = await startAnvil(42161);
  const c = compileSolidity(new URL('./test-contracts/Warp.sol', import.meta.url)) as Record<string, Compiled>;
  igp = await deployContract(node, c.TestInterchainGasPaymaster!, [GAS_PRICE]);
  mailbox = await deployContract(node, c.TestMailbox!, [42161, igp]);
  await copyCodeTo(node, await deployContract(node, c.TestHypERC20!, [mailbox, 6, DESTINATION_GAS]), TIA_N);
  await sendTx(node, 0, { to: TIA_N, data: encodeFunctionData({ abi: ROUTER_ADMIN, functionName: 'enrollRemoteRouter', args: [NEUTRON_DOMAIN, bech32Bytes32(NEUTRON_ROUTER)] }) });
  await sendTx(node, 0, { to: TIA_N, data: encodeFunctionData({ abi: ROUTER_ADMIN, functionName: 'mint', args: [user, 10n ** 12n] }) });
  offline = await buildTestApp();
  live = await buildTestApp({ CHAIN_RPC_URLS: `42161=${node.url}`, UPSTREAM_TIMEOUT_MS: '5000' });
  neutronUser = userAddress(offline.ctx.registry, 'neutron-1');
}, 60_000);
afterAll(async () => {
  await offline?.app.close();
  await live?.app.close();
  await node?.stop();
});

async function msgsDirect(t: TestApp, from: string, denomIn: string, to: string, denomOut: string, amount: bigint, addresses: Record<string, string>) {
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

describe('Hyperlane TIA.n from Arbitrum on anvil', () => {
  it('transferRemote to the Neutron domain: calldata, burn, SentTransferRemote, Dispatch to the Neutron router, GasPayment and refund', async () => {
    const amount = 4_200_000n;
    const body = await msgsDirect(offline, '42161', TIA_N, 'neutron-1', TIA_ON_NEUTRON, amount, { '42161': user, 'neutron-1': neutronUser });
    expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['hyperlane_transfer']);
    const table = hyperlaneConfig().gas('42161', 'neutron-1')!.amount;
    expect(body.route.operations[0].hyperlane_transfer).toMatchObject({ hyperlane_contract_address: TIA_N, fee_amount: table.toString(), fee_asset: { chain_id: '42161', denom: 'arbitrum-native' } });
    const tx = body.txs[0].evm_tx;
    expect(tx).toMatchObject({ chain_id: '42161', to: TIA_N, value: table.toString(), signer_address: user, required_erc20_approvals: [] });
    const call = decodeFunctionData({ abi: WARP_ROUTER_ABI, data: `0x${tx.data}` });
    expect(call).toEqual({ functionName: 'transferRemote', args: [NEUTRON_DOMAIN, bech32Bytes32(neutronUser), amount] });

    const ethBefore = await node.publicClient.getBalance({ address: user });
    const tiaBefore = await node.publicClient.readContract({ address: TIA_N, abi: ROUTER_ADMIN, functionName: 'balanceOf', args: [user] });
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    expect(ethBefore - (await node.publicClient.getBalance({ address: user }))).toBe(receipt.gasUsed * receipt.effectiveGasPrice + QUOTE);
    expect(tiaBefore - (await node.publicClient.readContract({ address: TIA_N, abi: ROUTER_ADMIN, functionName: 'balanceOf', args: [user] }))).toBe(amount);

    expect(eventsOf(receipt.logs, TIA_N, WARP_ROUTER_ABI)).toContainEqual({ eventName: 'SentTransferRemote', args: { destination: NEUTRON_DOMAIN, recipient: bech32Bytes32(neutronUser), amount } });
    const [dispatch] = eventsOf(receipt.logs, mailbox, EVENTS);
    const d = dispatch!.args as unknown as { sender: Address; destination: number; recipient: Hex; message: Hex };
    expect(d).toMatchObject({ sender: TIA_N, destination: NEUTRON_DOMAIN, recipient: bech32Bytes32(NEUTRON_ROUTER) });
    // Message: version(1) nonce(4) origin(4) sender(32) destination(4) recipient(32) | body: recipient(32) amount(32).
    expect(Number(hexToBigInt(slice(d.message, 5, 9)))).toBe(42161);
    expect(slice(d.message, 77, 109)).toBe(bech32Bytes32(neutronUser));
    expect(hexToBigInt(slice(d.message, 109, 141))).toBe(amount);
    const [gas] = eventsOf(receipt.logs, igp, EVENTS);
    expect(gas).toMatchObject({ eventName: 'GasPayment', args: { destinationDomain: NEUTRON_DOMAIN, gasAmount: DESTINATION_GAS, payment: QUOTE } });
  });

  it('with CHAIN_RPC_URLS, the refresher quotes quoteGasPayment over JSON-RPC and the route and value carry it', async () => {
    await live.ctx.liveFees.refresh();
    // Only the warp router answers here: the Stargate pools and OFTs of Arbitrum are not on this node, and their
    // failed probes leave their lanes on the fee tables.
    expect(live.ctx.liveFees.status()).toMatchObject({ live: 1 });
    const body = await msgsDirect(live, '42161', TIA_N, 'neutron-1', TIA_ON_NEUTRON, 1_000_000n, { '42161': user, 'neutron-1': neutronUser });
    expect(body.route.operations[0].hyperlane_transfer.fee_amount).toBe(QUOTE.toString());
    expect(body.route.estimated_fees).toEqual([expect.objectContaining({ bridge_id: 'HYPERLANE', amount: QUOTE.toString(), chain_id: '42161', fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL' })]);
    expect(body.txs[0].evm_tx.value).toBe(QUOTE.toString());
    await sendTx(node, 1, { to: TIA_N, data: `0x${body.txs[0].evm_tx.data}`, value: QUOTE });
  });
});

describe('Hyperlane TIA from Neutron (CosmWasm warp router)', () => {
  it('executes transfer_remote with the amount plus the route fee constant as funds, to the Arbitrum domain', async () => {
    const evmUser = anvilAccount(2).address;
    const amount = 15_000_000n;
    const body = await msgsDirect(offline, 'neutron-1', TIA_ON_NEUTRON, '42161', TIA_N, amount, { 'neutron-1': neutronUser, '42161': evmUser });
    expect(body.route.estimated_amount_out).toBe(amount.toString());
    expect(body.route.estimated_fees).toEqual([
      expect.objectContaining({ bridge_id: 'HYPERLANE', amount: '270000', chain_id: 'neutron-1', fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL', origin_asset: expect.objectContaining({ denom: TIA_ON_NEUTRON }) }),
    ]);
    const tx = body.txs[0].cosmos_tx;
    expect(tx).toMatchObject({ chain_id: 'neutron-1', signer_address: neutronUser, path: ['neutron-1', '42161'] });
    expect(tx.msgs[0].msg_type_url).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    expect(JSON.parse(tx.msgs[0].msg)).toEqual({
      sender: neutronUser,
      contract: NEUTRON_ROUTER,
      msg: { transfer_remote: { dest_domain: 42161, recipient: pad(evmUser.toLowerCase() as Hex).slice(2), amount: amount.toString() } },
      funds: [{ denom: TIA_ON_NEUTRON, amount: (amount + 270_000n).toString() }],
    });
  });
});
