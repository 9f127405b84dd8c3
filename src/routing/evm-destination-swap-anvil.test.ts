/**
 * Destination swaps on EVM chains executed on anvil: USDC on Noble → ETH on Base and → LINK on Arbitrum. The
 * pools are read by Junction's live ingest over CHAIN_RPC_URLS (no recorded Base or Arbitrum pool state was found in
 * public sources, so those chains have no offline pools), from an anvil node holding Uniswap's own factory and
 * SwapRouter02 (npm) at the chain's real addresses. The pools stand in with recorded Ethereum state
 * (data/pools/evm-1.json, USDC/WETH 0.05 % and LINK/WETH 0.3 %), seen from the other side where the chain sorts the
 * tokens the other way. The route's second transaction — the swap on arrival, built against SwapRouter02 with its
 * approval — is sent as /msgs_direct returns it, and what the user receives equals Junction's quote to the unit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { uniswapChain, type UniswapChain } from '../venues/uniswap/chains.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import { ERC20, send, type UniswapOnAnvil } from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import { createRecordedPool, inverted, placeToken, placeUniswapChain } from './test-helpers/uniswap-chain-on-anvil.js';
import { recordedEthereumPool } from './test-helpers/recorded-evm-pools.js';

const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const user = anvilAccount(1).address;
const base = uniswapChain('8453')!;
const arbitrum = uniswapChain('42161')!;
const token = (c: UniswapChain, symbol: string) => getAddress(c.mainTokens.get(symbol)!);

let baseNode: Anvil;
let arbNode: Anvil;
let t: TestApp;

/** Uniswap on `chain`, with USDC/WETH 0.05 % (and more pools from `extra`), read live by Junction. */
async function chainOnAnvil(chain: UniswapChain, extra: (u: UniswapOnAnvil) => Promise<void>): Promise<Anvil> {
  const node = await startAnvil(Number(chain.chainId));
  const u = await placeUniswapChain(node, chain);
  const usdc = token(chain, 'USDC');
  const weth = getAddress(chain.wrappedNative);
  await placeToken(node, usdc, 6);
  // Ethereum's pool has USDC as token0; on Base and Arbitrum WETH sorts first.
  expect(BigInt(weth) < BigInt(usdc)).toBe(true);
  await createRecordedPool(u, inverted(recordedEthereumPool('USDC/WETH', 500), weth, usdc));
  await extra(u);
  return node;
}

beforeAll(async () => {
  baseNode = await chainOnAnvil(base, async () => {});
  arbNode = await chainOnAnvil(arbitrum, async (u) => {
    const link = token(arbitrum, 'LINK');
    await placeToken(u.node, link, 18);
    // LINK sorts after WETH on Arbitrum, before it on Ethereum.
    await createRecordedPool(
      u,
      inverted(recordedEthereumPool('LINK/WETH', 3000), getAddress(arbitrum.wrappedNative), link),
    );
  });
  t = await buildTestApp({
    // Chain 1's node here is Base's: it holds none of Ethereum's recorded pools, which must stay in the market (the
    // poller refuses a poll that found no pools).
    CHAIN_RPC_URLS: `8453=${baseNode.url},42161=${arbNode.url},1=${baseNode.url}`,
    VENUE_POLL_INTERVAL_MS: '3600000',
  });
  t.ctx.liveMarket.start(t.app.log);
  await t.ctx.liveMarket.refresh();
}, 600_000);
// Each test swaps in the pools it quotes: the next one reads them again first, as the poller would.
beforeEach(() => t.ctx.liveMarket.refresh());
afterAll(async () => {
  await t?.ctx.liveMarket.stop();
  await t?.app.close();
  await baseNode?.stop();
  await arbNode?.stop();
});

const fromNoble = (chain: UniswapChain, denom: string) => ({
  source_asset_chain_id: 'noble-1',
  source_asset_denom: 'uusdc',
  dest_asset_chain_id: chain.chainId,
  dest_asset_denom: denom,
  amount_in: '1000000000',
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
  chain_ids_to_addresses: { 'noble-1': NOBLE_USER, [chain.chainId]: user },
  slippage_tolerance_percent: '1',
});

/** Sends the route's destination-swap transaction on `node` after the bridge's USDC arrived; returns the receipt. */
async function runSwapTx(node: Anvil, chain: UniswapChain, tx: Record<string, unknown>, amountIn: bigint) {
  const usdc = token(chain, 'USDC');
  // What the bridge delivers to the user (the swap's input is the bridge's output).
  await send(node, 0, usdc, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, amountIn] }));
  const approvals = tx.required_erc20_approvals as { token_contract: string; spender: string; amount: string }[];
  expect(approvals).toEqual([{ token_contract: usdc, spender: chain.swapRouter02, amount: amountIn.toString() }]);
  const spend = [approvals[0]!.spender as Address, BigInt(approvals[0]!.amount)] as const;
  const approve = await send(node, 1, usdc, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: spend }));
  const receipt = await send(node, 1, tx.to as Address, `0x${tx.data as string}` as Hex);
  return { approve, receipt };
}

