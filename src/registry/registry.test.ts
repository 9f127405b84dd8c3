/**
 * The registry built from the real mainnet data (chain-registry package, viem, data/). Facts are checked by name, and
 * invariants over the whole registry (every voucher, every channel, every ERC-20) so a data update that breaks one
 * asset fails here.
 */
import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { ibcDenomOfPath, tracePath } from '../denom/trace.js';
import * as viemChains from 'viem/chains';
import type { Chain as ViemChain } from 'viem';
import { buildRegistry } from './build.js';
import { loadDataFiles } from './data-files.js';
import { viemChainOf } from './non-cosmos.js';
import { Registry } from './registry.js';
import type { RegistryAsset } from './types.js';
import { testRegistry } from '../test-helpers/registry.js';

const registry = buildRegistry();
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

const isViemMainnet = (c: unknown): c is ViemChain =>
  typeof c === 'object' && c !== null && typeof (c as ViemChain).id === 'number' && !(c as ViemChain).testnet;

function allAssets(): RegistryAsset[] {
  const out: RegistryAsset[] = [];
  for (const id of registry.chains.keys()) out.push(...registry.listedAssets(id));
  return out;
}
const assets = allAssets();
const vouchers = assets.filter((a) => a.wire.denom.startsWith('ibc/'));

describe('ATOM on Osmosis', () => {
  it('is listed with its trace, origin and metadata', () => {
    const atom = registry.listedAsset('osmosis-1', ATOM_ON_OSMOSIS);
    expect(atom?.wire).toMatchObject({
      denom: ATOM_ON_OSMOSIS,
      chain_id: 'osmosis-1',
      origin_denom: 'uatom',
      origin_chain_id: 'cosmoshub-4',
      trace: 'transfer/channel-0',
      is_cw20: false,
      is_evm: false,
      is_svm: false,
      symbol: 'ATOM',
      decimals: 6,
      coingecko_id: 'cosmos',
    });
    expect(atom?.hops).toEqual([{ port: 'transfer', channel: 'channel-0' }]);
    expect(atom?.baseDenom).toBe('uatom');
  });

  it('travels over the Hub channel-141 <-> Osmosis channel-0, seen from either end', () => {
    expect(registry.transferChannel('cosmoshub-4', 'osmosis-1')).toMatchObject({
      channel: 'channel-141',
      counterpartyChainId: 'osmosis-1',
      counterpartyChannel: 'channel-0',
      preferred: true,
    });
    expect(registry.transferChannel('osmosis-1', 'cosmoshub-4')).toMatchObject({
      channel: 'channel-0',
      counterpartyChannel: 'channel-141',
    });
    expect(registry.channelEnd('osmosis-1', 'transfer', 'channel-0')?.counterpartyChainId).toBe('cosmoshub-4');
    expect(registry.resolveOrigin('osmosis-1', [{ port: 'transfer', channel: 'channel-0' }], 'uatom')).toEqual({
      chainId: 'cosmoshub-4',
      denom: 'uatom',
    });
  });

  it('uatom is native on the Hub', () => {
    expect(registry.listedAsset('cosmoshub-4', 'uatom')?.wire).toMatchObject({
      origin_chain_id: 'cosmoshub-4',
      origin_denom: 'uatom',
      trace: '',
      decimals: 6,
    });
  });
});

