/**
 * A source swap and a CCTP burn executed in one transaction on anvil: native ETH on Ethereum → USDC on Noble with
 * smart_swap_options.evm_swaps. The transaction is the one /v2/fungible/msgs_direct returns, sent as it is: it calls
 * the CCTP relayer at Skip's mainnet address (Junction's stand-in of its swap-then-burn entry,
 * bridges/cctp/TestCCTPSwapRelayer.sol), which calls Uniswap's SwapRouter02 (from npm, at its mainnet address, wrapping
 * the ETH into WETH at WETH9's mainnet address: the tests' own WETH9-interface token, test-helpers/TestWrappedNative.sol) through the pools the calldata names — each created from npm's
 * UniswapV3Factory with the shipped pool's state (data/pools/evm-1.json: its price and the positions of the 40
 * initialized ticks each side of it) — and burns through Circle's TokenMessenger (from npm, at its mainnet address).
 * The burn equals Junction's quote to the unit: the evm_swap's amount out less the relaying fee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEventLog, decodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { TOKEN_MESSENGER_ABI } from '../bridges/cctp/evm.js';
import { cctpConfig } from '../bridges/cctp/config.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { deploy, deployCircleCctp } from '../test-helpers/evm/circle-cctp.js';
import { copyCodeTo, deployContract, sendTx } from '../test-helpers/evm/deploy.js';
import { compileSolidity } from '../test-helpers/evm/solidity.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import {
  ROUTER,
  V3_FACTORY,
  createV3Pool,
  mintTicks,
  placeToken,
  type UniswapOnAnvil,
} from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import { recordedEthereumPools, tickWindow } from './test-helpers/recorded-evm-pools.js';

const records = recordedEthereumPools;
const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const user = anvilAccount(1).address;
const chain = uniswapChain('1')!;

/** The shipped pool's initialized ticks nearest its price, closed at both ends (as swap-anvil.test.ts does). */

let t: TestApp;
let node: Anvil;
let u: UniswapOnAnvil;
let usdc: Address;
let messenger: Address;
beforeAll(async () => {
  t = await buildTestApp();
  node = await startAnvil(1);
  ({ usdc, messenger } = await deployCircleCctp(node, '1'));
  const weth = compileSolidity(new URL('./test-helpers/TestWrappedNative.sol', import.meta.url)).TestWrappedNative!;
  await copyCodeTo(node, await deployContract(node, weth), chain.wrappedNative);
  const owner = anvilAccount(0).address;
  const v3Factory = await deployContract(node, V3_FACTORY);
  const router = await deployContract(node, ROUTER, [owner, v3Factory, owner, chain.wrappedNative]);
  await copyCodeTo(node, router, chain.swapRouter02);
  const minter = await deployContract(
    node,
    compileSolidity(new URL('../venues/uniswap/test-helpers/UniswapTestSupport.sol', import.meta.url)).PositionMinter!,
  );
  u = { node, v3Factory, v2Factory: owner, router: chain.swapRouter02, minter };
  const relayer = getAddress(cctpConfig().relay.relayer.get('1')!);
  const own = compileSolidity(new URL('../bridges/cctp/TestCCTPSwapRelayer.sol', import.meta.url));
  await copyCodeTo(node, await deploy(node, own.TestCCTPSwapRelayer!, [messenger, chain.swapRouter02]), relayer);
});
afterAll(async () => {
  await node?.stop();
  await t?.app.close();
});

/** Creates on anvil every pool the router calldata's path names (token, fee, token, ...), from the shipped state. */
async function createPoolsOf(path: Hex): Promise<void> {
  const hex = path.slice(2);
  for (let i = 40; i < hex.length; i += 46) {
    const a = getAddress(`0x${hex.slice(i - 40, i)}`);
    const fee = parseInt(hex.slice(i, i + 6), 16);
    const b = getAddress(`0x${hex.slice(i + 6, i + 46)}`);
    const r = records.find(
      (p) => p.fee === fee && [p.token0, p.token1].includes(a) && [p.token0, p.token1].includes(b),
    )!;
    if (r.token0 !== chain.wrappedNative && r.token0 !== usdc) await placeToken(node, r.token0, 18);
    if (r.token1 !== chain.wrappedNative && r.token1 !== usdc) await placeToken(node, r.token1, 18);
    const pool = await createV3Pool(u, r.token0, r.token1, fee, r.tick_spacing!, BigInt(r.sqrt_price_x96!));
    // The tests' position minter pays the pool by minting (TestUSDC, the test WETH and TestToken all mint publicly).
    await mintTicks(u, pool, tickWindow(r));
  }
}

describe('ETH on Ethereum → USDC on Noble on anvil', () => {
  it('one transaction: SwapRouter02 swaps the ETH, the relayer keeps its fee and burns the rest, as quoted', async () => {
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
    const inner = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: outer.args[2] });
    if (inner.functionName !== 'exactInput') throw new Error(inner.functionName);
    await createPoolsOf(inner.args[0].path);
    // With a margin over the node's estimate, as a wallet sends it: the swap's gas depends on the block's second.
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const burn = receipt.logs
      .filter((l) => getAddress(l.address) === messenger)
      .map((l) => {
        try {
          return decodeEventLog({ abi: TOKEN_MESSENGER_ABI, data: l.data, topics: l.topics });
        } catch {
          return undefined;
        }
      })
      .find((e) => e?.eventName === 'DepositForBurn');
    const args = burn!.args as { amount: bigint; burnToken: Address; destinationDomain: number };
    const swapOut = BigInt(route.operations[0].evm_swap.amount_out);
    const fee = BigInt(route.estimated_fees[0].amount);
    expect(args.burnToken).toBe(usdc);
    expect(args.destinationDomain).toBe(4);
    expect(args.amount).toBe(swapOut - fee);
    expect(route.amount_out).toBe((swapOut - fee).toString());
  });
});
