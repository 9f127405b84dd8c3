/**
 * Every Cosmos chain Junction serves has a fee asset with gas prices (the official SDK's gas check reads
 * fee_assets[].gas_price and fails on a chain without one), or is named in data/cosmos-fee-assets.json with the
 * reason. The count of unpriced chains is pinned by that list: a new unpriced chain, or an exception that has become
 * priced, fails here.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry } from './build.js';
import { loadDataFiles, readDataFile } from './data-files.js';
import { derivedGasPrice, type CosmosFeeAssetsFile } from './fee-assets.js';

const file = readDataFile<CosmosFeeAssetsFile>('cosmos-fee-assets.json');
const registry = buildRegistry();
const cosmosChains = [...registry.chains.values()].filter((c) => c.wire.chain_type === 'cosmos');
const priced = (chainId: string) => registry.chain(chainId)!.wire.fee_assets.some((f) => f.gas_price !== null);

describe('gas price derivation from a partial registry entry', () => {
  it('takes the fixed minimum as every missing level', () => {
    expect(derivedGasPrice({ denom: 'umun', fixedMinGasPrice: 0.025 })).toEqual({
      low: '0.025',
      average: '0.025',
      high: '0.025',
    });
  });
  it('keeps given levels and fills the rest upwards', () => {
    expect(derivedGasPrice({ denom: 'x', fixedMinGasPrice: 0.01, averageGasPrice: 0.02 })).toEqual({
      low: '0.01',
      average: '0.02',
      high: '0.02',
    });
    expect(derivedGasPrice({ denom: 'kud', averageGasPrice: 5e-10 })).toEqual({
      low: '0.0000000005',
      average: '0.0000000005',
      high: '0.0000000005',
    });
    expect(derivedGasPrice({ denom: 'u', lowGasPrice: 1, averageGasPrice: 2, highGasPrice: 3 })).toEqual({
      low: '1',
      average: '2',
      high: '3',
    });
  });
  it('prices a zero floor at zero (chains that accept fee-less transactions)', () => {
    expect(derivedGasPrice({ denom: 'ugrain', fixedMinGasPrice: 0 })).toEqual({ low: '0', average: '0', high: '0' });
  });
  it('leaves an entry with no figure unpriced', () => {
    expect(derivedGasPrice({ denom: 'basecro' })).toBeNull();
  });
});

describe('fee assets of every served Cosmos chain', () => {
  it('prices every chain except the named exceptions', () => {
    const unpriced = cosmosChains.filter((c) => !priced(c.wire.chain_id)).map((c) => c.wire.chain_id);
    expect(unpriced.sort()).toEqual(Object.keys(file.exceptions).sort());
  });

  it('names each exception with a reason, and only chains Junction serves', () => {
    for (const [chainId, reason] of Object.entries(file.exceptions)) {
      expect(registry.chain(chainId), chainId).toBeDefined();
      expect(reason.length, chainId).toBeGreaterThan(20);
    }
  });

  it('uses each recorded figure, with its source, on a chain the registry leaves unpriced', () => {
    const withoutRecorded = buildRegistry({ ...loadDataFiles(), cosmosFeeAssets: { recorded: {}, exceptions: {} } });
    for (const [chainId, r] of Object.entries(file.recorded)) {
      expect(r.source, chainId).toMatch(/\w+\/\w+/);
      // Recorded only where the registry prices nothing: a registry price makes the record stale.
      const fromRegistry = withoutRecorded.chain(chainId)!.wire.fee_assets;
      expect(
        fromRegistry.some((f) => f.gas_price !== null),
        chainId,
      ).toBe(false);
      expect(registry.chain(chainId)!.wire.fee_assets, chainId).toEqual([
        { denom: r.denom, gas_price: { low: r.low, average: r.average, high: r.high } },
      ]);
    }
  });

  it('derives the levels of the registry entries that give only a fixed minimum or an average', () => {
    // From the registry: Mun gives fixed_min_gas_price 0.025, Kudora only average 5e-10.
    expect(registry.chain('mun-1')!.wire.fee_assets).toEqual([
      { denom: 'umun', gas_price: { low: '0.025', average: '0.025', high: '0.025' } },
    ]);
    expect(registry.chain('kudora_12000-1')!.wire.fee_assets[0]!.gas_price).not.toBeNull();
  });
});