describe('every voucher in the registry', () => {
  it('there are many (guards against an empty build)', () => {
    expect(registry.chains.size).toBeGreaterThan(150);
    expect(assets.length).toBeGreaterThan(1500);
    expect(vouchers.length).toBeGreaterThan(500);
  });

  it('recomputes its ibc/ denom from its trace', () => {
    const wrong = vouchers.filter((a) => a.hops.length === 0 || ibcDenomOfPath(tracePath(a)) !== a.wire.denom);
    expect(wrong.map((a) => `${a.wire.chain_id} ${a.wire.denom}`)).toEqual([]);
  });

  it('has a wire trace that is its parsed hops, and a native asset has none', () => {
    for (const a of assets) {
      expect(a.wire.trace).toBe(a.hops.map((h) => `${h.port}/${h.channel}`).join('/'));
      // IBC Eureka's ERC-20s of Cosmos assets (data/eureka-assets.json) carry their IBC v2 hop without an ibc/ hash.
      if (!a.wire.denom.startsWith('ibc/') && !(a.wire.is_evm && a.hops.every((h) => h.channel === 'cosmoshub-0')))
        expect(a.hops).toEqual([]);
    }
  });

  it('has an origin on a served chain whose denom is the base denom of its trace, never another voucher', () => {
    const bad = vouchers.filter((a) => {
      const o = a.wire;
      if (!registry.chain(o.origin_chain_id) || o.origin_chain_id === o.chain_id) return true;
      if (o.origin_denom.startsWith('ibc/')) return true;
      const sameBase = o.origin_denom === a.baseDenom || o.origin_denom.toLowerCase() === a.baseDenom.toLowerCase();
      return !sameBase;
    });
    expect(
      bad.map((a) => `${a.wire.chain_id} ${a.wire.denom} -> ${a.wire.origin_chain_id} ${a.wire.origin_denom}`),
    ).toEqual([]);
  });

  it('whose hops can be walked over known channels has exactly the walked origin', () => {
    let walked = 0;
    for (const a of vouchers) {
      const o = registry.resolveOrigin(a.wire.chain_id, a.hops, a.baseDenom);
      if (!o) continue;
      walked++;
      expect({ chain: a.wire.chain_id, denom: a.wire.denom, origin: o }).toEqual({
        chain: a.wire.chain_id,
        denom: a.wire.denom,
        origin: { chainId: a.wire.origin_chain_id, denom: a.wire.origin_denom },
      });
    }
    expect(walked).toBeGreaterThan(vouchers.length * 0.8);
  });

  it('shares its decimals with every other asset of the same origin', () => {
    const byOrigin = new Map<string, Set<number | null | undefined>>();
    for (const a of assets) {
      const k = `${a.wire.origin_chain_id} ${a.wire.origin_denom}`;
      (byOrigin.get(k) ?? byOrigin.set(k, new Set()).get(k)!).add(a.wire.decimals);
    }
    const mixed = [...byOrigin].filter(([, d]) => d.size > 1).map(([k, d]) => `${k}: ${[...d].join('/')}`);
    expect(mixed).toEqual([]);
  });

  it('is resolvable by its denom through registry.asset()', () => {
    for (const a of vouchers) expect(registry.asset(a.wire.chain_id, a.wire.denom)).toBe(a);
  });
});

