/**
 * EVM swaps in routes, on the shipped offline market (Ethereum's recorded Uniswap pools, data/pools/evm-1.json):
 * the smart_swap_options.evm_swaps gate, native ETH wrapped inside the swap, the evm_swap record's amounts and
 * calldata equal to the pools' own math over the path the calldata names, a swap and a relayed CCTP burn in one
 * transaction through Skip's relayer, a destination swap after a lane, and /msgs rebuilding the same messages from
 * the echoed operations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI } from './skip-go-swap-router-abi.js';
import { decodeFunctionData, getAddress, type Hex } from 'viem';
import { UniswapV3Pool } from '../venues/uniswap/v3-pool.js';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';
import { CCTP_RELAYER_ABI } from '../bridges/cctp/evm.js';
import { HANDLER_ABI } from '../bridges/axelar/abi.js';
import { readDataFile } from '../registry/data-files.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import { userAddress } from '../test-helpers/registry.js';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const LINK = '0x514910771AF9Ca656af840dff83E8264EcF986CA';
const UNI = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';
const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';
const relayer = readDataFile<{ cctp: { skip_relayer: Record<string, string> } }>('contracts.json').cctp.skip_relayer[
  '1'
]!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type Body = Record<string, unknown>;
const route = async (req: Body) => {
  const res = await post(t.app, '/v2/fungible/route', req);
  return { status: res.statusCode, body: res.json() };
};
const ethToNoble = {
  source_asset_chain_id: '1',
  source_asset_denom: 'ethereum-native',
  dest_asset_chain_id: 'noble-1',
  dest_asset_denom: 'uusdc',
  amount_in: '1000000000000000000',
  smart_swap_options: { evm_swaps: true },
};
const addresses = (chains: string[]) =>
  Object.fromEntries(chains.map((c) => [c, /^\d+$/.test(c) ? EVM_USER : userAddress(t.ctx.registry, c)]));

describe('smart_swap_options.evm_swaps', () => {
  it('is off by default: native ETH has no route into Cosmos without it', async () => {
    const { status } = await route({ ...ethToNoble, smart_swap_options: undefined, allow_multi_tx: true });
    expect(status).toBe(404);
    const off = await route({ ...ethToNoble, smart_swap_options: { evm_swaps: false }, allow_multi_tx: true });
    expect(off.status).toBe(404);
    // The explanation names the option that would let the route swap on Ethereum.
    expect(off.body.details[0].metadata.explanation).toContain(
      'swaps on EVM chains (1) are off: set smart_swap_options.evm_swaps to true',
    );
  });

  it('ETH → WETH on Ethereum: no route, and the explanation says why (a wrap alone), nothing else', async () => {
    const wrap = { ...ethToNoble, dest_asset_chain_id: '1', dest_asset_denom: WETH, allow_multi_tx: true };
    const { status, body } = await route(wrap);
    expect(status).toBe(404);
    expect(body.details[0].metadata.explanation).toBe(
      `${WETH} is ethereum-native wrapped: no route only wraps or unwraps it (the token contract's own deposit and withdraw do that)`,
    );
  });

  it('ETH on Ethereum → USDC on Noble: the swap and the relayed burn in one transaction', async () => {
    const { status, body } = await route(ethToNoble);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(kinds(body)).toEqual(['evm_swap', 'cctp_transfer']);
    expect(body.txs_required).toBe(1);
    const swap = body.operations[0].evm_swap;
    expect(swap).toMatchObject({ input_token: '', denom_in: 'ethereum-native', denom_out: USDC, from_chain_id: '1' });
    expect(swap.swap_venues[0].name).toBe('ethereum-uniswap');
    // The calldata's pools (path token, fee, token, ...), simulated with the market's pools, give the amount out.
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${swap.swap_calldata}` as Hex });
    if (call.functionName !== 'exactInput') throw new Error(`expected one exactInput, got ${call.functionName}`);
    const path = call.args[0].path.slice(2);
    const venue = t.ctx.market().venues.find((v) => v.venue.name === 'ethereum-uniswap')!;
    let amount = BigInt(ethToNoble.amount_in);
    let tokenIn = getAddress(`0x${path.slice(0, 40)}`);
    expect(tokenIn).toBe(WETH);
    for (let i = 40; i < path.length; i += 46) {
      const fee = parseInt(path.slice(i, i + 6), 16);
      const tokenOut = getAddress(`0x${path.slice(i + 6, i + 46)}`);
      const pool = venue
        .poolsOf(tokenIn)
        .find((p) => p instanceof UniswapV3Pool && p.state.fee === fee && p.denoms.includes(tokenOut))!;
      amount = pool.exactIn(tokenIn, tokenOut, amount)!;
      tokenIn = tokenOut;
    }
    expect(tokenIn).toBe(USDC);
    expect(swap.amount_out).toBe(amount.toString());
    expect(call.args[0].amountOutMinimum).toBe(amount - amount / 100n); // the route's calldata: 1 % slippage
    expect(body.operations[1].amount_in).toBe(swap.amount_out);
  });

  it('its messages: Skip relayer swapAndRequestCCTPTransferWithCaller with the router calldata and value', async () => {
    const { body: r } = await route(ethToNoble);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...ethToNoble,
      amount_out: r.amount_out,
      address_list: [EVM_USER, userAddress(t.ctx.registry, 'noble-1')],
      operations: r.operations,
      slippage_tolerance_percent: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { txs } = res.json();
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(tx.to).toBe(relayer);
    expect(tx.value).toBe(ethToNoble.amount_in);
    expect(tx.required_erc20_approvals).toEqual([]);
    const outer = decodeFunctionData({ abi: CCTP_RELAYER_ABI, data: `0x${tx.data}` as Hex });
    expect(outer.functionName).toBe('swapAndRequestCCTPTransferWithCaller');
    const [inputToken, inputAmount, swapCalldata, domain] = outer.args as unknown as [string, bigint, Hex, number];
    expect(inputToken).toBe('0x0000000000000000000000000000000000000000');
    expect(inputAmount).toBe(BigInt(ethToNoble.amount_in));
    expect(domain).toBe(4);
    // The relayer's router is Skip's SkipGoSwapRouter (contracts.json cctp.skip_relayer_swap_router): its swapExactIn
    // of the ETH (token in zero) to USDC, guaranteeing the swap output less the caller's 2 % slippage.
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: swapCalldata });
    const swapOut = BigInt(r.operations[0].evm_swap.amount_out);
    const [amountIn, min, tokenIn, tokenOut, hops] = inner.args;
    expect(amountIn).toBe(BigInt(ethToNoble.amount_in));
    expect(min).toBe(swapOut - (swapOut * 20_000n) / 1_000_000n);
    expect(tokenIn).toBe('0x0000000000000000000000000000000000000000');
    expect(tokenOut).toBe(getAddress(r.operations[0].evm_swap.denom_out));
    expect(hops.length).toBeGreaterThan(0);
  });

  it('an ERC-20 input is approved to the relayer', async () => {
    const req = { ...ethToNoble, source_asset_denom: WETH };
    const { body: r } = await route(req);
    expect(kinds(r)).toEqual(['evm_swap', 'cctp_transfer']);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_out: r.amount_out,
      address_list: [EVM_USER, userAddress(t.ctx.registry, 'noble-1')],
      operations: r.operations,
    });
    const tx = res.json().txs[0].evm_tx;
    expect(tx.value).toBe('0');
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: WETH, spender: relayer, amount: req.amount_in }]);
  });

  it('ETH on Ethereum → OSMO: one transaction, Skip’s Axelar handler swapping first and Osmosis swapping on arrival', async () => {
    const { status, body } = await route({
      ...ethToNoble,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(kinds(body)).toEqual(['evm_swap', 'axelar_transfer', 'swap']);
    expect(body.txs_required).toBe(1);
    // The handler's router is Skip's SkipGoSwapRouter: its swapExactIn, inside the handler's swap-then-GMP entry.
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...ethToNoble,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_out: body.amount_out,
      address_list: [EVM_USER, userAddress(t.ctx.registry, 'osmosis-1')],
      operations: body.operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[0].evm_tx;
    const call = decodeFunctionData({ abi: HANDLER_ABI, data: `0x${tx.data}` as Hex });
    expect(call.functionName).toBe('swapAndGmpTransferERC20Token');
    expect(tx.value).not.toBe('0');
  });

  it('LINK on Ethereum (no bridge of its own) reaches ATOM on the Hub', async () => {
    const { status, body } = await route({
      ...ethToNoble,
      source_asset_denom: LINK,
      amount_in: '100000000000000000000',
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.txs_required).toBe(1);
    expect(body.operations[0].evm_swap.denom_in).toBe(LINK);
    expect(BigInt(body.amount_out)).toBeGreaterThan(0n);
  });

  it('UNI on Ethereum reaches ATOM on the Hub through the recorded UNI/WETH pool', async () => {
    const req = {
      ...ethToNoble,
      source_asset_denom: UNI,
      amount_in: '100000000000000000000',
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
    };
    // In one signature, whichever rail is cheapest (the swap rides in the bridge's entry point).
    const { status, body } = await route(req);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.txs_required).toBe(1);
    const swap = body.operations[0].evm_swap;
    expect(swap).toMatchObject({ input_token: UNI, denom_in: UNI });
    // Its first pool is the recorded UNI/WETH 0.3 % pool (the venue test checks its state against KyberSwap's figure):
    // the router's path starts UNI, fee 3000, WETH.
    const hop = `${UNI.slice(2)}000bb8${WETH.slice(2)}`.toLowerCase();
    expect(swap.swap_calldata.toLowerCase()).toContain(hop);
    expect(body.dest_asset_denom).toBe('uatom');
    expect(BigInt(body.amount_out)).toBeGreaterThan(0n);
  });

  it('USDC on Noble → ETH on Ethereum over CCTP: a destination swap after the lane, its own transaction', async () => {
    const req = {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: 'ethereum-native',
      amount_in: '1000000000',
      bridges: ['CCTP', 'IBC'],
      allow_multi_tx: true,
      smart_swap_options: { evm_swaps: true },
    };
    const { status, body } = await route(req);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(kinds(body)).toEqual(['cctp_transfer', 'evm_swap']);
    expect(body.txs_required).toBe(2);
    const swap = body.operations[1].evm_swap;
    expect(swap).toMatchObject({ input_token: USDC, denom_in: USDC, denom_out: 'ethereum-native' });
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_out: body.amount_out,
      address_list: body.required_chain_addresses.map((c: string) => addresses([c])[c]),
      operations: body.operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    const txs = res.json().txs;
    const evm = txs[1].evm_tx;
    expect(evm.to).toBe('0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45');
    expect(evm.value).toBe('0');
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${evm.data}` as Hex });
    expect(call.functionName).toBe('multicall'); // the swap, then unwrapWETH9 to the signer
    expect(evm.required_erc20_approvals[0]).toMatchObject({ token_contract: USDC, spender: evm.to });
  });

  it('exact out: the swap input is the pools’ inverse math for the asked output', async () => {
    const { amount_in: _drop, ...rest } = ethToNoble;
    void _drop;
    const { status, body } = await route({ ...rest, amount_out: '1000000000' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.amount_out).toBe('1000000000');
    const swap = body.operations[0].evm_swap;
    expect(body.amount_in).toBe(swap.amount_in);
  });
});
