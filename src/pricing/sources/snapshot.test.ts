import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../registry/build.js';
import { readDataFile } from '../../registry/data-files.js';
import { Decimal } from '../decimal.js';
import { fakeAssets } from '../test-helpers/fake-assets.js';
import { usdValue, formatUsd } from '../usd.js';
import { DEFAULT_SNAPSHOT_FILE, SnapshotPriceSource, type PriceSnapshotFile } from './snapshot.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');

const file: PriceSnapshotFile = {
  _source: 'test',
  as_of: '2024-07-28T00:00:00Z',
  chain_id: 'osmosis-1',
  denoms: {
    uosmo: { decimals: 6, price: '0.5', liquidity_usd: '1000000' },
    'ibc/ATOM': { decimals: 6, price: '6.3', liquidity_usd: '2000000' },
    'ibc/THIN': { decimals: 6, price: '42', liquidity_usd: '525' },
    'ibc/ZERO': { decimals: 6, price: '0', liquidity_usd: '100000' },
    'ibc/WEIRD': { decimals: 6, price: 'n/a', liquidity_usd: '100000' },
    'ibc/WETH': { decimals: 18, price: '3000', liquidity_usd: '100000' },
  },
  coingecko: { tether: { price: '1.0001', liquidity_usd: '700000' }, dust: { price: '3', liquidity_usd: '10' } },
};

const lookup = fakeAssets([
  { chainId: 'osmosis-1', denom: 'uosmo', decimals: 6, coingecko_id: 'osmosis' },
  { chainId: 'osmosis-1', denom: 'ibc/ATOM', decimals: 6, origin_chain_id: 'cosmoshub-4', origin_denom: 'uatom' },
  { chainId: 'cosmoshub-4', denom: 'uatom', decimals: 6 },
  {
    chainId: 'neutron-1',
    denom: 'ibc/ATOM-ON-NTRN',
    decimals: 6,
    origin_chain_id: 'cosmoshub-4',
    origin_denom: 'uatom',
  },
  { chainId: 'kava_2222-10', denom: 'erc20/usdt', decimals: 6, coingecko_id: 'tether' },
  { chainId: 'x', denom: 'dusty', decimals: 6, coingecko_id: 'dust' },
  { chainId: 'x', denom: 'thin', decimals: 6, origin_chain_id: 'osmosis-1', origin_denom: 'ibc/THIN' },
  // The same token as ibc/WETH but listed with 6 decimals on another chain (an odd bridge representation).
  { chainId: 'y', denom: 'weth6', decimals: 6, origin_chain_id: 'osmosis-1', origin_denom: 'ibc/WETH' },
]);

describe('SnapshotPriceSource', () => {
  const src = new SnapshotPriceSource(file, lookup, 'snapshot:test');

  it('answers by exact asset, with its date and name', () => {
    const q = src.usdPrice('osmosis-1', 'uosmo');
    expect(q?.price.toString()).toBe('0.5');
    expect(q?.asOf.toISOString()).toBe('2024-07-28T00:00:00.000Z');
    expect(q?.source).toBe('snapshot:test');
  });

  it('prices the origin asset and other vouchers of it', () => {
    expect(src.usdPrice('cosmoshub-4', 'uatom')?.price.toString()).toBe('6.3');
    expect(src.usdPrice('neutron-1', 'ibc/ATOM-ON-NTRN')?.price.toString()).toBe('6.3');
  });

  it('falls back to the CoinGecko id', () => {
    expect(src.usdPrice('kava_2222-10', 'erc20/usdt')?.price.toString()).toBe('1.0001');
  });

  it('ignores thin markets, zero and unreadable prices', () => {
    expect(src.usdPrice('osmosis-1', 'ibc/THIN')).toBeUndefined();
    expect(src.usdPrice('x', 'thin')).toBeUndefined();
    expect(src.usdPrice('x', 'dusty')).toBeUndefined();
    expect(src.usdPrice('osmosis-1', 'ibc/ZERO')).toBeUndefined();
    expect(src.usdPrice('osmosis-1', 'ibc/WEIRD')).toBeUndefined();
    expect(src.usdPrice('nowhere', 'nothing')).toBeUndefined();
  });

  it('accepts thin markets when the operator lowers the floor', () => {
    const loose = new SnapshotPriceSource(file, lookup, 'snapshot:test', { minLiquidityUsd: Decimal.ZERO });
    expect(loose.usdPrice('osmosis-1', 'ibc/THIN')?.price.toString()).toBe('42');
  });

  it('re-expresses a per-display-unit price for an asset with other decimals', () => {
    // 1 whole weth6 = 10^6 base units = 10^-12 of an 18-decimal WETH… per base unit the value must agree.
    const q = src.usdPrice('y', 'weth6')!;
    expect(usdValue(1_000000n, 6, q.price).eq(usdValue(1_000000n, 18, Decimal.fromInt(3000)))).toBe(true);
  });

  it('prices an id through its alias only when the snapshot has no figure for the id itself', () => {
    const aliased = fakeAssets([
      { chainId: 'z', denom: 'wrapped-tether', decimals: 6, coingecko_id: 'wrapped-tether' },
      { chainId: 'z', denom: 'osmo-id', decimals: 6, coingecko_id: 'tether' },
    ]);
    const aliases = new Map([
      ['wrapped-tether', 'tether'],
      ['tether', 'dust'],
    ]);
    const withAliases = new SnapshotPriceSource(file, aliased, 'snapshot:test', { aliases });
    expect(withAliases.usdPrice('z', 'wrapped-tether')?.price.toString()).toBe('1.0001');
    // The id's own figure wins over its alias.
    expect(withAliases.usdPrice('z', 'osmo-id')?.price.toString()).toBe('1.0001');
    expect(new SnapshotPriceSource(file, aliased, 'snapshot:test').usdPrice('z', 'wrapped-tether')).toBeUndefined();
  });

  it('refuses a file without a date', () => {
    expect(() => new SnapshotPriceSource({ ...file, as_of: 'soon' }, lookup, 'bad')).toThrow(/as_of/);
  });
});