describe('multi-hop traces', () => {
  it('OPHIR on the Hub (Migaloo tokenfactory via Osmosis) resolves to Migaloo', () => {
    const ophir = registry.listedAsset(
      'cosmoshub-4',
      'ibc/B26F762ED6D20D0D5305FE1870A476EBCB95127C10199F3CB16E69D893E9F775',
    );
    expect(ophir?.wire).toMatchObject({
      trace: 'transfer/channel-141/transfer/channel-642',
      origin_chain_id: 'migaloo-1',
      origin_denom: 'factory/migaloo1t862qdu9mj5hr3j727247acypym3ej47axu22rrapm4tqlcpuseqltxwq5/ophir',
      symbol: 'OPHIR',
    });
    // Hub channel-141 leads to Osmosis, whose channel-642 leads to Migaloo.
    expect(registry.channelEnd('cosmoshub-4', 'transfer', 'channel-141')?.counterpartyChainId).toBe('osmosis-1');
    expect(registry.channelEnd('osmosis-1', 'transfer', 'channel-642')?.counterpartyChainId).toBe('migaloo-1');
  });

  it('ATOM on Nolus via Osmosis (two hops) resolves to the Hub', () => {
    const atom = registry.listedAsset(
      'pirin-1',
      'ibc/6CDD4663F2F09CD62285E2D45891FC149A3568E316CE3EBBE201A71A78A69388',
    );
    expect(atom?.wire).toMatchObject({
      trace: 'transfer/channel-0/transfer/channel-0',
      origin_chain_id: 'cosmoshub-4',
      origin_denom: 'uatom',
      decimals: 6,
    });
  });

  it('WBTC over Eureka: on the Hub (one hop over client 08-wasm-1369) and on Osmosis (two hops) resolves to the checksummed ERC-20 on Ethereum', () => {
    const wbtc = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
    const onHub = registry.listedAsset(
      'cosmoshub-4',
      'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462',
    );
    expect(onHub?.wire).toMatchObject({
      trace: 'transfer/08-wasm-1369',
      origin_chain_id: '1',
      origin_denom: wbtc,
      decimals: 8,
    });
    const onOsmosis = registry.listedAsset(
      'osmosis-1',
      'ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB',
    );
    expect(onOsmosis?.wire).toMatchObject({
      trace: 'transfer/channel-0/transfer/08-wasm-1369',
      origin_chain_id: '1',
      origin_denom: wbtc,
    });
    expect(registry.listedAsset('1', wbtc)?.wire.decimals).toBe(8);
  });

  it('a voucher one hop beyond a listed one is derived on demand (ATOM from Osmosis to Neutron over channel-10)', () => {
    const denom = ibcDenomOfPath('transfer/channel-10/transfer/channel-0/uatom');
    expect(registry.listedAsset('neutron-1', denom)).toBeUndefined();
    const derived = registry.asset('neutron-1', denom);
    expect(derived?.wire).toMatchObject({
      denom,
      chain_id: 'neutron-1',
      trace: 'transfer/channel-10/transfer/channel-0',
      origin_chain_id: 'cosmoshub-4',
      origin_denom: 'uatom',
      symbol: 'ATOM',
      decimals: 6,
    });
    // An ibc/ hash nobody recorded is unknown, not invented.
    expect(registry.asset('neutron-1', ibcDenomOfPath('transfer/channel-999999/uatom'))).toBeUndefined();
  });

  it('one-hop vouchers are hashed after start-up: a lookup fills its chain on demand, the warm-up steps fill the rest, and both give the same table', () => {
    const fresh = buildRegistry();
    const pending = (r: Registry) => (r as unknown as { pendingOneHop: Map<string, unknown> }).pendingOneHop;
    // Nothing hashed while building (the start-up cost this defers is ~0.2 s).
    expect(pending(fresh).size).toBeGreaterThan(100);
    const denom = ibcDenomOfPath('transfer/channel-10/transfer/channel-0/uatom');
    expect(fresh.asset('neutron-1', denom)?.wire.origin_denom).toBe('uatom');
    expect(pending(fresh).has('neutron-1')).toBe(false);
    expect(pending(fresh).has('osmosis-1')).toBe(true);
    let steps = 0;
    while (fresh.fillOneHopStep()) steps++;
    expect(steps).toBeGreaterThan(pending(registry).size); // slices, not one chain per step
    expect(pending(fresh).size).toBe(0);
    expect(fresh.knownIbcPathCount).toBe(registry.knownIbcPathCount);
    expect(fresh.pathOfIbcDenom('neutron-1', denom)).toBe('transfer/channel-10/transfer/channel-0/uatom');
  });

  it('a one-hop voucher resolves on the chain it lands on, not on another chain with no such channel', () => {
    const denom = ibcDenomOfPath('transfer/channel-10/transfer/channel-0/uatom');
    expect(registry.pathOfIbcDenom('neutron-1', denom)).toBeDefined();
    expect(registry.pathOfIbcDenom('stargaze-1', denom)).toBeUndefined();
  });

  it('a voucher becomes known once its path is recorded, and resolves through its channels', () => {
    const trace = {
      hops: [
        { port: 'transfer', channel: 'channel-874' }, // Osmosis, received from Neutron
        { port: 'transfer', channel: 'channel-1' }, // Neutron, received from the Hub (its channel-569)
      ],
      baseDenom: 'uatom',
    };
    expect(registry.channelEnd('neutron-1', 'transfer', 'channel-1')).toMatchObject({
      counterpartyChainId: 'cosmoshub-4',
      counterpartyChannel: 'channel-569',
    });
    const path = 'transfer/channel-874/transfer/channel-1/uatom';
    const denom = ibcDenomOfPath(path);
    expect(registry.rememberPath(path)).toBe(denom);
    const a = registry.asset('osmosis-1', denom);
    expect(a?.hops).toEqual(trace.hops);
    expect(a?.wire).toMatchObject({
      origin_chain_id: 'cosmoshub-4',
      origin_denom: 'uatom',
      trace: 'transfer/channel-874/transfer/channel-1',
    });
    expect(registry.pathOfIbcDenom('osmosis-1', a!.wire.denom)).toBe('transfer/channel-874/transfer/channel-1/uatom');
  });
});

