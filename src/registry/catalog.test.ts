import { describe, expect, it } from 'vitest';
import { buildRegistry } from './build.js';
import { AssetCatalog, assetPasses, chainsOf, selectChains, type AssetFilter } from './catalog.js';

const registry = buildRegistry();
const catalog = new AssetCatalog(registry);
const DEFAULT: AssetFilter = { nativeOnly: false, includeNoMetadata: false, includeCw20: false };
const ids = (chains: ReturnType<typeof selectChains>) => chains.map((c) => c.wire.chain_id);

describe('selectChains', () => {
  it('is every mainnet Cosmos chain by default, with EVM and SVM chains on request', () => {
    const cosmos = ids(selectChains(registry, { includeEvm: false, includeSvm: false, onlyTestnets: false }));
    expect(cosmos).toContain('osmosis-1');
    expect(cosmos).not.toContain('1');
    expect(cosmos).not.toContain('solana');
    const withEvm = ids(selectChains(registry, { includeEvm: true, includeSvm: false, onlyTestnets: false }));
    expect(withEvm.filter((id) => !cosmos.includes(id)).sort()).toEqual([
      '1',
      '10',
      '130',
      '1329',
      '137',
      '146',
      '42161',
      '43114',
      '480',
      '56',
      '59144',
      '8453',
    ]);
    const all = ids(selectChains(registry, { includeEvm: true, includeSvm: true, onlyTestnets: false }));
    expect(all.length).toBe(registry.chains.size);
  });

  it('returns exactly the chains asked for, once, whatever their type', () => {
    const chains = selectChains(registry, {
      chainIds: ['solana', 'osmosis-1', '1', 'osmosis-1'],
      includeEvm: false,
      includeSvm: false,
      onlyTestnets: false,
    });
    expect(ids(chains)).toEqual(['solana', 'osmosis-1', '1']);
  });

  it('has no testnets (Junction serves mainnet)', () => {
    expect(selectChains(registry, { includeEvm: true, includeSvm: true, onlyTestnets: true })).toEqual([]);
    expect(
      selectChains(registry, { chainIds: ['osmosis-1'], includeEvm: false, includeSvm: false, onlyTestnets: true }),
    ).toEqual([]);
  });

  it('chainsOf gives the wire records', () => {
    expect(
      chainsOf(
        selectChains(registry, {
          chainIds: ['cosmoshub-4'],
          includeEvm: false,
          includeSvm: false,
          onlyTestnets: false,
        }),
      )[0],
    ).toBe(registry.chain('cosmoshub-4')!.wire);
  });
});

describe('asset filters', () => {
  const osmosis = [...registry.listedAssets('osmosis-1')];

  it('native_only keeps assets without hops', () => {
    const native = osmosis.filter((a) => assetPasses(a, { ...DEFAULT, nativeOnly: true }));
    expect(native.map((a) => a.wire.denom)).toContain('uosmo');
    expect(native.every((a) => a.wire.trace === '')).toBe(true);
    expect(native.length).toBeLessThan(osmosis.length);
  });

  it('CW20 tokens only when asked (Juno)', () => {
    const juno = [...registry.listedAssets('juno-1')];
    expect(juno.some((a) => a.wire.is_cw20)).toBe(true);
    expect(juno.filter((a) => assetPasses(a, DEFAULT)).some((a) => a.wire.is_cw20)).toBe(false);
    expect(juno.filter((a) => assetPasses(a, { ...DEFAULT, includeCw20: true })).some((a) => a.wire.is_cw20)).toBe(
      true,
    );
  });
});

describe('AssetCatalog', () => {
  it('renders the same JSON as serialising the filtered assets', () => {
    const chains = selectChains(registry, {
      chainIds: ['osmosis-1', 'juno-1', '1'],
      includeEvm: false,
      includeSvm: false,
      onlyTestnets: false,
    });
    for (const f of [DEFAULT, { nativeOnly: true, includeNoMetadata: true, includeCw20: true }]) {
      const parsed = JSON.parse(catalog.chainToAssetsJson(chains, f)) as {
        chain_to_assets_map: Record<string, { assets: unknown[] }>;
      };
      expect(Object.keys(parsed.chain_to_assets_map).sort()).toEqual(['1', 'juno-1', 'osmosis-1']);
      for (const c of chains)
        expect(parsed.chain_to_assets_map[c.wire.chain_id]!.assets).toEqual(catalog.assets(c.wire.chain_id, f));
    }
  });

  it('keeps filter combinations apart in its cache', () => {
    const plain = catalog.fragment('juno-1', DEFAULT);
    const cw20 = catalog.fragment('juno-1', { ...DEFAULT, includeCw20: true });
    expect(cw20).not.toBe(plain);
    expect(cw20.length).toBeGreaterThan(plain.length);
    expect(catalog.fragment('juno-1', DEFAULT)).toBe(plain);
  });

  it('gives an empty map for no chains', () => {
    expect(JSON.parse(catalog.chainToAssetsJson([], DEFAULT))).toEqual({ chain_to_assets_map: {} });
  });
});
