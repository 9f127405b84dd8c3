/**
 * min_amount_out of a route that ends with an OFT send (Stargate, LayerZero): the send's minAmountLD comes from the
 * caller's slippage tolerance, so the transaction accepts that much less than the quote; min_amount_out must not
 * promise more than the transaction enforces (it once said the quoted output, the send accepting 1 % less).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { IOFT_ABI, type SendParam } from './oft.js';

const USER = '0x0707070707070707070707070707070707070707';
const ZRO = '0x6985884C4392D348587B19cb9eAAf157F13271cd';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
/** Binance-Peg USDC, 18 decimals: Stargate's shared 6 decimals scale up on arrival. */
const USDC_BSC = '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function msgsDirect(dest: { chain: string; denom: string }, src: string, amount: Record<string, string>) {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: '42161',
    source_asset_denom: src,
    dest_asset_chain_id: dest.chain,
    dest_asset_denom: dest.denom,
    ...amount,
    slippage_tolerance_percent: '1',
    allow_unsafe: true,
    chain_ids_to_addresses: { '42161': USER, [dest.chain]: USER },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const [param] = decodeFunctionData({ abi: IOFT_ABI, data: `0x${body.txs[0].evm_tx.data}` }).args as readonly [
    SendParam,
  ];
  return { body, param };
}

describe('min_amount_out after an OFT send', () => {
  it('LayerZero (ZRO, 18 decimals both ends): the send minimum, below the quoted output', async () => {
    const { body, param } = await msgsDirect({ chain: '8453', denom: ZRO }, ZRO, {
      amount_out: '1000000000000000001',
    });
    expect(BigInt(body.route.amount_out)).toBeGreaterThan(param.minAmountLD);
    expect(body.min_amount_out).toBe(param.minAmountLD.toString());
  });

  it('Stargate USDC Arbitrum → BNB Chain: the send minimum in the destination token decimals', async () => {
    const { body, param } = await msgsDirect({ chain: '56', denom: USDC_BSC }, USDC_ARBITRUM, {
      amount_in: '100000000',
    });
    // minAmountLD is in the source token's 6 decimals; the BNB Chain token has 18.
    expect(body.min_amount_out).toBe((param.minAmountLD * 10n ** 12n).toString());
    expect(BigInt(body.route.amount_out)).toBeGreaterThan(BigInt(body.min_amount_out));
  });
});