describe('origin resolution does not promote an intermediate chain to origin', () => {
  // Nolus lists these vouchers via Osmosis, but their origin chains (Evmos, Stargaze) are absent from the package;
  // they used to be listed with Osmosis as their origin (osmosis-1/aevmos, osmosis-1/ibc/987C...).
  it.each([
    ['pirin-1', 'ibc/A59A9C955F1AB8B76671B00C1A0482C64A6590352944BB5880E5122358F7E1CE', 'EVMOS via Osmosis'],
    ['pirin-1', 'ibc/11E3CF372E065ACB1A39C531A3C7E7E03F60B5D0653AD2139D31128ACD2772B5', 'STARS via Osmosis'],
    // The registry labels this voucher CRV but its trace (which its hash proves) carries the WBTC address.
    [
      'osmosis-1',
      'ibc/080CE38C1E49595F2199E88BE7281F93FAEEF3FE354EECED0640625E8311C9CF',
      'mislabelled CRV via Composable',
    ],
  ])('%s %s (%s) is left out', (chainId, denom) => {
    expect(registry.chain(chainId)).toBeDefined();
    expect(registry.listedAsset(chainId, denom)).toBeUndefined();
  });

  it('a CW20 voucher over a wasm port resolves through the registry pointer (MARBLE from Juno on Osmosis)', () => {
    const marble = registry.listedAsset(
      'osmosis-1',
      'ibc/F6B691D5F7126579DDC87357B09D653B47FDCE0A3383FF33C8D8B544FE29A8A6',
    );
    expect(marble?.wire).toMatchObject({
      trace: 'transfer/channel-169',
      origin_chain_id: 'juno-1',
      origin_denom: 'cw20:juno1g2g7ucurum66d42g8k5twk34yegdq8c82858gz0tq2fc75zy7khssgnhjl',
    });
    expect(
      registry.listedAsset('juno-1', 'cw20:juno1g2g7ucurum66d42g8k5twk34yegdq8c82858gz0tq2fc75zy7khssgnhjl')?.wire,
    ).toMatchObject({
      is_cw20: true,
      token_contract: 'juno1g2g7ucurum66d42g8k5twk34yegdq8c82858gz0tq2fc75zy7khssgnhjl',
    });
  });
});

