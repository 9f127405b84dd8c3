/**
 * A source swap and a CCTP burn executed in one transaction on anvil: native ETH on Ethereum → USDC on Noble with
 * smart_swap_options.evm_swaps. The transaction is the one /v2/fungible/msgs_direct returns, sent as it is: it calls
 * the CCTP relayer at Skip's mainnet address (Junction's stand-in of its swap-then-burn entry,
 * bridges/cctp/TestCCTPSwapRelayer.sol), which calls the router the relayer is set to — Skip's SkipGoSwapRouter
 * (Junction's stand-in, test-helpers/evm/SkipGoSwapRouterStandIn.sol, at its mainnet address), whose Uniswap V3 hops
 * call Uniswap's SwapRouter02 (from npm, at its mainnet address; the ETH wrapped into WETH at WETH9's mainnet address:
 * the tests' own WETH9-interface token, test-helpers/TestWrappedNative.sol) through the pools the calldata names — each created from npm's
 * UniswapV3Factory with the shipped pool's state (data/pools/evm-1.json: its price and the positions of the 40
 * initialized ticks each side of it) — and burns through Circle's TokenMessenger (from npm, at its mainnet address).
 * The burn equals Junction's quote to the unit: the evm_swap's amount out less the relaying fee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI } from './skip-go-swap-router-abi.js';
import { decodeAbiParameters, decodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { TOKEN_MESSENGER_ABI } from '../bridges/cctp/evm.js';
import { cctpConfig } from '../bridges/cctp/config.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { deploy, deployCircleCctp } from '../test-helpers/evm/circle-cctp.js';
import { copyCodeTo, eventsOf, sendTx } from '../test-helpers/evm/deploy.js';
import { compileSolidity } from '../test-helpers/evm/solidity.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import type { UniswapOnAnvil } from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import { createRecordedHops, skipGoV3Hops } from './test-helpers/recorded-evm-pools.js';
import { placeUniswapChain } from './test-helpers/uniswap-chain-on-anvil.js';

const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const user = anvilAccount(1).address;
const chain = uniswapChain('1')!;

let t: TestApp;
let node: Anvil;
let u: UniswapOnAnvil;
let usdc: Address;
let messenger: Address;
/** The node before any pool is created: each test creates the pools it quotes, at their recorded state. */
let fresh: Hex;
beforeAll(async () => {
  t = await buildTestApp();
  node = await startAnvil(1);
  ({ usdc, messenger } = await deployCircleCctp(node, '1'));
  u = await placeUniswapChain(node, chain);
  const relayer = getAddress(cctpConfig().relay.relayer.get('1')!);
  const skipGo = getAddress(cctpConfig().relay.relayerSwapRouter.get('1')!);
  const skipGoStandIn = compileSolidity(
    new URL('../test-helpers/evm/SkipGoSwapRouterStandIn.sol', import.meta.url),
  ).SkipGoSwapRouterStandIn!;
  await copyCodeTo(node, await deploy(node, skipGoStandIn, [chain.wrappedNative]), skipGo);
  const own = compileSolidity(new URL('../bridges/cctp/TestCCTPSwapRelayer.sol', import.meta.url));
  await copyCodeTo(node, await deploy(node, own.TestCCTPSwapRelayer!, [messenger, skipGo]), relayer);
  fresh = await node.testClient.snapshot();
});
afterAll(async () => {
  await node?.stop();
  await t?.app.close();
});

