/**
 * Exact-out routes whose EVM swap feeds a later exact-out swap (found by a scan of /v2/fungible/msgs on the offline
 * market): ETH on Ethereum → exactly 1000 OSMO. The input is padded by the slippage tolerance for the Osmosis swap's
 * refund; the EVM swap must still guarantee what that swap needs (its planned output), or the transaction after it,
 * which sends exactly the EVM swap's minimum, would leave the exact-out swap short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI } from './skip-go-swap-router-abi.js';
import { decodeFunctionData, type Hex } from 'viem';
import { CCTP_RELAYER_ABI } from '../bridges/cctp/abi.js';
import { cctpConfig } from '../bridges/cctp/config.js';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import { userAddress } from '../test-helpers/registry.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';
const CCTP_RELAYER = cctpConfig().relay.relayer.get('1')!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const req = {
  source_asset_chain_id: '1',
  source_asset_denom: 'ethereum-native',
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: 'uosmo',
  amount_out: '1000000000',
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
};

describe('an EVM swap before an exact-out swap', () => {
  it('guarantees the planned output that the later exact-out swap needs', async () => {
    const r = await post(t.app, '/v2/fungible/route', req);
    expect(r.statusCode, r.body).toBe(200);
    const route = r.json();
    const ops = route.operations as Record<string, Record<string, unknown>>[];
    expect(Object.keys(ops[0]!)).toContain('evm_swap');
    expect(ops.some((o) => (o.swap as { swap_out?: unknown } | undefined)?.swap_out)).toBe(true);
    const planned = BigInt(ops[0]!.evm_swap!.amount_out as string);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_in: route.amount_in,
      address_list: (route.required_chain_addresses as string[]).map((c) =>
        /^\d+$/.test(c) ? EVM_USER : userAddress(t.ctx.registry, c),
      ),
      operations: route.operations,
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().txs[0].evm_tx;
    // The swap's minimum, wherever it runs: SwapRouter02 alone, or SkipGoSwapRouter inside Skip's CCTP relayer (the
    // swap and the burn into Noble in one transaction, on this market the cheapest).
    let min: bigint;
    if (first.to === CCTP_RELAYER) {
      const outer = decodeFunctionData({ abi: CCTP_RELAYER_ABI, data: `0x${first.data}` as Hex });
      if (outer.functionName !== 'swapAndRequestCCTPTransferWithCaller') throw new Error(outer.functionName);
      min = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: outer.args[2] }).args[1];
    } else {
      const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${first.data}` as Hex });
      if (call.functionName !== 'exactInput') throw new Error(`expected exactInput, got ${call.functionName}`);
      min = call.args[0].amountOutMinimum;
    }
    expect(min).toBe(planned);
    // The input carries the 1 % padding that the exact-out swap refunds.
    expect(BigInt(first.value)).toBeGreaterThan(BigInt(route.amount_in));
    // The next transaction sends what the first guarantees: exactly what the route planned to arrive.
    const second = JSON.stringify(res.json().txs[1]);
    // (the amount it funds, JSON inside a Cosmos message or plain in an EVM one)
    const arrives = ops.filter((o) => (o.tx_index as unknown) === 0).at(-1)!.amount_out as unknown as string;
    expect(second.replaceAll('\\"', '"')).toContain(`"amount":"${arrives}"`);
  });
});

describe('an exact-out swap before an EVM swap', () => {
  it('USDC on Noble → exactly 10 LINK on Ethereum: /msgs solves the Cosmos swap’s output back from amount_out', async () => {
    const toLink = {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
      amount_out: '10000000000000000000',
      allow_multi_tx: true,
      smart_swap_options: { evm_swaps: true },
      // The route this test is about: the swap on Osmosis, IBC Eureka to Ethereum, the EVM swap. (Since Eureka pays
      // Skip's relay fee, CCTP to an L2 and Stargate on to Ethereum cost about as much and rank first.)
      bridges: ['IBC', 'EUREKA'],
    };
    const r = await post(t.app, '/v2/fungible/route', toLink);
    expect(r.statusCode, r.body).toBe(200);
    const route = r.json();
    const ops = route.operations as Record<string, Record<string, unknown>>[];
    const k = ops.findIndex((o) => (o.swap as { swap_out?: unknown } | undefined)?.swap_out);
    expect(k).toBeGreaterThanOrEqual(0);
    expect(ops.slice(k + 1).some((o) => o.evm_swap)).toBe(true);
    const swapOut = (ops[k]!.swap as { swap_out: { swap_amount_out: string } }).swap_out.swap_amount_out;
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...toLink,
      amount_in: route.amount_in,
      address_list: (route.required_chain_addresses as string[]).map((c) =>
        /^\d+$/.test(c) ? EVM_USER : userAddress(t.ctx.registry, c),
      ),
      operations: route.operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The Cosmos swap asks for the output the route planned for it (what the lane and the EVM swap need); it sits in
    // a memo, nested as deep as the transfers before it (the Eureka hop now rides in the same transaction).
    expect(JSON.stringify(res.json().txs).replaceAll('\\', '')).toContain(`"amount":"${swapOut}"`);
  });
});