describe('destination swaps on EVM chains, on anvil', () => {
  it('USDC on Noble → ETH on Base: CCTP, then SwapRouter02 swaps the USDC and unwraps; ETH received = quote', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', fromNoble(base, 'base-native'));
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    const swapOp = route.operations.find((o: Record<string, unknown>) => 'evm_swap' in o);
    expect(swapOp.evm_swap).toMatchObject({ from_chain_id: '8453', denom_out: 'base-native' });
    expect(kinds(route)).toEqual(['cctp_transfer', 'evm_swap']);
    expect(route.txs_required).toBe(2);
    expect(txs).toHaveLength(2);
    const tx = txs[1].evm_tx;
    expect(tx).toMatchObject({ chain_id: '8453', to: base.swapRouter02, value: '0' });
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${tx.data}` as Hex });
    expect(call.functionName).toBe('multicall');
    const amountIn = BigInt(swapOp.evm_swap.amount_in);
    const before = await baseNode.publicClient.getBalance({ address: user });
    const { approve, receipt } = await runSwapTx(baseNode, base, tx, amountIn);
    const after = await baseNode.publicClient.getBalance({ address: user });
    const gas = approve.gasUsed * approve.effectiveGasPrice + receipt.gasUsed * receipt.effectiveGasPrice;
    expect(after - before + gas).toBe(BigInt(swapOp.evm_swap.amount_out));
    expect(route.amount_out).toBe(swapOp.evm_swap.amount_out);
  });

  it('USDC on Noble → LINK on Arbitrum: the swap USDC → WETH → LINK on arrival; LINK received = quote', async () => {
    const link = token(arbitrum, 'LINK');
    const res = await post(t.app, '/v2/fungible/msgs_direct', fromNoble(arbitrum, link));
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    const swapOp = route.operations.find((o: Record<string, unknown>) => 'evm_swap' in o);
    expect(swapOp.evm_swap).toMatchObject({ from_chain_id: '42161', denom_out: link });
    expect(kinds(route)).toEqual(['cctp_transfer', 'evm_swap']);
    expect(txs).toHaveLength(2);
    const tx = txs[1].evm_tx;
    expect(tx).toMatchObject({ chain_id: '42161', to: arbitrum.swapRouter02, value: '0' });
    const amountIn = BigInt(swapOp.evm_swap.amount_in);
    const read = () =>
      arbNode.publicClient.readContract({
        address: link,
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [user],
      });
    const before = await read();
    await runSwapTx(arbNode, arbitrum, tx, amountIn);
    expect((await read()) - before).toBe(BigInt(swapOp.evm_swap.amount_out));
    expect(route.amount_out).toBe(swapOp.evm_swap.amount_out);
  });

  it('without allow_multi_tx: MULTI_TX_REQUIRED, saying the swap on arrival is a transaction of its own', async () => {
    const { chain_ids_to_addresses: _a, slippage_tolerance_percent: _s, ...req } = fromNoble(base, 'base-native');
    void _a;
    void _s;
    // Over CCTP: a swap on Osmosis and Axelar into Base's handler would reach ETH in one signature.
    const res = await post(t.app, '/v2/fungible/route', { ...req, allow_multi_tx: false, bridges: ['IBC', 'CCTP'] });
    expect(res.statusCode, res.body).toBe(404);
    const body = res.json();
    const info = body.details[0];
    expect(info.reason).toBe('MULTI_TX_REQUIRED');
    expect(info.metadata.explanation).toMatch(
      /the route needs 2 transactions because CCTP delivers on 8453 without a contract there to run the EVM swap on arrival/,
    );
  });

  it('exact out: ETH on Base asked, the swap input solved by the pools’ inverse math; at least that arrives', async () => {
    const { amount_in: _drop, ...rest } = fromNoble(base, 'base-native');
    void _drop;
    const asked = 100_000_000_000_000_000n; // 0.1 ETH
    const res = await post(t.app, '/v2/fungible/msgs_direct', { ...rest, amount_out: asked.toString() });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.amount_out).toBe(asked.toString());
    const swap = route.operations.find((o: Record<string, unknown>) => 'evm_swap' in o).evm_swap;
    expect(swap.amount_out).toBe(asked.toString());
    const before = await baseNode.publicClient.getBalance({ address: user });
    const { approve, receipt } = await runSwapTx(baseNode, base, txs[1].evm_tx, BigInt(swap.amount_in));
    const after = await baseNode.publicClient.getBalance({ address: user });
    const gas = approve.gasUsed * approve.effectiveGasPrice + receipt.gasUsed * receipt.effectiveGasPrice;
    const received = after - before + gas;
    expect(received >= asked).toBe(true);
    // The input is the least that buys the output: what it buys exceeds the asked amount by under a unit of input.
    expect(received - asked < asked / 1_000_000n).toBe(true);
  });

  it('an affiliate on Base (the route’s last swap): unwrapWETH9WithFee pays it exactly the fee, the user the quote', async () => {
    const affiliate = '0x00000000000000000000000000000000000afee1';
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...fromNoble(base, 'base-native'),
      chain_ids_to_affiliates: { '8453': { affiliates: [{ address: affiliate, basis_points_fee: '50' }] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs, min_amount_out } = res.json();
    const swapOp = route.operations.find((o: Record<string, unknown>) => 'evm_swap' in o).evm_swap;
    const tx = txs[1].evm_tx;
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${tx.data}` as Hex });
    if (call.functionName !== 'multicall') throw new Error(call.functionName);
    const last = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: call.args[0][call.args[0].length - 1]! });
    expect(last.functionName).toBe('unwrapWETH9WithFee');
    const balances = () =>
      Promise.all([
        baseNode.publicClient.getBalance({ address: user }),
        baseNode.publicClient.getBalance({ address: getAddress(affiliate) }),
      ]);
    const [userBefore, affBefore] = await balances();
    const { approve, receipt } = await runSwapTx(baseNode, base, tx, BigInt(swapOp.amount_in));
    const [userAfter, affAfter] = await balances();
    const gas = approve.gasUsed * approve.effectiveGasPrice + receipt.gasUsed * receipt.effectiveGasPrice;
    const received = userAfter - userBefore + gas;
    const fee = affAfter - affBefore;
    // The fee is floor(gross × 50 / 10⁴) of what the swap gave; the user gets the rest, as quoted to the unit.
    expect(fee).toBe(((received + fee) * 50n) / 10_000n);
    expect(fee).toBeGreaterThan(0n);
    expect(received).toBe(BigInt(swapOp.amount_out));
    expect(route.amount_out).toBe(swapOp.amount_out);
    expect(received >= BigInt(min_amount_out)).toBe(true);
  });

  it('an affiliate on Arbitrum: sweepTokenWithFee pays it its LINK, the user the quote', async () => {
    const link = token(arbitrum, 'LINK');
    const affiliate = getAddress('0x00000000000000000000000000000000000afee2');
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...fromNoble(arbitrum, link),
      chain_ids_to_affiliates: { '42161': { affiliates: [{ address: affiliate, basis_points_fee: '100' }] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs, min_amount_out } = res.json();
    const swapOp = route.operations.find((o: Record<string, unknown>) => 'evm_swap' in o).evm_swap;
    const read = (who: Address) =>
      arbNode.publicClient.readContract({
        address: link,
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [who],
      });
    const [userBefore, affBefore] = [await read(user), await read(affiliate)];
    await runSwapTx(arbNode, arbitrum, txs[1].evm_tx, BigInt(swapOp.amount_in));
    const received = (await read(user)) - userBefore;
    const fee = (await read(affiliate)) - affBefore;
    expect(fee).toBe(((received + fee) * 100n) / 10_000n);
    expect(fee).toBeGreaterThan(0n);
    expect(received).toBe(BigInt(swapOp.amount_out));
    expect(received >= BigInt(min_amount_out)).toBe(true);
  });

  it('exact out with an affiliate: the user still receives at least the ETH asked, the affiliate its fee', async () => {
    const { amount_in: _drop, ...rest } = fromNoble(base, 'base-native');
    void _drop;
    const affiliate = getAddress('0x00000000000000000000000000000000000afee3');
    const asked = 100_000_000_000_000_000n;
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...rest,
      amount_out: asked.toString(),
      chain_ids_to_affiliates: { '8453': { affiliates: [{ address: affiliate, basis_points_fee: '25' }] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.amount_out).toBe(asked.toString());
    const swap = route.operations.find((o: Record<string, unknown>) => 'evm_swap' in o).evm_swap;
    const before = await baseNode.publicClient.getBalance({ address: user });
    const { approve, receipt } = await runSwapTx(baseNode, base, txs[1].evm_tx, BigInt(swap.amount_in));
    const after = await baseNode.publicClient.getBalance({ address: user });
    const gas = approve.gasUsed * approve.effectiveGasPrice + receipt.gasUsed * receipt.effectiveGasPrice;
    const received = after - before + gas;
    const fee = await baseNode.publicClient.getBalance({ address: affiliate });
    expect(received >= asked).toBe(true);
    expect(received - asked < asked / 1_000_000n).toBe(true);
    expect(fee).toBe(((received + fee) * 25n) / 10_000n);
  });

  it('a node holding none of a chain’s recorded pools leaves its offline snapshot in place', () => {
    const eth = t.ctx.liveMarket.store.get('ethereum-uniswap')!;
    expect(eth.source).toMatch(/^offline/);
    expect(eth.pools.length).toBeGreaterThan(5);
    expect(t.ctx.liveMarket.store.get('base-uniswap')!.pools.length).toBe(1);
  });

  it('USDC on Ethereum → ETH on Base: the CCTP V2 lane, then the same swap on arrival as a second transaction', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: '1',
      source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      dest_asset_chain_id: '8453',
      dest_asset_denom: 'base-native',
      amount_in: '1000000000',
      allow_multi_tx: true,
      smart_swap_options: { evm_swaps: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    // A CCTP V2 burn could carry hook data, but no published contract on Base runs a swap from it.
    expect(kinds(route)).toEqual(['cctp_transfer_v2', 'evm_swap']);
    expect(route.txs_required).toBe(2);
  });
});
