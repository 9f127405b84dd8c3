/**
 * A swap on Avalanche or Base and a relayed CCTP burn into Noble in one transaction (data/smart-relay-fees.json
 * cctp.evm_to_noble): Skip's CCTP relayer of the chain takes the native token, has its SkipGoSwapRouter swap it to USDC
 * (Pangolin's pair on Avalanche: a UNISWAP_V2 hop; Aerodrome Slipstream's pool on Base: a VELODROME hop) and burns
 * the output less the relaying fee with Noble's relayer as the only caller. Without the fee figure the same routes
 * took two transactions (the user's swap, then the free burn); a plain USDC burn into Noble keeps the free form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAbiParameters, decodeFunctionData, getAddress, type Hex } from 'viem';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';
import { CCTP_RELAYER_ABI } from '../bridges/cctp/evm.js';
import { readDataFile } from '../registry/data-files.js';
import { userAddress } from '../test-helpers/registry.js';
import { SKIP_GO_SWAP_ROUTER_ABI, SKIP_GO_UNISWAP_V2 } from './skip-go-swap-router-abi.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';
const ZERO = '0x0000000000000000000000000000000000000000';
const NOBLE_DOMAIN = 4;
const VELODROME = 2;
const contracts = readDataFile<{ cctp: { skip_relayer: Record<string, string> } }>('contracts.json');
const fees = readDataFile<{ cctp: { evm_to_noble: Record<string, string> } }>('smart-relay-fees.json');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type Body = Record<string, unknown>;

const cases = [
  {
    chain: '43114',
    native: 'avalanche-native',
    amount: '10000000000000000000', // 10 AVAX
    usdc: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
    hop: { type: SKIP_GO_UNISWAP_V2, pool: '0x0e0100Ab771E9288e0Aa97e11557E6654C3a9665' }, // Pangolin WAVAX/USDC
  },
  {
    chain: '8453',
    native: 'base-native',
    amount: '1000000000000000000', // 1 ETH
    usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    hop: { type: VELODROME, pool: '0xb2cc224c1c9feE385f8ad6a55b4d94E92359DC59' }, // Slipstream WETH/USDC
  },
];

describe.each(cases)('native token on $chain -> USDC on Noble', (c) => {
  const req: Body = {
    source_asset_chain_id: c.chain,
    source_asset_denom: c.native,
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    amount_in: c.amount,
    smart_swap_options: { evm_swaps: true },
  };
  const fee = BigInt(fees.cctp.evm_to_noble[c.chain]!);

  it('is one transaction: the swap and a relayed burn whose fee is taken from the swap output', async () => {
    const res = await post(t.app, '/v2/fungible/route', req);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(kinds(r)).toEqual(['evm_swap', 'cctp_transfer']);
    expect(r.txs_required).toBe(1);
    expect(r.operations[1].cctp_transfer).toMatchObject({ from_chain_id: c.chain, smart_relay: true });
    expect(BigInt(r.operations[1].amount_out)).toBe(BigInt(r.operations[0].evm_swap.amount_out) - fee);
    expect(r.estimated_fees).toEqual([
      expect.objectContaining({ fee_type: 'SMART_RELAY', amount: fee.toString(), chain_id: c.chain }),
    ]);
  });

  it('its message: the chain’s Skip relayer, value = the native input, SkipGoSwapRouter calldata naming the pool', async () => {
    const r = (await post(t.app, '/v2/fungible/route', req)).json();
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_out: r.amount_out,
      address_list: [EVM_USER, userAddress(t.ctx.registry, 'noble-1')],
      operations: r.operations,
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { txs } = res.json();
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(tx.chain_id).toBe(c.chain);
    expect(getAddress(tx.to)).toBe(getAddress(contracts.cctp.skip_relayer[c.chain]!));
    expect(tx.value).toBe(c.amount);
    const outer = decodeFunctionData({ abi: CCTP_RELAYER_ABI, data: `0x${tx.data}` as Hex });
    expect(outer.functionName).toBe('swapAndRequestCCTPTransferWithCaller');
    const [inputToken, inputAmount, swapCalldata, domain, , burnToken, feeAmount] = outer.args as unknown as [
      string,
      bigint,
      Hex,
      number,
      Hex,
      string,
      bigint,
    ];
    expect(inputToken).toBe(ZERO);
    expect(inputAmount).toBe(BigInt(c.amount));
    expect(domain).toBe(NOBLE_DOMAIN);
    expect(getAddress(burnToken)).toBe(c.usdc);
    expect(feeAmount).toBe(fee);
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: swapCalldata });
    const [amountIn, , tokenIn, tokenOut, hops] = inner.args;
    expect(amountIn).toBe(BigInt(c.amount));
    expect(tokenIn).toBe(ZERO);
    expect(getAddress(tokenOut)).toBe(c.usdc);
    expect(hops).toHaveLength(1);
    expect(hops[0]!.exchangeType).toBe(c.hop.type);
    // Both adapters' data begin with the pool: UniswapV2Data (pool, ...) and VelodromeData (poolType, pool, ...).
    const poolWord = c.hop.type === VELODROME ? 1 : 0;
    const words = decodeAbiParameters(
      Array.from({ length: poolWord + 1 }, () => ({ type: 'address' as const })),
      hops[0]!.data,
    );
    expect(getAddress(words[poolWord] as string)).toBe(getAddress(c.hop.pool));
  });

  it('plain USDC from the same chain still takes the free burn Noble’s relayers mint', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      ...req,
      source_asset_denom: c.usdc,
      amount_in: '100000000',
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(kinds(r)).toEqual(['cctp_transfer']);
    expect(r.operations[0].cctp_transfer.smart_relay).toBe(false);
    expect(r.amount_out).toBe('100000000');
  });
});
