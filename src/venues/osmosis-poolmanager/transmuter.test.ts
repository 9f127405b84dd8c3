import { describe, expect, it } from 'vitest';
import { TransmuterPool } from './transmuter.js';
import { TakerFees } from './taker-fee.js';
import { buildPool, recordFromSqs } from './parse.js';
import { loadOfflineSnapshot } from './snapshot.js';

const ALL_BTC = 'factory/osmo1z6r6qdknhgsc0zeracktgpcxf43j6sekq07nw8sxduc9lg0qjjlqfu25e3/alloyed/allBTC';

describe('Osmosis transmuter pool', () => {
  // allBTC-like: WBTC (8 decimals), an 18-decimal BTC, the alloyed denom (8 decimals).
  const pool = new TransmuterPool(
    '1868',
    0n,
    [
      { denom: 'wbtc', amount: 7_085_637_460n, normalizationFactor: 10n ** 8n },
      { denom: 'btc18', amount: 5n * 10n ** 18n, normalizationFactor: 10n ** 18n },
      { denom: ALL_BTC, amount: 0n, normalizationFactor: 10n ** 8n },
    ],
    ALL_BTC,
    TakerFees.none(),
  );

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
    const v3 = Buffer.from(
      JSON.stringify({
        pool_asset_configs: [
          { denom: 'wbtc', normalization_factor: '1' },
          { denom: 'btc18', normalization_factor: '10000000000' },
        ],
        alloyed_asset_subdenom: 'allBTC',
        alloyed_asset_normalization_factor: '1',
        admin: 'osmo1admin',
      }),
    ).toString('base64');
    const p = buildPool(
      recordFromSqs({
        type: 3,
        chain_model: { contract_address: contract, pool_id: 1868, code_id: 814, instantiate_msg: v3 },
        balances: [
          { denom: 'wbtc', amount: '100' },
          { denom: 'btc18', amount: '2000000000000' },
        ],
        spread_factor: '0.000000000000000000',
      }),
      { takerFees: TakerFees.none() },
    ) as TransmuterPool;
    expect(p.kind).toBe('transmuter');
    expect(p.alloyedDenom).toBe(ALL_BTC);
    expect(p.exactIn('btc18', 'wbtc', 10_000_000_000n)).toBe(1n);
    const v1 = Buffer.from(JSON.stringify({ pool_asset_denoms: ['usdc.axl', 'usdc'], admin: 'osmo1admin' })).toString(
      'base64',
    );
    const q = buildPool(
      recordFromSqs({
        type: 3,
        chain_model: { contract_address: 'osmo1x', pool_id: 1212, code_id: 148, instantiate_msg: v1 },
        balances: [
          { denom: 'usdc.axl', amount: '10' },
          { denom: 'usdc', amount: '20' },
        ],
      }),
      { takerFees: TakerFees.none() },
    );
    expect(q?.exactIn('usdc.axl', 'usdc', 5n)).toBe(5n);
  });

  it('skips other CosmWasm pools', () => {
    const ob = Buffer.from(JSON.stringify({ base_denom: 'a', quote_denom: 'b' })).toString('base64');
    expect(
      buildPool(
        recordFromSqs({
          type: 3,
          chain_model: { contract_address: 'osmo1y', pool_id: 1930, code_id: 885, instantiate_msg: ob },
          balances: [],
        }),
        { takerFees: TakerFees.none() },
      ),
    ).toBeUndefined();
  });

  describe('the shipped allBTC pool (1868) and the IBC Eureka WBTC voucher', () => {
    // Eureka WBTC reaches Osmosis as transfer/channel-0/transfer/08-wasm-1369/0x2260…; pool 1868 is the only pool
    // holding it. nBTC has 14 decimals (factor 10^14), every other asset and allBTC itself 8 (factor 10^8).
    const EUREKA_WBTC = 'ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB';
    const NBTC = 'ibc/75345531D87BD90BF108BE7240BD721CB2CB0A1F16D4EBA71B09EC3C43E15C8F';
    const WBTC_AXL = 'ibc/D1542AA8762DB13087D8364F3EA6509FD6F009A34F00426AF9E4F9FA85CBBF1F';
    const shipped = loadOfflineSnapshot(TakerFees.none()).pools.find((p) => p.id === '1868') as TransmuterPool;

    it('is parsed from its SQS alloy_transmuter model, the voucher and the alloyed denom included', () => {
      expect(shipped.kind).toBe('transmuter');
      expect(shipped.alloyedDenom).toBe(ALL_BTC);
      expect(shipped.denoms).toEqual(expect.arrayContaining([EUREKA_WBTC, NBTC, WBTC_AXL, ALL_BTC]));
      expect(shipped.reserve(EUREKA_WBTC)).toBe(15_435_803n);
    });

    it('mints and burns allBTC 1:1 against the voucher; the voucher only leaves up to the pool balance', () => {
      expect(shipped.exactIn(EUREKA_WBTC, ALL_BTC, 10n ** 9n)).toBe(10n ** 9n); // minted: not limited by a balance
      expect(shipped.exactIn(ALL_BTC, EUREKA_WBTC, 15_435_803n)).toBe(15_435_803n);
      expect(shipped.exactIn(ALL_BTC, EUREKA_WBTC, 15_435_804n)).toBeUndefined();
      expect(shipped.exactOut(EUREKA_WBTC, ALL_BTC, 123_456n)).toBe(123_456n);
    });

    it('scales by the normalization factors between the voucher and a 14-decimal constituent', () => {
      expect(shipped.exactIn(EUREKA_WBTC, NBTC, 1n)).toBe(10n ** 6n);
      expect(shipped.exactIn(NBTC, EUREKA_WBTC, 2n * 10n ** 6n - 1n)).toBe(1n); // rounded down
      expect(shipped.exactIn(NBTC, EUREKA_WBTC, 10n ** 6n - 1n)).toBeUndefined(); // less than one sat: no quote
      expect(shipped.exactOut(NBTC, EUREKA_WBTC, 2n)).toBe(2n * 10n ** 6n);
      expect(shipped.spotPrice(EUREKA_WBTC, WBTC_AXL)).toEqual({ num: 10n ** 8n, den: 10n ** 8n });
    });
  });
});