describe('ETH on Ethereum → USDC on Noble on anvil', () => {
  it('one transaction: SkipGoSwapRouter swaps the ETH, the relayer keeps its fee and burns the rest, as quoted', async () => {
    const req = {
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '1000000000000000000',
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { '1': user, 'noble-1': NOBLE_USER },
      slippage_tolerance_percent: '1',
    };
    const res = await post(t.app, '/v2/fungible/msgs_direct', req);
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    const outer = decodeFunctionData({
      abi: parseAbi([
        'function swapAndRequestCCTPTransferWithCaller(address,uint256,bytes,uint32,bytes32,address,uint256,bytes32) payable',
      ]),
      data: `0x${tx.data}` as Hex,
    });
    // SkipGoSwapRouter's swapExactIn: Uniswap V3 hops through SwapRouter02.
    await createRecordedHops(u, skipGoV3Hops(outer.args[2], chain.swapRouter02), new Set([chain.wrappedNative, usdc]));
    // With a margin over the node's estimate, as a wallet sends it: the swap's gas depends on the block's second.
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const burn = eventsOf(receipt.logs, messenger, TOKEN_MESSENGER_ABI).find((e) => e.eventName === 'DepositForBurn');
    const args = burn!.args as { amount: bigint; burnToken: Address; destinationDomain: number };
    const swapOut = BigInt(route.operations[0].evm_swap.amount_out);
    const fee = BigInt(route.estimated_fees[0].amount);
    expect(args.burnToken).toBe(usdc);
    expect(args.destinationDomain).toBe(4);
    expect(args.amount).toBe(swapOut - fee);
    expect(route.amount_out).toBe((swapOut - fee).toString());
  });

  it('with two affiliates on Ethereum (the last swap): SkipGoSwapRouter pays each its fee of USDC, the relayer burns the rest as quoted', async () => {
    await node.testClient.revert({ id: fresh });
    const affiliates = [
      { address: getAddress('0x00000000000000000000000000000000000afee4'), bps: 40n },
      { address: getAddress('0x00000000000000000000000000000000000afee7'), bps: 25n },
    ];
    const req = {
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '500000000000000000',
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { '1': user, 'noble-1': NOBLE_USER },
      chain_ids_to_affiliates: {
        '1': {
          affiliates: affiliates.map((a) => ({ address: a.address.toLowerCase(), basis_points_fee: a.bps.toString() })),
        },
      },
      slippage_tolerance_percent: '1',
    };
    const res = await post(t.app, '/v2/fungible/msgs_direct', req);
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs, min_amount_out } = res.json();
    const tx = txs[0].evm_tx;
    const outer = decodeFunctionData({
      abi: parseAbi([
        'function swapAndRequestCCTPTransferWithCaller(address,uint256,bytes,uint32,bytes32,address,uint256,bytes32) payable',
      ]),
      data: `0x${tx.data}` as Hex,
    });
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: outer.args[2] });
    expect(inner.args[5]).toEqual(affiliates.map((a) => ({ recipient: a.address, feeBPS: a.bps })));
    const hops = inner.args[4].map((hop) => {
      const [a, b, fee] = decodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'address' }, { type: 'address' }],
        hop.data,
      );
      return { a, b, fee };
    });
    await createRecordedHops(u, hops, new Set([chain.wrappedNative, usdc]));
    const balance = (who: Address) =>
      node.publicClient.readContract({
        address: usdc,
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [who],
      });
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const fees = [await balance(affiliates[0]!.address), await balance(affiliates[1]!.address)];
    const burn = eventsOf(receipt.logs, messenger, TOKEN_MESSENGER_ABI).find((e) => e.eventName === 'DepositForBurn');
    const burnt = (burn!.args as { amount: bigint }).amount;
    const relayFee = BigInt(route.estimated_fees[0].amount);
    // The router took each fee from its whole output; the relayer received the rest: gross = fees + burnt + relay fee.
    const gross = fees[0]! + fees[1]! + burnt + relayFee;
    expect(fees).toEqual(affiliates.map((a) => (gross * a.bps) / 10_000n));
    // The quote knows only the cumulative 65 bps: floor(gross × 65 / 10⁴) is at most one unit per extra affiliate
    // above the sum of the per-affiliate floors, so the user gets the quote or up to that much more, never less.
    expect((gross * 65n) / 10_000n - fees[0]! - fees[1]!).toBe(burnt - BigInt(route.amount_out));
    expect(burnt - BigInt(route.amount_out)).toBeLessThanOrEqual(1n);
    expect(burnt >= BigInt(min_amount_out)).toBe(true);
  });
});
