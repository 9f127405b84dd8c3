/**
 * Initia's OPinit rollups (data/initia-rollups.json), which the chain-registry package does not list, as
 * chain-registry entries the registry builds like any other Cosmos chain: the chain, and an asset list holding each
 * deposited L1 token under its computed `l2/` denom with the L1 asset's symbol, name, decimals and logo.
 */
import type { Asset, AssetList, Chain } from '@chain-registry/types';
import { l2Denom } from '../denom/l2.js';
import { readDataFile } from './data-files.js';

export interface InitiaRollupsFile {
  l1_chain_id: string;
  deposit_seconds: number;
  withdrawal_seconds: number;
  rollups: {
    chain_id: string;
    chain_name: string;
    pretty_name: string;
    bech32_prefix: string;
    slip44: number;
    key_algos: string[];
    rpc: string[];
    rest: string[];
    tx_page: string;
    logo_uri: string;
    op_bridge_id: string;
    op_denoms: string[];
  }[];
}

let file: InitiaRollupsFile | undefined;
export function initiaRollupsFile(): InitiaRollupsFile {
  return (file ??= readDataFile<InitiaRollupsFile>('initia-rollups.json'));
}

/** The sources with the rollups added (their L1 chain and its assets must be in `chains` / `assetLists`). */
export function withInitiaRollups(
  chains: Chain[],
  assetLists: AssetList[],
): { chains: Chain[]; assetLists: AssetList[] } {
  const f = initiaRollupsFile();
  const l1 = chains.find((c) => c.chainId === f.l1_chain_id);
  const l1Assets = l1 && assetLists.find((l) => l.chainName === l1.chainName);
  if (!l1 || !l1Assets) return { chains, assetLists };
  const extraChains: Chain[] = [];
  const extraLists: AssetList[] = [];
  for (const r of f.rollups) {
    if (chains.some((c) => c.chainId === r.chain_id)) continue;
    extraChains.push({
      chainName: r.chain_name,
      chainId: r.chain_id,
      chainType: 'cosmos',
      networkType: 'mainnet',
      status: 'live',
      prettyName: r.pretty_name,
      bech32Prefix: r.bech32_prefix,
      slip44: r.slip44,
      keyAlgos: r.key_algos,
      logoURIs: { png: r.logo_uri },
      apis: { rpc: r.rpc.map((address) => ({ address })), rest: r.rest.map((address) => ({ address })) },
      explorers: [{ txPage: r.tx_page }],
    } as Chain);
    const assets: Asset[] = [];
    for (const denom of r.op_denoms) {
      const l1Asset = l1Assets.assets.find((a) => a.base === denom);
      if (!l1Asset) continue;
      const base = l2Denom(BigInt(r.op_bridge_id), denom);
      assets.push({
        ...l1Asset,
        base,
        typeAsset: 'sdk.coin',
        denomUnits: (l1Asset.denomUnits ?? []).map((u) => (u.denom === denom ? { ...u, denom: base } : u)),
        traces: [
          {
            type: 'additional-mintage',
            counterparty: { chainName: l1.chainName, baseDenom: denom },
            provider: 'OPinit',
          },
        ],
      } as Asset);
    }
    extraLists.push({ chainName: r.chain_name, assets } as AssetList);
  }
  return { chains: [...chains, ...extraChains], assetLists: [...assetLists, ...extraLists] };
}
