/**
 * Affiliate fees on a route whose last swap is an EVM swap (Skip's rule: collected on the chain of the route's last
 * swap, in its output), over the offline market: ETH on Ethereum → USDC on Noble (the swap rides in Skip's CCTP
 * relayer's swapAndRequestCCTPTransferWithCaller, SkipGoSwapRouter calldata with its affiliates) and USDC → ETH on
 * Ethereum (a swap of its own through SwapRouter02). cumulative_affiliate_fee_bps lowers the quote by floor(gross ×
 * bps / 10⁴); a swap of its own pays the one affiliate through sweepTokenWithFee / unwrapWETH9WithFee, and what
 * SwapRouter02 cannot pay is refused. Execution against the
 * real router is in evm-destination-swap-anvil.test.ts and evm-swap-anvil.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI } from './skip-go-swap-router-abi.js';
import { decodeFunctionData, getAddress, hexToString, slice, type Hex } from 'viem';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';
import { CCTP_RELAYER_ABI } from '../bridges/cctp/evm.js';
import { HANDLER_ABI } from '../bridges/axelar/abi.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import { userAddress } from '../test-helpers/registry.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';
/** An affiliate given in lower case: EVM affiliate addresses are checked without their checksum. */
const AFFILIATE = '0x00000000000000000000000000000000000a1f1a';
const chain = uniswapChain('1')!;
const USDC = getAddress(chain.mainTokens.get('USDC')!);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const ethToNoble = {
  source_asset_chain_id: '1',
  source_asset_denom: 'ethereum-native',
  dest_asset_chain_id: 'noble-1',
  dest_asset_denom: 'uusdc',
  amount_in: '1000000000000000000',
  smart_swap_options: { evm_swaps: true },
};
const usdcToEth = {
  source_asset_chain_id: '1',
  source_asset_denom: USDC,
  dest_asset_chain_id: '1',
  dest_asset_denom: 'ethereum-native',
  amount_in: '5000000000',
  smart_swap_options: { evm_swaps: true },
};
const affiliates = (chainId: string, list: [string, string][]) => ({
  [chainId]: { affiliates: list.map(([address, bps]) => ({ address, basis_points_fee: bps })) },
});

