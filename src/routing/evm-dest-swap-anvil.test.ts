/**
 * A destination EVM swap carried by the bridge, executed on anvil: axlUSDC on Osmosis → ETH on Ethereum with
 * smart_swap_options.evm_swaps is one transaction, an ICS-20 transfer to Axelar whose GMP memo asks Skip's
 * AxelarHandler on Ethereum for its Swap command. Axelar's delivery is run as its validators and relayers do it
 * (the gateway from @axelar-network/axelar-cgp-solidity approves the call with mint, then executeWithToken on the
 * handler: the tests' stand-in, src/test-helpers/evm/AxelarHandlerStandIn.sol, which decodes the Swap command as
 * Skip's deployed handler does), and the handler calls Uniswap's SwapRouter02 (from npm, at its mainnet address) with
 * the calldata the payload carries, over pools created from npm's UniswapV3Factory with the shipped pools' state
 * (data/pools/evm-1.json: the price and the 40 initialized ticks each side of it); the router unwraps the WETH to the
 * handler, which pays the recipient. The ETH received equals Junction's quote to the unit.
 * The handler's swap router is SwapRouter02 here (test-helpers/axelar-handler-router.ts): today's deployed handlers
 * call Skip's SkipGoSwapRouter, and Junction then leaves the swap a transaction of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesToHex,
  decodeAbiParameters,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseAbi,
  zeroAddress as ZERO_ADDRESS,
  type Hex,
} from 'viem';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { axelarConfig } from '../bridges/axelar/config.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { approveContractCallWithMint, installAxelarGateway } from '../test-helpers/evm/axelar.js';
import { copyCodeTo, deployContract, sendTx } from '../test-helpers/evm/deploy.js';
import { compileSolidity } from '../test-helpers/evm/solidity.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import { handlerRoutesThroughSwapRouter02 } from './test-helpers/axelar-handler-router.js';
import type { UniswapOnAnvil } from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import { createRecordedHops, v3PathHops } from './test-helpers/recorded-evm-pools.js';
import { placeUniswapChain } from './test-helpers/uniswap-chain-on-anvil.js';

const AXL_USDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const OSMOSIS_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const RECIPIENT = anvilAccount(2).address;
const RELAYER = 3;
const chain = uniswapChain('1')!;
const cfg = axelarConfig();
const usdc = getAddress(cfg.assets.find((a) => a.denom === 'uusdc')!.tokens.get('1')!.address);
const gateway = getAddress(cfg.gateway.get('1')!);
const handler = getAddress(cfg.handler.get('1')!);
const HANDLER_ABI = parseAbi([
  'function setSwapRouter(address router)',
  'function executeWithToken(bytes32 commandId, string sourceChain, string sourceAddress, bytes payload, string tokenSymbol, uint256 amount)',
]);

let t: TestApp;
let node: Anvil;
let u: UniswapOnAnvil;
beforeAll(async () => {
  // The handler's swap router as SwapRouter02 (today's deployed handlers call Skip's SkipGoSwapRouter instead).
  handlerRoutesThroughSwapRouter02('1');
  t = await buildTestApp();
  node = await startAnvil(1);
  // The gateway with USDC registered (the tests' mintable token at USDC's address), holding some to release.
  await installAxelarGateway(node, 1, gateway, [{ address: usdc, symbol: 'USDC' }], anvilAccount(0).address);
  u = await placeUniswapChain(node, chain);
  const standIn = compileSolidity(
    new URL('../test-helpers/evm/AxelarHandlerStandIn.sol', import.meta.url),
  ).AxelarHandlerStandIn!;
  await copyCodeTo(node, await deployContract(node, standIn, [gateway, getAddress(cfg.gasService)]), handler);
  await sendTx(node, 0, {
    to: handler,
    data: encodeFunctionData({ abi: HANDLER_ABI, functionName: 'setSwapRouter', args: [chain.swapRouter02] }),
  });
});
afterAll(async () => {
  await node?.stop();
  await t?.app.close();
});

describe('axlUSDC on Osmosis → ETH on Ethereum: the swap rides in Axelar’s call to Skip’s handler', () => {
  it('one transaction; delivered, the handler swaps and unwraps, and the ETH received is the quote', async () => {
    const amountIn = 1_000_000_000n;
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: AXL_USDC_ON_OSMOSIS,
      dest_asset_chain_id: '1',
      dest_asset_denom: 'ethereum-native',
      amount_in: amountIn.toString(),
      smart_swap_options: { evm_swaps: true },
      // The swap on Ethereum only (a swap on Osmosis first could deliver a little more; not what this test runs).
      swap_venues: [{ name: 'ethereum-uniswap', chain_id: '1' }],
      chain_ids_to_addresses: { 'osmosis-1': OSMOSIS_USER, '1': RECIPIENT },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['axelar_transfer', 'evm_swap']);
    expect(route.operations.map((o: { tx_index: number }) => o.tx_index)).toEqual([0, 0]);
    expect(route.txs_required).toBe(1);
    expect(txs).toHaveLength(1);
    const transfer = JSON.parse(txs[0].cosmos_tx.msgs[0].msg) as { memo: string; sender: string };
    const memo = JSON.parse(transfer.memo) as {
      destination_address: string;
      payload: number[];
      fee: { amount: string };
    };
    expect(getAddress(memo.destination_address)).toBe(handler);
    const payload = bytesToHex(Uint8Array.from(memo.payload));
    const [command, data] = decodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], payload);
    expect(command).toBe(2); // Swap
    // As Skip's deployed handler decodes it: (tokenOut, destination, calldata for its swap router).
    const [tokenOut, destination, swapCalldata] = decodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'bytes' }],
      data,
    );
    const swap = route.operations[1].evm_swap;
    expect(destination).toBe(RECIPIENT);
    expect(tokenOut).toBe(ZERO_ADDRESS); // ether: the router unwraps to the handler, which sends it on
    const routed = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: swapCalldata });
    if (routed.functionName !== 'multicall') throw new Error(routed.functionName);
    const [exact, unwrap] = (routed.args as readonly [readonly Hex[]])[0].map((d) =>
      decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: d }),
    );
    if (exact?.functionName !== 'exactInput' || unwrap?.functionName !== 'unwrapWETH9') throw new Error('calls');
    expect(unwrap.args[0]).toBe(BigInt(swap.amount_out) - BigInt(swap.amount_out) / 100n);
    const { path } = exact.args[0];
    await createRecordedHops(u, v3PathHops(path), new Set([chain.wrappedNative, usdc]));

    // Axelar takes its fee out of the transfer and calls the handler with the rest: what the swap was quoted on.
    const delivered = amountIn - BigInt(memo.fee.amount);
    expect(swap.amount_in).toBe(delivered.toString());
    const commandId = await approveContractCallWithMint(node, 1, gateway, {
      sourceChain: 'osmosis',
      sourceAddress: transfer.sender,
      contractAddress: handler,
      payloadHash: keccak256(payload),
      symbol: 'USDC',
      amount: delivered,
    });
    const before = await node.publicClient.getBalance({ address: RECIPIENT });
    const receipt = await sendTx(node, RELAYER, {
      to: handler,
      data: encodeFunctionData({
        abi: HANDLER_ABI,
        functionName: 'executeWithToken',
        args: [commandId, 'osmosis', transfer.sender, payload, 'USDC', delivered],
      }),
    });
    expect(receipt.status).toBe('success');
    const received = (await node.publicClient.getBalance({ address: RECIPIENT })) - before;
    expect(received).toBe(BigInt(swap.amount_out));
    expect(route.amount_out).toBe(swap.amount_out);
  }, 120_000);
});
