import { describe, expect, it } from 'vitest';
import { TransmuterPool } from './transmuter.js';
import { TakerFees } from './taker-fee.js';
import { buildPool, recordFromSqs } from './parse.js';

const ALL_BTC = 'factory/osmo1z6r6qdknhgsc0zeracktgpcxf43j6sekq07nw8sxduc9lg0qjjlqfu25e3/alloyed/allBTC';

describe('Osmosis transmuter pool', () => {
  // allBTC-like: WBTC (8 decimals), an 18-decimal BTC, the alloyed denom (8 decimals).
  const pool = new TransmuterPool('1868', 0n, [
    { denom: 'wbtc', amount: 7_085_637_460n, normalizationFactor: 10n ** 8n },
    { denom: 'btc18', amount: 5n * 10n ** 18n, normalizationFactor: 10n ** 18n },
    { denom: ALL_BTC, amount: 0n, normalizationFactor: 10n ** 8n },
  ], ALL_BTC, TakerFees.none());

  it('swaps 1:1 after normalization', () => {
    expect(pool.exactIn('wbtc', 'btc18', 100_000_000n)).toBe(10n ** 18n);
    expect(pool.exactIn('btc18', 'wbtc', 10n ** 18n + 9_999_999_999n)).toBe(100_000_000n); // rounded down
    expect(pool.exactOut('btc18', 'wbtc', 100_000_000n)).toBe(10n ** 18n);
    expect(pool.spotPrice('wbtc', 'btc18')).toEqual({ num: 10n ** 18n, den: 10n ** 8n });
  });

  it('is limited by the balance of the output asset, but mints the alloyed denom', () => {
    expect(pool.exactIn('btc18', 'wbtc', 71n * 10n ** 18n)).toBeUndefined(); // 71 BTC > 70.86 WBTC held
    expect(pool.exactOut('btc18', 'wbtc', 7_085_637_461n)).toBeUndefined();
    expect(pool.exactIn('wbtc', ALL_BTC, 10n ** 12n)).toBe(10n ** 12n);
    expect(pool.reserve(ALL_BTC)).toBe(7_085_637_460n + 5n * 10n ** 8n);
  });

  it('parses an alloyed transmuter from its instantiate message (v3) and a v1 transmuter', () => {
    const contract = 'osmo1z6r6qdknhgsc0zeracktgpcxf43j6sekq07nw8sxduc9lg0qjjlqfu25e3';
    const v3 = Buffer.from(JSON.stringify({
      pool_asset_configs: [{ denom: 'wbtc', normalization_factor: '1' }, { denom: 'btc18', normalization_factor: '10000000000' }],
      alloyed_asset_subdenom: 'allBTC',
      alloyed_asset_normalization_factor: '1',
      admin: 'osmo1admin',
    })).toString('base64');
    const p = buildPool(recordFromSqs({
      type: 3,
      chain_model: { contract_address: contract, pool_id: 1868, code_id: 814, instantiate_msg: v3 },
      balances: [{ denom: 'wbtc', amount: '100' }, { denom: 'btc18', amount: '2000000000000' }],
      spread_factor: '0.000000000000000000',
    }), { takerFees: TakerFees.none() }) as TransmuterPool;
    expect(p.kind).toBe('transmuter');
    expect(p.alloyedDenom).toBe(ALL_BTC);
    expect(p.exactIn('btc18', 'wbtc', 10_000_000_000n)).toBe(1n);
    const v1 = Buffer.from(JSON.stringify({ pool_asset_denoms: ['usdc.axl', 'usdc'], admin: 'osmo1admin' })).toString('base64');
    const q = buildPool(recordFromSqs({
      type: 3,
      chain_model: { contract_address: 'osmo1x', pool_id: 1212, code_id: 148, instantiate_msg: v1 },
      balances: [{ denom: 'usdc.axl', amount: '10' }, { denom: 'usdc', amount: '20' }],
    }), { takerFees: TakerFees.none() });
    expect(q?.exactIn('usdc.axl', 'usdc', 5n)).toBe(5n);
  });

  it('skips other CosmWasm pools', () => {
    const ob = Buffer.from(JSON.stringify({ base_denom: 'a', quote_denom: 'b' })).toString('base64');
    expect(buildPool(recordFromSqs({ type: 3, chain_model: { contract_address: 'osmo1y', pool_id: 1930, code_id: 885, instantiate_msg: ob }, balances: [] }), { takerFees: TakerFees.none() })).toBeUndefined();
  });
});