async function route(body: object) {
  const r = await post(t.app, '/v2/fungible/route', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('affiliate fees on an EVM swap that is the route’s last swap', () => {
  it('/route: cumulative_affiliate_fee_bps lowers the output by floor(gross × bps / 10⁴) of the EVM swap', async () => {
    const plain = await route(ethToNoble);
    const charged = await route({ ...ethToNoble, cumulative_affiliate_fee_bps: '75' });
    expect(kinds(charged)).toEqual(['evm_swap', 'cctp_transfer']);
    const gross = BigInt(plain.operations[0].evm_swap.amount_out);
    const fee = (gross * 75n) / 10_000n;
    expect(fee).toBeGreaterThan(0n);
    expect(charged.operations[0].evm_swap.amount_out).toBe((gross - fee).toString());
    expect(BigInt(charged.amount_out)).toBe(BigInt(plain.amount_out) - fee);
  });

  it('/msgs: the relayer’s SkipGoSwapRouter swap pays the affiliate; min_amount_out is net of the fee on the minimum', async () => {
    const r = await route({ ...ethToNoble, cumulative_affiliate_fee_bps: '75' });
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...ethToNoble,
      amount_out: r.amount_out,
      address_list: [EVM_USER, userAddress(t.ctx.registry, 'noble-1')],
      operations: r.operations,
      slippage_tolerance_percent: '1',
      chain_ids_to_affiliates: affiliates('1', [[AFFILIATE, '75']]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[0].evm_tx;
    const outer = decodeFunctionData({ abi: CCTP_RELAYER_ABI, data: `0x${tx.data}` as Hex });
    expect(outer.functionName).toBe('swapAndRequestCCTPTransferWithCaller');
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: outer.args[2] as Hex });
    const [, min, , tokenOut, , paid] = inner.args;
    expect(tokenOut).toBe(USDC);
    expect(paid).toEqual([{ recipient: getAddress(AFFILIATE), feeBPS: 75n }]);
    // The router checks the minimum on the whole output (planned gross less 1 %), then takes the fee from it.
    const net = BigInt(r.operations[0].evm_swap.amount_out);
    const gross = net + (((net * 10_000n) / 9_925n) * 75n) / 10_000n; // within a unit or two of the planned gross
    expect(Number(gross - min) / Number(gross)).toBeCloseTo(0.01, 3);
    // The relayer keeps its fee from what it received (the output net of the affiliate fee) and burns the rest.
    const relayFee = BigInt(r.estimated_fees[0].amount);
    expect(res.json().min_amount_out).toBe((min - (min * 75n) / 10_000n - relayFee).toString());
  });

  it('a swap of its own: USDC → ETH ends with unwrapWETH9WithFee, and /msgs_direct states the same net output', async () => {
    const plain = await route(usdcToEth);
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...usdcToEth,
      chain_ids_to_addresses: { '1': EVM_USER },
      slippage_tolerance_percent: '1',
      chain_ids_to_affiliates: affiliates('1', [[AFFILIATE, '30']]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route: r, txs, min_amount_out } = res.json();
    expect(kinds(r)).toEqual(['evm_swap']);
    const gross = BigInt(plain.amount_out);
    expect(r.amount_out).toBe((gross - (gross * 30n) / 10_000n).toString());
    const tx = txs[0].evm_tx;
    expect(tx.to).toBe(chain.swapRouter02);
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${tx.data}` as Hex });
    if (call.functionName !== 'multicall') throw new Error(call.functionName);
    const last = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: call.args[0][call.args[0].length - 1]! });
    if (last.functionName !== 'unwrapWETH9WithFee') throw new Error(last.functionName);
    const [min, bips, recipient] = last.args;
    expect(min).toBe(gross - gross / 100n);
    expect([bips, recipient]).toEqual([30n, getAddress(AFFILIATE)]);
    expect(min_amount_out).toBe((min - (min * 30n) / 10_000n).toString());
  });

  it('exact out: the swap buys the least gross whose output net of the fee is the amount asked', async () => {
    const { amount_in: _drop, ...rest } = usdcToEth;
    void _drop;
    const asked = 100_000_000_000_000_000n; // 0.1 ETH: the gas of a smaller swap fails price safety
    const r = await route({ ...rest, amount_out: asked.toString(), cumulative_affiliate_fee_bps: '30' });
    const plain = await route({ ...rest, amount_out: asked.toString() });
    expect(r.amount_out).toBe(asked.toString());
    expect(r.operations[0].evm_swap.amount_out).toBe(asked.toString());
    // More input buys the fee on top.
    expect(BigInt(r.amount_in)).toBeGreaterThan(BigInt(plain.amount_in));
  });

  it('refuses what SwapRouter02 cannot pay, and a malformed affiliate address, naming chain_ids_to_affiliates', async () => {
    const direct = (list: [string, string][]) =>
      post(t.app, '/v2/fungible/msgs_direct', {
        ...usdcToEth,
        chain_ids_to_addresses: { '1': EVM_USER },
        chain_ids_to_affiliates: affiliates('1', list),
      });
    const two = await direct([
      [AFFILIATE, '20'],
      [EVM_USER, '10'],
    ]);
    expect(two.statusCode, two.body).toBe(400);
    expect(two.json().message).toMatch(/chain_ids_to_affiliates\.1: .*SwapRouter02, which pays one affiliate, not 2/);
    const many = await direct([[AFFILIATE, '101']]);
    expect(many.statusCode, many.body).toBe(400);
    expect(many.json().message).toMatch(/chain_ids_to_affiliates\.1: .*at most 100 bps, not 101/);
    const bad = await direct([['osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4', '10']]);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toMatch(/chain_ids_to_affiliates\.1\.affiliates\[0\]\.address for chain 1/);
  });

  it('affiliates listed only for a chain where the route does not swap last are refused, naming the chain to list', async () => {
    const osmo = userAddress(t.ctx.registry, 'osmosis-1');
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...usdcToEth,
      chain_ids_to_addresses: { '1': EVM_USER },
      chain_ids_to_affiliates: affiliates('osmosis-1', [[osmo, '30']]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(
      /chain_ids_to_affiliates: the route's last swap, .* runs on 1, which has no entry/,
    );
    // A route without a swap pays no affiliate fee and needs no entry.
    const transfer = await post(t.app, '/v2/fungible/msgs_direct', {
      ...ethToNoble,
      source_asset_denom: USDC,
      chain_ids_to_addresses: { '1': EVM_USER, 'noble-1': userAddress(t.ctx.registry, 'noble-1') },
      chain_ids_to_affiliates: affiliates('osmosis-1', [[osmo, '30']]),
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(kinds(transfer.json().route)).toEqual(['cctp_transfer']);
  });

  it('an EVM swap then a Cosmos swap (ETH → OSMO): only the Osmosis swap, the last, pays; the EVM swap none', async () => {
    const osmo = userAddress(t.ctx.registry, 'osmosis-1');
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...ethToNoble,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      chain_ids_to_addresses: { '1': EVM_USER, 'osmosis-1': osmo },
      chain_ids_to_affiliates: { ...affiliates('1', [[AFFILIATE, '30']]), ...affiliates('osmosis-1', [[osmo, '30']]) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(kinds(route)).toEqual(['evm_swap', 'axelar_transfer', 'swap']);
    const outer = decodeFunctionData({ abi: HANDLER_ABI, data: `0x${txs[0].evm_tx.data}` as Hex });
    if (outer.functionName !== 'swapAndGmpTransferERC20Token') throw new Error(outer.functionName);
    expect(decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: outer.args[2] }).args[5]).toEqual([]);
    // The Osmosis swap's entry-point call, in the Axelar payload, carries the affiliate.
    const payload = hexToString(slice(outer.args[5], 4));
    expect(payload).toContain(`"affiliates":[{"basis_points_fee":"30","address":"${osmo}"}]`);
    expect(route.operations[2].swap.estimated_affiliate_fee).not.toMatch(/^0[a-z]/);
  });

  it('a Cosmos swap then an EVM swap: the EVM swap, the last, takes the fee; the Cosmos swap none', async () => {
    const req = {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: '1',
      dest_asset_denom: 'ethereum-native',
      amount_in: '1000000000',
      allow_multi_tx: true,
      smart_swap_options: { evm_swaps: true },
    };
    const plain = await route(req);
    const charged = await route({ ...req, cumulative_affiliate_fee_bps: '50' });
    const ks = kinds(charged);
    expect(ks.indexOf('swap')).toBeGreaterThanOrEqual(0);
    // The route's last swap is the EVM one (on Base's Slipstream pool since Base has one, a bridge may follow it).
    expect(ks.filter((k) => k === 'swap' || k === 'evm_swap').pop()).toBe('evm_swap');
    expect(kinds(plain)).toEqual(ks);
    const cosmos = charged.operations.find((o: Record<string, unknown>) => 'swap' in o).swap;
    expect(cosmos.estimated_affiliate_fee).toMatch(/^0/);
    const evm = (r: { operations: Record<string, { amount_out: string }>[] }) =>
      BigInt(r.operations.find((o) => 'evm_swap' in o)!.evm_swap!.amount_out);
    expect(evm(charged)).toBe(evm(plain) - (evm(plain) * 50n) / 10_000n);
  });
});

describe('the operator’s share on an EVM last swap', () => {
  const OPERATOR = getAddress('0x00000000000000000000000000000000000b0b0b');
  let op: TestApp;
  beforeAll(async () => {
    op = await buildTestApp({ OPERATOR_FEE_ADDRESSES: `1=${OPERATOR}` });
  });
  afterAll(() => op.app.close());

  const lastCall = (data: string, abi: typeof SWAP_ROUTER_02_ABI) => {
    const call = decodeFunctionData({ abi, data: `0x${data}` as Hex });
    if (call.functionName !== 'multicall') throw new Error(call.functionName);
    return decodeFunctionData({ abi, data: call.args[0][call.args[0].length - 1]! });
  };

  it('SwapRouter02 pays one recipient: the integrator is paid whole and the operator forgoes its share', async () => {
    const res = await post(op.app, '/v2/fungible/msgs_direct', {
      ...usdcToEth,
      chain_ids_to_addresses: { '1': EVM_USER },
      chain_ids_to_affiliates: affiliates('1', [[AFFILIATE, '40']]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const last = lastCall(res.json().txs[0].evm_tx.data, SWAP_ROUTER_02_ABI);
    if (last.functionName !== 'unwrapWETH9WithFee') throw new Error(last.functionName);
    expect(last.args.slice(1)).toEqual([40n, getAddress(AFFILIATE)]);
  });

  it('SkipGoSwapRouter pays several: the operator’s entry rides beside the integrator’s (Axelar’s handler swaps first)', async () => {
    const res = await post(op.app, '/v2/fungible/msgs_direct', {
      ...ethToNoble,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858',
      chain_ids_to_addresses: { '1': EVM_USER, 'osmosis-1': userAddress(op.ctx.registry, 'osmosis-1') },
      chain_ids_to_affiliates: affiliates('1', [[AFFILIATE, '40']]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const outer = decodeFunctionData({ abi: HANDLER_ABI, data: `0x${res.json().txs[0].evm_tx.data}` as Hex });
    if (outer.functionName !== 'swapAndGmpTransferERC20Token') throw new Error(outer.functionName);
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: outer.args[2] });
    expect(inner.args[5]).toEqual([
      { recipient: getAddress(AFFILIATE), feeBPS: 30n },
      { recipient: OPERATOR, feeBPS: 10n },
    ]);
  });
});