describe('the shipped snapshot with the real registry', () => {
  const registry = buildRegistry();
  const src = SnapshotPriceSource.shipped(registry);

  it('carries its source and date', () => {
    expect(src.name).toBe('snapshot:osmosis-sqs-2024-07');
    expect(src.asOf.toISOString()).toBe('2024-07-28T00:00:00.000Z');
    expect(src.size).toBeGreaterThan(150);
  });

  it('prices assets on their own chain, as vouchers and by CoinGecko id', () => {
    expect(src.usdPrice('osmosis-1', 'uosmo', NOW)?.price.toString()).toBe('0.48325395747850383');
    expect(src.usdPrice('cosmoshub-4', 'uatom', NOW)?.price.toString()).toBe('6.306007121756680259');
    expect(src.usdPrice('noble-1', 'uusdc', NOW)?.price.toString()).toBe('1');
    const eth = src.usdPrice('1', 'ethereum-native', NOW)!;
    expect(formatUsd(usdValue(10n ** 18n, 18, eth.price))).toBe('3246.95');
  });

  it('prices ETH and WETH on every chain as ether, and TIA.n as TIA (ids and aliases of data/)', () => {
    const eth = src.usdPrice('1', 'ethereum-native', NOW)!.price.toString();
    const ethLike = [...registry.chains.keys()].flatMap((c) =>
      [...registry.listedAssets(c)].filter((a) => a.wire.coingecko_id === 'ethereum' || a.wire.coingecko_id === 'weth'),
    );
    const chains = new Set(ethLike.map((a) => a.wire.chain_id));
    for (const c of ['1', '10', '42161', '8453', '137', '43114', '56']) expect(chains, c).toContain(c);
    for (const a of ethLike)
      expect(
        src.usdPrice(a.wire.chain_id, a.wire.denom, NOW)?.price.toString(),
        `${a.wire.chain_id} ${a.wire.denom}`,
      ).toBe(eth);
    expect(registry.listedAsset('42161', 'arbitrum-native')?.wire.coingecko_id).toBe('ethereum');
    expect(registry.listedAsset('8453', '0x4200000000000000000000000000000000000006')?.wire.coingecko_id).toBe('weth');
    const tiaN = src.usdPrice('42161', '0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C', NOW);
    expect(tiaN?.price.toString()).toBe(src.usdPrice('celestia', 'utia', NOW)?.price.toString());
    // ETH held on Osmosis and the Hub as an IBC Eureka voucher of Ethereum's WETH.
    expect(
      src
        .usdPrice('cosmoshub-4', 'ibc/C0B53D3D23827AE38058BED0BDCD554229278AF530A8D265FCF6DFF7C4B2ADFF', NOW)
        ?.price.toString(),
    ).toBe(eth);
  });
});

describe('the shipped snapshot file', () => {
  const data = readDataFile<PriceSnapshotFile>(DEFAULT_SNAPSHOT_FILE);

  it('says where its figures come from and when', () => {
    expect(data._source).toMatch(/osmosis-labs\/sqs/);
    expect(data._source).toMatch(/a28f6b111ccab199a336b6b2d9227ad0fb1f96af/);
    expect(Number.isNaN(Date.parse(data.as_of))).toBe(false);
  });

  it('holds only positive exact decimal prices, and every CoinGecko entry points at a listed denom', () => {
    for (const e of Object.values(data.denoms)) {
      expect(Decimal.parse(e.price).sign()).toBe(1);
      expect(Number.isInteger(e.decimals)).toBe(true);
    }
    for (const e of Object.values(data.coingecko)) {
      expect(data.denoms[e.denom!]?.price).toBe(e.price);
    }
  });
});
