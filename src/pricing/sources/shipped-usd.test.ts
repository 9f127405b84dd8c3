/**
 * USD values of routes over ETH, WETH and TIA.n, through `/v2/fungible/route` of the application built from the
 * default (offline) configuration: these assets carry CoinGecko ids (data/asset-corrections.json) that the shipped
 * price set prices directly (ethereum) or through an alias (weth, bridged-tia-hyperlane: data/prices/
 * coingecko-id-aliases.json).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { servingRetiredHyperlaneChains } from '../../bridges/hyperlane/test-helpers/retired.js';

// Hyperlane no longer serves Neutron, so no TIA.n lane ships; these tests run the machinery as if it did.
servingRetiredHyperlaneChains();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const ONE_ETH = '1000000000000000000';

async function usdOf(source: [string, string], dest: [string, string], amountIn: string) {
  const res = await post(t.app, '/v2/fungible/route', {
    source_asset_chain_id: source[0],
    source_asset_denom: source[1],
    dest_asset_chain_id: dest[0],
    dest_asset_denom: dest[1],
    amount_in: amountIn,
    allow_multi_tx: true,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const r = res.json() as { usd_amount_in?: string; usd_amount_out?: string };
  return { in: r.usd_amount_in, out: r.usd_amount_out };
}

describe('USD values of ETH, WETH and TIA.n routes offline', () => {
  it('ether on Ethereum, Arbitrum and Base is worth the shipped ETH price (3246.95 USD)', async () => {
    const l1ToArbitrum = await usdOf(['1', 'ethereum-native'], ['42161', 'arbitrum-native'], ONE_ETH);
    expect(l1ToArbitrum.in).toBe('3246.95');
    expect(Number(l1ToArbitrum.out)).toBeGreaterThan(3200);
    const arbitrumToBase = await usdOf(['42161', 'arbitrum-native'], ['8453', 'base-native'], ONE_ETH);
    expect(arbitrumToBase.in).toBe('3246.95');
    expect(Number(arbitrumToBase.out)).toBeGreaterThan(3200);
  });

  it('WETH on Ethereum, and the ETH it becomes on Osmosis over IBC Eureka, are worth ether', async () => {
    const v = await usdOf(
      ['1', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
      ['osmosis-1', 'ibc/20850C646CDDDC2270E9BBDB08558B5FEE57B647EC6827F41096AABFD8A0471B'],
      ONE_ETH,
    );
    // Out: one ether less the Eureka relay fee of 0.00013 ETH (data/smart-relay-fees.json), 0.42 USD.
    expect(v).toEqual({ in: '3246.95', out: '3246.53' });
  });

  it('USDT on OP Mainnet, Arbitrum and Polygon and USDC on Unichain are worth a dollar (asset-corrections.json)', async () => {
    const cases: [string, string][] = [
      ['10', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58'],
      ['42161', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'],
      ['137', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'],
    ];
    for (const source of cases) {
      const v = await usdOf(source, ['1', '0xdAC17F958D2ee523a2206206994597C13D831ec7'], '1000000000');
      expect(Number(v.in), source[0]).toBeCloseTo(1000, 0);
    }
    const unichain = await usdOf(
      ['130', '0x078D782b760474a361dDA0AF3839290b0EF57AD6'],
      ['1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
      '1000000000',
    );
    expect(Number(unichain.in)).toBeCloseTo(1000, 0);
  });

  it('TIA.n on Arbitrum (Hyperlane) is worth TIA', async () => {
    const v = await usdOf(['celestia', 'utia'], ['42161', '0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C'], '100000000');
    expect(v.in).toBe('577.68'); // 100 TIA at 5.7768 USD
    expect(v.out).toBe(v.in);
  });

  it("TIA on Base and Ethereum (Hyperlane synthetics of Celestia's TIA) are worth TIA", async () => {
    for (const chain of ['8453', '1']) {
      const token =
        chain === '8453' ? '0x5d27225a5D8A756e5655617b22cC03616C3B26c3' : '0xB8fB4E8512c8272e8986058D0318C8cEFcB21aa7';
      const v = await usdOf([chain, token], ['celestia', 'utia'], '100000000');
      expect(v.in, chain).toBe('577.68');
      expect(v.out, chain).toBe(v.in);
    }
  });
});
