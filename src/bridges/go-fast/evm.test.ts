/**
 * Every Go Fast order Junction builds, executed on a real local EVM (anvil) for each source chain: the tests' own
 * gateway (TestGoFastGateway.sol, implementing the published submitOrder interface and OrderSubmitted event) and a
 * test USDC are placed at the mainnet addresses of data/contracts.json; the transaction from /v2/fungible/msgs_direct
 * is sent after the approvals it lists, and the emitted order is unpacked field by field. The calldata is also
 * decoded with the ABI solc produced for the test gateway, independently of the encoder under test.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesToHex,
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  hexToNumber,
  hexToString,
  keccak256,
  pad,
  parseAbi,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { goFastConfig } from './config.js';

const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const OSMOSIS_ENTRY_POINT = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
const NOBLE_USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const SOURCES = ['1', '42161', '8453', '10', '137', '43114'];

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.app.close());

/** The 32-byte form of a bech32 address, computed independently of the code under test. */
const bech32Bytes32 = (a: string): Hex =>
  pad(bytesToHex(Uint8Array.from(bech32.fromWords(bech32.decode(a, 1023).words))));

/** The order as the gateway packs it (see TestGoFastGateway.sol). */
function unpackOrder(order: Hex) {
  return {
    sender: slice(order, 0, 32),
    recipient: slice(order, 32, 64),
    amountIn: hexToBigInt(slice(order, 64, 96)),
    amountOut: hexToBigInt(slice(order, 96, 128)),
    nonce: hexToNumber(slice(order, 128, 132)),
    sourceDomain: hexToNumber(slice(order, 132, 136)),
    destinationDomain: hexToNumber(slice(order, 136, 140)),
    timeoutTimestamp: hexToBigInt(slice(order, 140, 148)),
    data: order.length > 2 + 148 * 2 ? hexToString(slice(order, 148)) : '',
  };
}

