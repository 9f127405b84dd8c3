/**
 * The chain-registry package data the registry is built from. Loading the package evaluates some 860 CommonJS
 * modules (about 0.2 s of start-up, the largest single cost of a cold start), so `npm run build` also writes the
 * fields buildRegistry reads into one JSON file beside the compiled code (dist/registry-sources.json, ~3 MB, parsed
 * in ~25 ms). It is used only when it was written from the installed package version with the current field lists;
 * otherwise (tests, tsx, a stale build) the package itself is loaded. sources.test.ts checks that a registry built
 * from the trimmed sources equals one built from the package.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { distPath } from '../paths.js';
import type { Asset, AssetList, Chain, IBCData } from '@chain-registry/types';

export interface RegistrySources {
  chains: Chain[];
  assetLists: AssetList[];
  ibcData: IBCData[];
  nonCosmosAssetLists: AssetList[];
}

/** Fields the registry reads (build.ts, cosmos.ts). Add a field here before reading it there. */
const CHAIN_FIELDS = [
  'chainName',
  'chainId',
  'chainType',
  'networkType',
  'status',
  'bech32Prefix',
  'prettyName',
  'slip44',
  'keyAlgos',
  'fees',
  'logoURIs',
  'images',
  'apis',
  'explorers',
] as const;
/** Public endpoints kept per chain and kind (the lists run to dozens; the first few are the maintained ones). */
export const ENDPOINTS_KEPT = 3;
const ASSET_FIELDS = [
  'base',
  'typeAsset',
  'address',
  'symbol',
  'name',
  'display',
  'denomUnits',
  'traces',
  'description',
  'coingeckoId',
  'deprecated',
  'logoURIs',
  'images',
] as const;
const IBC_FIELDS = ['chain1', 'chain2', 'channels'] as const;
/** Changes whenever the field lists do, so a snapshot written by an older build is not used. */
const FORMAT = JSON.stringify([CHAIN_FIELDS, ASSET_FIELDS, IBC_FIELDS]);

export const SOURCES_SNAPSHOT = distPath('registry-sources.json');

const require = createRequire(import.meta.url);

export function chainRegistryVersion(): string {
  return (require('chain-registry/package.json') as { version: string }).version;
}

/** The package's mainnet chains, asset lists and IBC data, and its non-Cosmos asset lists. */
export function sourcesFromPackage(): RegistrySources {
  const mainnet = require('chain-registry/mainnet/index.js') as {
    chains: Chain[];
    assetLists: AssetList[];
    ibcData: IBCData[];
  };
  const nonCosmos = require('chain-registry/noncosmos/index.js') as { assetLists: AssetList[] };
  return {
    chains: mainnet.chains,
    assetLists: mainnet.assetLists,
    ibcData: mainnet.ibcData,
    nonCosmosAssetLists: nonCosmos.assetLists,
  };
}

function pick<T extends object>(o: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const k of keys) if ((o as Record<string, unknown>)[k] !== undefined) out[k] = (o as Record<string, unknown>)[k];
  return out as T;
}

const trimList = (l: AssetList): AssetList =>
  ({ chainName: l.chainName, assets: l.assets.map((a: Asset) => pick(a, ASSET_FIELDS)) }) as AssetList;

/** Only the addresses of the first few RPC and REST endpoints, and the preferred explorer's transaction page. */
function trimChainLinks(c: Chain): Chain {
  const addresses = (list: { address: string }[] | undefined) =>
    (list ?? []).slice(0, ENDPOINTS_KEPT).map((e) => ({ address: e.address }));
  const out: Chain = { ...c };
  delete out.apis;
  delete out.explorers;
  if (c.apis) out.apis = { rpc: addresses(c.apis.rpc), rest: addresses(c.apis.rest) };
  const explorer = preferredExplorer(c);
  if (explorer) out.explorers = [{ txPage: explorer }];
  return out;
}

/** Mintscan's transaction page when the registry lists it (the form Skip's status answers link to), else the first. */
export function preferredExplorer(c: Chain): string | undefined {
  const withPage = (c.explorers ?? []).filter((e) => typeof e.txPage === 'string' && e.txPage.includes('${txHash}'));
  return (withPage.find((e) => e.kind === 'mintscan') ?? withPage[0])?.txPage;
}

/** The same sources with only the fields the registry reads. */
export function trimSources(s: RegistrySources): RegistrySources {
  return {
    chains: s.chains.map((c) => trimChainLinks(pick(c, CHAIN_FIELDS))),
    assetLists: s.assetLists.map(trimList),
    ibcData: s.ibcData.map((d) => pick(d, IBC_FIELDS)),
    nonCosmosAssetLists: s.nonCosmosAssetLists.map(trimList),
  };
}

interface Snapshot {
  version: string;
  format: string;
  sources: RegistrySources;
}

/** Writes the trimmed sources of the installed package; returns the file size in bytes. */
export function writeSourcesSnapshot(file = SOURCES_SNAPSHOT): number {
  const snapshot: Snapshot = {
    version: chainRegistryVersion(),
    format: FORMAT,
    sources: trimSources(sourcesFromPackage()),
  };
  const text = JSON.stringify(snapshot);
  writeFileSync(file, text);
  return Buffer.byteLength(text);
}

/** The snapshot when it matches the installed package and the current field lists, else the package itself. */
export function loadRegistrySources(file = SOURCES_SNAPSHOT): RegistrySources {
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return sourcesFromPackage();
  }
  const snapshot = JSON.parse(text) as Snapshot;
  if (snapshot.version !== chainRegistryVersion() || snapshot.format !== FORMAT) return sourcesFromPackage();
  return snapshot.sources;
}
