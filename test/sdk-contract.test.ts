/**
 * Contract test: the official @skip-go/client SDK (1.6.1), pointed at a real Junction server on a loopback port,
 * gets real facts back through its own request encoding (snake_case, repeated query keys, GET for
 * assets_between_chains) and response handling (camelCase conversion, unwrapping, error objects).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  assets,
  assetsBetweenChains,
  assetsFromSource,
  bridges,
  chains,
  ibcOriginAssets,
  recommendAssets,
  setApiOptions,
  venues,
} from '@skip-go/client';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { buildApp } from '../src/http/app.js';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const AXLUSDC_ON_KUJIRA = 'ibc/295548A78785A1007F232DE286149A6FF512F180AF5657780FC89C009E2C348F';
const AXLUSDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  acceptEncoding: string | undefined;
  body: unknown;
}

let app: FastifyInstance;
const seen: Seen[] = [];
let lastEncoding = 'identity';
const lastRequest = () => seen[seen.length - 1]!;

beforeAll(async () => {
  app = await buildApp(buildContext(loadConfig([], {})));
  // Record what the SDK actually puts on the wire.
  app.addHook('preHandler', async (req) => {
    seen.push({
      method: req.method,
      url: req.url,
      contentType: req.headers['content-type'],
      acceptEncoding: req.headers['accept-encoding'],
      body: req.body,
    });
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    lastEncoding = String(reply.getHeader('content-encoding') ?? 'identity');
    return payload;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  setApiOptions({ apiUrl: `http://127.0.0.1:${port}` });
});
afterAll(() => app.close());

describe('@skip-go/client against Junction', () => {
  it('chains(): camelCase chain records for Cosmos, EVM and SVM chains', async () => {
    const list = await chains({ includeEvm: true, includeSvm: true });
    expect(lastRequest()).toMatchObject({ method: 'GET', contentType: 'application/json' });
    expect(lastRequest().url).toBe('/v2/info/chains?include_evm=true&include_svm=true');
    const osmosis = list?.find((c) => c.chainId === 'osmosis-1');
    expect(osmosis).toMatchObject({
      chainName: 'osmosis',
      prettyName: 'Osmosis',
      chainType: 'cosmos',
      bech32Prefix: 'osmo',
      pfmEnabled: true,
      supportsMemo: true,
      isTestnet: false,
      ibcCapabilities: { cosmosPfm: true, cosmosIbcHooks: true, cosmosMemo: true, cosmosAutopilot: false },
      cosmosModuleSupport: { authz: true, feegrant: true },
    });
    expect(osmosis?.feeAssets?.[0]).toEqual({
      denom: 'uosmo',
      gasPrice: { low: '0.03', average: '0.1', high: '0.16' },
    });
    expect(list?.find((c) => c.chainId === '1')).toMatchObject({
      chainName: 'ethereum',
      chainType: 'evm',
      bech32Prefix: '',
    });
    expect(list?.find((c) => c.chainId === 'solana')).toMatchObject({ chainType: 'svm' });
    expect(list?.find((c) => c.chainId === 'dydx-mainnet-1')?.pfmEnabled).toBe(false);
  });

  it('chains(): chainIds travel as repeated keys; the testnet query the SDK also makes is empty', async () => {
    const two = await chains({ chainIds: ['osmosis-1', 'cosmoshub-4'] });
    expect(lastRequest().url).toBe('/v2/info/chains?chain_ids=osmosis-1&chain_ids=cosmoshub-4');
    expect(two?.map((c) => c.chainId)).toEqual(['osmosis-1', 'cosmoshub-4']);
    expect(await chains({ includeEvm: true, includeSvm: true, onlyTestnets: true })).toEqual([]);
  });

  it('assets(): the chain_to_assets_map flattened to chain id -> Asset[]', async () => {
    const map = await assets({ chainIds: ['osmosis-1', 'cosmoshub-4'] });
    expect(Object.keys(map ?? {}).sort()).toEqual(['cosmoshub-4', 'osmosis-1']);
    expect(map?.['osmosis-1']?.find((a) => a.denom === ATOM_ON_OSMOSIS)).toMatchObject({
      chainId: 'osmosis-1',
      originDenom: 'uatom',
      originChainId: 'cosmoshub-4',
      trace: 'transfer/channel-0',
      isCw20: false,
      isEvm: false,
      isSvm: false,
      symbol: 'ATOM',
      decimals: 6,
      coingeckoId: 'cosmos',
      recommendedSymbol: 'ATOM',
    });
    const evm = await assets({ chainIds: ['1'], includeEvmAssets: true });
    expect(lastRequest().url).toBe('/v2/fungible/assets?chain_ids=1&include_evm_assets=true');
    expect(evm?.['1']?.find((a) => a.denom === USDC_ETHEREUM)).toMatchObject({
      isEvm: true,
      tokenContract: USDC_ETHEREUM,
      decimals: 6,
      symbol: 'USDC',
    });
  });

  it('assets() for every chain: the gzipped pre-rendered listing is inflated by fetch transparently', async () => {
    const map = await assets({ includeEvmAssets: true, includeSvmAssets: true });
    expect(Object.keys(map ?? {})).toEqual(expect.arrayContaining(['osmosis-1', 'cosmoshub-4', '1', 'solana']));
    expect(map?.['solana']?.find((a) => a.denom === 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toMatchObject({
      isSvm: true,
      symbol: 'USDC',
      decimals: 6,
    });
    expect(lastRequest().acceptEncoding).toMatch(/gzip/);
    expect(lastEncoding).toBe('gzip');
  });

  it('venues() and bridges(): the unwrapped arrays', async () => {
    const v = await venues();
    expect(v).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: expect.any(String) }),
      ]),
    );
    const b = await bridges();
    expect(b).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'IBC', name: 'IBC', logoUri: expect.any(String) })]),
    );
  });

  it('assetsBetweenChains(): sent as GET with a query string; the whole body comes back camelCased', async () => {
    const res = await assetsBetweenChains({ sourceChainId: 'cosmoshub-4', destChainId: 'osmosis-1' });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      url: '/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1',
    });
    const atom = res?.assetsBetweenChains?.find((p) => p.assetOnSource?.denom === 'uatom');
    expect(atom).toMatchObject({
      assetOnSource: { chainId: 'cosmoshub-4', originDenom: 'uatom' },
      assetOnDest: { denom: ATOM_ON_OSMOSIS, chainId: 'osmosis-1', trace: 'transfer/channel-0' },
      txsRequired: 1,
      bridges: ['IBC'],
    });
    const multi = await assetsBetweenChains({ sourceChainId: 'kaiyo-1', destChainId: 'osmosis-1', allowMultiTx: true });
    expect(multi?.assetsBetweenChains?.find((p) => p.assetOnSource?.denom === AXLUSDC_ON_KUJIRA)).toMatchObject({
      assetOnDest: { denom: AXLUSDC_ON_OSMOSIS },
      txsRequired: 2,
    });
  });

  it('assetsFromSource(): a snake_case JSON body; dest_assets flattened', async () => {
    const map = await assetsFromSource({
      sourceAssetDenom: 'uatom',
      sourceAssetChainId: 'cosmoshub-4',
      allowMultiTx: false,
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', allow_multi_tx: false },
    });
    expect(map?.['osmosis-1']?.map((a) => a.denom)).toEqual([ATOM_ON_OSMOSIS]);
    expect(
      Object.values(map ?? {})
        .flat()
        .every((a) => a.originChainId === 'cosmoshub-4' && a.originDenom === 'uatom'),
    ).toBe(true);
  });

  it('ibcOriginAssets(): origin_assets in request order', async () => {
    const out = await ibcOriginAssets({
      assets: [
        { denom: ATOM_ON_OSMOSIS, chainId: 'osmosis-1' },
        { denom: `ibc/${'F'.repeat(64)}`, chainId: 'osmosis-1' },
      ],
    });
    expect(lastRequest().body).toEqual({
      assets: [
        { denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' },
        { denom: `ibc/${'F'.repeat(64)}`, chain_id: 'osmosis-1' },
      ],
    });
    expect(out).toEqual([
      { asset: expect.objectContaining({ denom: 'uatom', chainId: 'cosmoshub-4', symbol: 'ATOM' }), assetFound: true },
      { asset: expect.objectContaining({ denom: `ibc/${'F'.repeat(64)}`, chainId: 'osmosis-1' }), assetFound: false },
    ]);
  });

  it('recommendAssets(): recommendation_entries unwrapped', async () => {
    const entries = await recommendAssets({
      requests: [{ sourceAssetDenom: 'uatom', sourceAssetChainId: 'cosmoshub-4', destChainId: 'osmosis-1' }],
    });
    expect(entries).toEqual([
      {
        recommendations: [
          { asset: expect.objectContaining({ denom: ATOM_ON_OSMOSIS, chainId: 'osmosis-1' }), reason: 'DIRECT' },
        ],
        error: null,
      },
    ]);
  });

  it('errors reach the caller as an Error with the message, code and details of the body', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(
        assetsFromSource({ sourceAssetDenom: 'uatomz', sourceAssetChainId: 'cosmoshub-4' }),
      ).rejects.toMatchObject({
        message: expect.stringContaining('source_asset_denom'),
        code: 3,
        details: [],
      });
      await expect(
        assetsBetweenChains({ sourceChainId: 'cosmoshub-4', destChainId: 'osmosis-2' }),
      ).rejects.toMatchObject({
        message: expect.stringContaining('dest chain not found'),
        code: 5,
      });
      await expect(chains({ chainIds: ['not-a-chain'] })).rejects.toMatchObject({
        code: 3,
        message: expect.stringContaining('chain_ids'),
      });
    } finally {
      quiet.mockRestore();
    }
  });
});