describe.each(SOURCES)('Go Fast order from EVM chain %s on anvil', (chainId) => {
  const cfg = goFastConfig();
  const usdc = getAddress(cfg.token.get(chainId)!);
  const gateway = getAddress(cfg.gateway.get(chainId)!);
  const user = anvilAccount(1).address;
  let node: Anvil;
  let gatewayAbi: Compiled['abi'];

  beforeAll(async () => {
    node = await startAnvil(Number(chainId));
    const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url));
    const own = compileSolidity(new URL('./TestGoFastGateway.sol', import.meta.url));
    gatewayAbi = own.TestGoFastGateway!.abi;
    const deploy = async (c: Compiled, args: readonly unknown[] = []) => {
      const hash = await node
        .wallet(0)
        .deployContract({ abi: c.abi, bytecode: c.bytecode, args, account: anvilAccount(0), chain: node.chain });
      return (await node.publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    };
    const placeAt = async (from: Address, to: Address) =>
      node.testClient.setCode({ address: to, bytecode: (await node.publicClient.getCode({ address: from }))! });
    await placeAt(await deploy(tokens.TestUSDC!), usdc);
    await placeAt(await deploy(own.TestGoFastGateway!, [usdc, cfg.domain.get(chainId)!]), gateway);
    await send(usdc, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 12n] }));
  });
  afterAll(() => node?.stop());

  async function send(to: Address, data: Hex): Promise<Hex> {
    const hash = await node.wallet(1).sendTransaction({ to, data, account: anvilAccount(1), chain: node.chain });
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    return hash;
  }

  async function execute(destDenom: string, amount: bigint) {
    const before = Math.floor(Date.now() / 1000);
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: chainId,
      source_asset_denom: usdc,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: destDenom,
      amount_in: amount.toString(),
      go_fast: true,
      // Pinned: CCTP into a Noble forwarding account also reaches Osmosis in one transaction, and may rank first.
      bridges: ['GO_FAST', 'IBC'],
      timeout_seconds: '600',
      chain_ids_to_addresses: { [chainId]: user, 'osmosis-1': OSMO_USER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.txs).toHaveLength(1);
    const tx = body.txs[0].evm_tx;
    expect(tx).toMatchObject({ chain_id: chainId, to: gateway, value: '0', signer_address: user });
    expect(tx.required_erc20_approvals).toEqual([
      { token_contract: usdc, spender: gateway, amount: amount.toString() },
    ]);
    for (const a of tx.required_erc20_approvals) {
      await send(
        a.token_contract,
        encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
      );
    }
    const gatewayBefore = await node.publicClient.readContract({
      address: usdc,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [gateway],
    });
    const hash = await send(tx.to, `0x${tx.data}`);
    const receipt = await node.publicClient.getTransactionReceipt({ hash });
    const events = receipt.logs
      .filter((l) => getAddress(l.address) === gateway)
      .map((l) => decodeEventLog({ abi: gatewayAbi, data: l.data, topics: l.topics }))
      .filter((e) => e.eventName === 'OrderSubmitted');
    expect(events).toHaveLength(1);
    const { orderID, order } = events[0]!.args as unknown as { orderID: Hex; order: Hex };
    expect(keccak256(order)).toBe(orderID);
    const call = decodeFunctionData({ abi: gatewayAbi, data: `0x${tx.data}` });
    expect(call.functionName).toBe('submitOrder');
    expect(
      await node.publicClient.readContract({ address: usdc, abi: ERC20, functionName: 'balanceOf', args: [gateway] }),
    ).toBe(gatewayBefore + amount);
    return { body, order: unpackOrder(order), args: call.args as readonly unknown[], before };
  }

  it('USDC to Osmosis: the order pays the user, net of the solver fee, before the timeout (seconds)', async () => {
    const amount = 150_000_000n;
    const { body, order, args, before } = await execute(NOBLE_USDC_ON_OSMOSIS, amount);
    const op = body.route.operations[0].go_fast_transfer;
    const fee =
      BigInt(op.fee.bps_fee_amount) +
      BigInt(op.fee.source_chain_fee_amount) +
      BigInt(op.fee.destination_chain_fee_amount);
    expect(order).toMatchObject({
      sender: pad(user.toLowerCase() as Hex),
      recipient: bech32Bytes32(OSMO_USER),
      amountIn: amount,
      amountOut: amount - fee,
      sourceDomain: Number(chainId),
      destinationDomain: 875,
      data: '',
    });
    expect(BigInt(body.route.estimated_amount_out)).toBe(order.amountOut);
    expect(order.timeoutTimestamp).toBeGreaterThanOrEqual(BigInt(before + 600));
    expect(order.timeoutTimestamp).toBeLessThan(BigInt(before + 700));
    expect(args).toEqual([
      order.sender,
      order.recipient,
      order.amountIn,
      order.amountOut,
      875,
      order.timeoutTimestamp,
      '0x',
    ]);
  });

  it('USDC to OSMO: the order delivers to the Osmosis entry point with swap_and_action_with_recover as data (one signature)', async () => {
    const amount = 60_000_000n;
    const { body, order } = await execute('uosmo', amount);
    expect(body.route.txs_required).toBe(1);
    expect(order.recipient).toBe(bech32Bytes32(OSMOSIS_ENTRY_POINT));
    expect(order.amountIn).toBe(amount);
    expect(order.amountOut).toBe(BigInt(body.route.operations[0].amount_out));
    interface SwapAndAction {
      user_swap: { swap_exact_asset_in: { operations: { denom_in: string }[] } };
      min_asset: { native: { denom: string; amount: string } };
      post_swap_action: unknown;
      recovery_addr: string;
    }
    // The recover form, as in Skip's Go Fast orders (alloyrebalancer test-fixtures/stage2-bad-gofast-to-noble.json):
    // a failed swap pays the user on Osmosis rather than failing the solver's fill.
    const sa = (JSON.parse(order.data) as { swap_and_action_with_recover: SwapAndAction }).swap_and_action_with_recover;
    expect(sa.recovery_addr).toBe(OSMO_USER);
    expect(sa.user_swap.swap_exact_asset_in.operations[0]?.denom_in).toBe(NOBLE_USDC_ON_OSMOSIS);
    expect(sa.min_asset.native.denom).toBe('uosmo');
    expect(sa.min_asset.native.amount).toBe(body.min_amount_out ?? sa.min_asset.native.amount);
    expect(sa.post_swap_action).toEqual({ transfer: { to_address: OSMO_USER } });
  });
});