describe('channels', () => {
  it('lists each channel end once (the package repeats chain pairs)', () => {
    for (const id of registry.chains.keys()) {
      const ids = registry.channelsFrom(id).map((e) => `${e.port}/${e.channel}`);
      expect(new Set(ids).size, id).toBe(ids.length);
    }
  });

  it('every end has its mirror on the counterparty', () => {
    for (const id of registry.chains.keys()) {
      for (const e of registry.channelsFrom(id)) {
        const back = registry.channelEnd(e.counterpartyChainId, e.counterpartyPort, e.counterpartyChannel);
        expect(back).toMatchObject({ counterpartyChainId: id, counterpartyChannel: e.channel });
      }
    }
  });

  it('prefers the channel the registry tags preferred over a lower-numbered one (Hub <-> Sentinel)', () => {
    const hubToSentinel = registry.channelsFrom('cosmoshub-4').filter((e) => e.counterpartyChainId === 'sentinelhub-2');
    expect(hubToSentinel.map((e) => [e.channel, e.preferred])).toEqual([
      ['channel-1549', true],
      ['channel-186', false],
    ]);
    expect(registry.transferChannel('cosmoshub-4', 'sentinelhub-2')?.channel).toBe('channel-1549');
    expect(registry.transferChannel('sentinelhub-2', 'cosmoshub-4')?.channel).toBe('channel-97');
  });

  it('without a preferred tag, picks the lowest-numbered channel whatever the input order', () => {
    const ends = registry
      .channelsFrom('cosmoshub-4')
      .filter((e) => e.counterpartyChainId === 'sentinelhub-2')
      .map((e) => ({ ...e, preferred: false }));
    for (const order of [ends, [...ends].reverse()]) {
      const r = new Registry(registry.chains, new Map(), order);
      expect(r.transferChannel('cosmoshub-4', 'sentinelhub-2')?.channel).toBe('channel-186');
    }
  });

  it('has no channel between chains that share none, and keeps IBC v2 clients out of the channel list', () => {
    expect(registry.transferChannel('1', 'osmosis-1')).toBeUndefined();
    expect(registry.transferChannel('cosmoshub-4', '1')).toBeUndefined();
    expect(registry.channelEnd('cosmoshub-4', 'transfer', '08-wasm-1369')).toMatchObject({
      counterpartyChainId: '1',
      ibcV2: true,
    });
    expect(registry.channelsFrom('cosmoshub-4').some((e) => e.ibcV2)).toBe(false);
  });
});

describe('EVM chains and Solana', () => {
  const evm: [string, string, string][] = [
    ['1', 'ethereum', 'ethereum-native'],
    ['42161', 'arbitrum', 'arbitrum-native'],
    ['8453', 'base', 'base-native'],
    ['10', 'optimism', 'optimism-native'],
    ['137', 'polygon', 'polygon-native'],
    ['43114', 'avalanche', 'avalanche-native'],
    ['56', 'binance', 'binance-native'],
    ['59144', 'linea', 'linea-native'],
    ['130', 'unichain', 'unichain-native'],
    ['146', 'sonic', 'sonic-native'],
    ['480', 'worldchain', 'worldchain-native'],
    ['1329', 'sei-evm', 'sei-evm-native'],
  ];

  it.each(evm)('chain %s (%s) is an EVM chain with its native gas token %s', (id, name, native) => {
    const c = registry.chain(id);
    expect(c?.wire).toMatchObject({
      chain_id: id,
      chain_name: name,
      chain_type: 'evm',
      bech32_prefix: '',
      is_testnet: false,
      pfm_enabled: false,
    });
    expect(c?.evmChainId).toBe(Number(id));
    // As in the captured /v2/info/chains response: EVM chains list no fee assets.
    expect(c?.wire.fee_assets).toEqual([]);
    expect(registry.listedAsset(id, native)?.wire).toMatchObject({
      is_evm: true,
      is_svm: false,
      decimals: 18,
      trace: '',
      token_contract: null,
    });
  });

  it("the EVM facts copied into data/non-cosmos-chains.json equal viem's chain definitions", () => {
    const viemById = new Map(
      Object.values(viemChains as Record<string, unknown>).flatMap((c) =>
        isViemMainnet(c) ? [[c.id, c] as const] : [],
      ),
    );
    const entries = loadDataFiles().nonCosmosChains.chains.filter((e) => e.chain_type === 'evm');
    expect(entries.map((e) => e.chain_id).sort()).toEqual(evm.map(([id]) => id).sort());
    for (const e of entries) {
      const v = viemById.get(Number(e.chain_id));
      expect(v, e.chain_id).toBeDefined();
      expect({
        id: e.chain_id,
        pretty: e.pretty_name,
        symbol: e.native_symbol,
        name: e.native_name,
        decimals: e.native_decimals,
      }).toEqual({
        id: String(v!.id),
        pretty: v!.name,
        symbol: v!.nativeCurrency.symbol,
        name: v!.nativeCurrency.name,
        decimals: v!.nativeCurrency.decimals,
      });
      expect(registry.chain(e.chain_id)?.wire.pretty_name).toBe(v!.name);
      // Endpoints from the canonical export (viem also exports variants such as Base's pre-confirmation RPC).
      const canonical = viemChainOf(e.chain_id)!;
      expect({ rpc: e.rpc_urls, explorer: e.explorer_tx_page }).toEqual({
        rpc: canonical.rpcUrls.default.http,
        explorer: `${canonical.blockExplorers!.default.url}/tx/\${txHash}`,
      });
      expect(viemChainOf(e.chain_id)?.id).toBe(v!.id);
    }
  });

  it('Solana is the SVM chain "solana" with SOL (9 decimals) and USDC by mint address', () => {
    expect(registry.chain('solana')?.wire).toMatchObject({
      chain_type: 'svm',
      chain_name: 'solana',
      pretty_name: 'Solana',
      bech32_prefix: '',
    });
    expect(registry.listedAsset('solana', 'solana-native')?.wire).toMatchObject({
      symbol: 'SOL',
      decimals: 9,
      is_svm: true,
      is_evm: false,
    });
    expect(registry.listedAsset('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')?.wire).toMatchObject({
      symbol: 'USDC',
      decimals: 6,
      is_svm: true,
      token_contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    });
  });

  it('USDT on BNB Smart Chain has 18 decimals (corrected in data/asset-corrections.json; the package says 6)', () => {
    expect(registry.listedAsset('56', '0x55d398326f99059fF775485246999027B3197955')?.wire).toMatchObject({
      symbol: 'USDT',
      decimals: 18,
    });
    // Every correction names an asset the registry lists, so a stale entry is noticed.
    for (const c of loadDataFiles().assetCorrections.assets)
      expect(registry.listedAsset(c.chain_id, c.denom), `${c.chain_id} ${c.denom}`).toBeDefined();
  });

  it('finds an ERC-20 by its address in any letter case, answering the listed (checksummed) entry', () => {
    const listed = registry.listedAsset('1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(listed?.wire.symbol).toBe('USDC');
    expect(registry.asset('1', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(listed);
    expect(registry.asset('1', '0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48')).toBeUndefined(); // not an address
    expect(registry.asset('1', '0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48')).toBe(listed);
    // Only on the chain that lists it, and only for addresses: a Cosmos denom stays case-sensitive.
    expect(registry.asset('10', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBeUndefined();
    expect(registry.asset('osmosis-1', 'UOSMO')).toBeUndefined();
  });

  it('Polygon lists POL as polygon-native and WPOL under its own address', () => {
    // The package files POL as an erc20 carrying WPOL's address and keeps only a deprecated evm-base MATIC.
    expect(registry.listedAsset('137', 'polygon-native')?.wire).toMatchObject({
      symbol: 'POL',
      decimals: 18,
      token_contract: null,
    });
    expect(registry.listedAsset('137', '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270')?.wire.symbol).toBe('WMATIC');
    expect([...registry.listedAssets('137')].filter((a) => a.wire.symbol === 'POL').map((a) => a.wire.denom)).toEqual([
      'polygon-native',
    ]);
  });

  it('every non-Cosmos chain lists its fee asset', () => {
    for (const c of registry.chains.values()) {
      if (c.wire.chain_type === 'cosmos') continue;
      for (const f of c.wire.fee_assets)
        expect(registry.listedAsset(c.wire.chain_id, f.denom), `${c.wire.chain_id} ${f.denom}`).toBeDefined();
    }
  });

  it('are the only non-Cosmos chains', () => {
    const nonCosmos = [...registry.chains.values()]
      .filter((c) => c.wire.chain_type !== 'cosmos')
      .map((c) => c.wire.chain_id);
    expect(nonCosmos.sort()).toEqual(
      ['1', '10', '130', '1329', '137', '146', '42161', '43114', '480', '56', '59144', '8453', 'solana'].sort(),
    );
  });

  it('every ERC-20 denom is EIP-55 checksummed and is its own token contract', () => {
    let n = 0;
    for (const [id] of evm) {
      for (const a of registry.listedAssets(id)) {
        if (a.wire.denom.endsWith('-native')) continue;
        n++;
        expect(a.wire.denom).toBe(getAddress(a.wire.denom));
        expect(a.wire.token_contract).toBe(a.wire.denom);
        expect(a.wire.is_evm).toBe(true);
      }
    }
    expect(n).toBeGreaterThan(50);
    expect(registry.listedAsset('1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')?.wire).toMatchObject({
      symbol: 'USDC',
      decimals: 6,
    });
    // A lower-case address finds the same, checksummed, entry (the next test).
    expect(registry.listedAsset('1', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')?.wire.denom).toBe(
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    );
    expect(registry.listedAsset('42161', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831')?.wire).toMatchObject({
      symbol: 'USDC',
      decimals: 6,
    });
  });

  it('the CCTP V2 chains list their native USDC (data/contracts.json cctp.usdc) with 6 decimals', () => {
    const usdc = loadDataFiles().contracts.cctp.usdc;
    for (const id of ['59144', '130', '146', '480', '1329']) {
      expect(registry.listedAsset(id, usdc[id]!)?.wire, id).toMatchObject({
        symbol: 'USDC',
        decimals: 6,
        is_evm: true,
      });
    }
    expect(registry.listedAsset('146', 'sonic-native')?.wire).toMatchObject({ symbol: 'S', decimals: 18 });
  });
});

describe('capabilities from data/ibc-capabilities.json', () => {
  it('Osmosis runs packet-forward and IBC hooks', () => {
    const c = registry.chain('osmosis-1')!;
    expect(c.capabilities).toMatchObject({ pfm: true, ibcHooks: true, memo: true });
    expect(c.wire.pfm_enabled).toBe(true);
    expect(c.wire.ibc_capabilities).toEqual({
      cosmos_pfm: true,
      cosmos_ibc_hooks: true,
      cosmos_memo: true,
      cosmos_autopilot: false,
    });
  });

  it('dYdX has no packet-forward middleware', () => {
    const c = registry.chain('dydx-mainnet-1')!;
    expect(c.capabilities.pfm).toBe(false);
    expect(c.wire.pfm_enabled).toBe(false);
    expect(c.wire.ibc_capabilities.cosmos_pfm).toBe(false);
  });

  it('Stride alone has autopilot; the Hub forwards but has no hooks', () => {
    expect(registry.chain('stride-1')!.wire.ibc_capabilities.cosmos_autopilot).toBe(true);
    expect(registry.chain('cosmoshub-4')!.capabilities).toMatchObject({ pfm: true, ibcHooks: false });
    const autopilot = [...registry.chains.values()].filter((c) => c.capabilities.autopilot).map((c) => c.wire.chain_id);
    expect(autopilot).toEqual(['stride-1']);
  });

  it('a chain the file does not list defaults to no forwarding, no hooks, memo on (BitSong)', () => {
    const c = registry.chain('bitsong-2b')!;
    expect(c.capabilities).toEqual({ pfm: false, ibcHooks: false, ibcCallbacks: false, memo: true, autopilot: false });
    expect(c.wire.pfm_enabled).toBe(false);
    expect(c.wire.supports_memo).toBe(true);
  });

  it('an undetermined (null) value counts as absent (Axelar ibc_hooks)', () => {
    expect(registry.chain('axelar-dojo-1')!.capabilities.ibcHooks).toBe(false);
  });
});

describe('Cosmos chain records', () => {
  it('Osmosis: name, prefix, fee asset gas prices as decimal strings (the package figures 0.03 / 0.1 / 0.16)', () => {
    const w = registry.chain('osmosis-1')!.wire;
    expect(w).toMatchObject({
      chain_name: 'osmosis',
      pretty_name: 'Osmosis',
      chain_type: 'cosmos',
      bech32_prefix: 'osmo',
      is_testnet: false,
    });
    expect(w.fee_assets.find((f) => f.denom === 'uosmo')?.gas_price).toEqual({
      low: '0.03',
      average: '0.1',
      high: '0.16',
    });
  });

  it('fee_assets are the fee denoms with gas prices, as the Skip API lists them', () => {
    // The package lists ~160 Osmosis fee tokens, all but uosmo without a gas price; the captured answer is ["uosmo"].
    expect(registry.chain('osmosis-1')!.wire.fee_assets.map((f) => f.denom)).toEqual(['uosmo']);
    expect(registry.chain('cosmoshub-4')!.wire.fee_assets.map((f) => f.denom)).toEqual(['uatom']);
    expect(registry.chain('neutron-1')!.wire.fee_assets.every((f) => f.gas_price !== null)).toBe(true);
    expect(registry.chain('solana')!.wire.fee_assets).toEqual([]);
  });

  it('gas prices never use exponent notation', () => {
    for (const c of registry.chains.values()) {
      for (const f of c.wire.fee_assets) {
        if (!f.gas_price) continue;
        for (const v of Object.values(f.gas_price)) expect(v, `${c.wire.chain_id} ${f.denom}`).toMatch(/^\d+(\.\d+)?$/);
      }
    }
  });

  it('every listed asset carries the chain id it is listed under', () => {
    for (const id of registry.chains.keys())
      for (const a of registry.listedAssets(id)) expect(a.wire.chain_id).toBe(id);
  });
});

describe('chain endpoints and explorers (for the transaction tracker)', () => {
  it('keeps the first public RPC and REST endpoints of a Cosmos chain and its Mintscan transaction page', () => {
    const osmosis = registry.chain('osmosis-1')!;
    expect(osmosis.endpoints.rpc[0]).toBe('https://rpc.osmosis.zone/');
    expect(osmosis.endpoints.rest[0]).toBe('https://lcd.osmosis.zone/');
    expect(osmosis.endpoints.rpc.length).toBeLessThanOrEqual(3);
    // The link form of Skip's captured status answers for Osmosis.
    expect(osmosis.explorerTxPage).toBe('https://www.mintscan.io/osmosis/transactions/${txHash}');
    expect(registry.chain('noble-1')!.explorerTxPage).toBe('https://www.mintscan.io/noble/txs/${txHash}');
  });

  it('EVM chains and Solana have a JSON-RPC endpoint and an explorer', () => {
    expect(registry.chain('1')!.endpoints).toEqual({ rpc: ['https://eth.merkle.io'], rest: [] });
    expect(registry.chain('1')!.explorerTxPage).toBe('https://etherscan.io/tx/${txHash}');
    expect(registry.chain('solana')!.endpoints.rpc).toEqual(['https://api.mainnet-beta.solana.com']);
  });
});

describe('EVM and Solana tokens from the Uniswap default token list', () => {
  const registry = testRegistry();
  it.each([
    ['1', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', 6],
    ['1', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC', 8],
    ['42161', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 'USDT', 6],
    ['8453', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 'DAI', 18],
    ['56', '0x55d398326f99059fF775485246999027B3197955', 'USDT', 18],
    ['solana', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', 6],
    ['solana', 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'JUP', 6],
  ])('%s lists %s (%s, %i decimals) as its own origin', (chainId, denom, symbol, decimals) => {
    const a = registry.listedAsset(chainId, denom);
    expect(a?.wire).toMatchObject({
      symbol,
      decimals,
      origin_chain_id: chainId,
      origin_denom: denom,
      token_contract: denom,
      is_evm: chainId !== 'solana',
      is_svm: chainId === 'solana',
    });
  });

  it('each EVM chain Skip routes to, and Solana, has its native token and dozens of main tokens', () => {
    for (const [chainId, native] of [
      ['1', 'ethereum-native'],
      ['42161', 'arbitrum-native'],
      ['8453', 'base-native'],
      ['10', 'optimism-native'],
      ['137', 'polygon-native'],
      ['43114', 'avalanche-native'],
      ['56', 'binance-native'],
      ['solana', 'solana-native'],
    ]) {
      expect(registry.listedAsset(chainId!, native!), native).toBeDefined();
      expect([...registry.listedAssets(chainId!)].length, chainId).toBeGreaterThan(40);
    }
  });

  it('chain-registry keeps its own entry where both list a token (USDC on Ethereum keeps its coingecko id)', () => {
    expect(registry.listedAsset('1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')?.wire.coingecko_id).toBe('usd-coin');
  });
});
