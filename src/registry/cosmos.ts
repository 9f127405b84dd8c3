import type { Hop } from '../denom/trace.js';
/**
 * Cosmos chains, their asset lists and ICS-20 channels, read from the `chain-registry` npm package (mainnet).
 */
import type { Asset as CrAsset, AssetList, Chain as CrChain, IBCData } from '@chain-registry/types';
import type { CapabilitiesFile, CoinEntry, ContractsFile, IbcTransferFeesFile } from './data-files.js';
import { feeAssetsOf, type RecordedFeeAsset } from './fee-assets.js';
import { ENDPOINTS_KEPT, preferredExplorer } from './sources.js';
import type { ChannelEnd, EntryPointContracts, IbcCapabilities, IbcTransferFee, RegistryChain } from './types.js';

export interface RawAsset {
  chainId: string;
  denom: string;
  source: CrAsset;
  /** An explicit trace for a denom that is not an `ibc/` hash (Eureka ERC-20s, whose client ids are free-form). */
  trace?: { hops: Hop[]; baseDenom: string };
}

export function capabilitiesOf(chainId: string, file: CapabilitiesFile): IbcCapabilities {
  const d = file._default;
  const c = file.chains[chainId];
  // Unknown (null) capabilities count as absent: a route must never rely on a middleware we could not confirm.
  return {
    pfm: c?.pfm ?? (c ? false : d.pfm),
    ibcHooks: c?.ibc_hooks ?? (c ? false : d.ibc_hooks),
    ibcCallbacks: c?.ibc_callbacks ?? (c ? false : d.ibc_callbacks),
    memo: c?.memo ?? d.memo,
    autopilot: c?.autopilot ?? d.autopilot,
  };
}

function entryPointOf(
  chainId: string,
  contracts: ContractsFile,
  fees?: IbcTransferFeesFile,
): EntryPointContracts | undefined {
  const e = contracts.skip_entry_point[chainId];
  if (!e) return undefined;
  const fee = fees?.chains[chainId];
  return {
    entryPoint: e.entry_point,
    ibcAdapter: e.ibc_adapter,
    ...(e.callback_adapter ? { callbackAdapter: e.callback_adapter } : {}),
    swapAdapters: e.swap_adapters ?? {},
    ...(fee ? { ibcTransferFee: ibcTransferFeeOf(chainId, fee) } : {}),
  };
}

/**
 * The fee lists with their one-coin total. The entry point accepts only fees that sum to exactly one denom
 * (IbcFee::one_coin), so a data file naming several denoms is refused at start-up rather than on chain.
 */
function ibcTransferFeeOf(chainId: string, f: IbcTransferFeesFile['chains'][string]): IbcTransferFee {
  const coins = (list: CoinEntry[]) => list.map((c) => ({ denom: c.denom, amount: BigInt(c.amount) }));
  const fee = { recvFee: coins(f.recv_fee), ackFee: coins(f.ack_fee), timeoutFee: coins(f.timeout_fee) };
  const all = [...fee.recvFee, ...fee.ackFee, ...fee.timeoutFee].filter((c) => c.amount > 0n);
  const denoms = new Set(all.map((c) => c.denom));
  if (denoms.size !== 1)
    throw new Error(
      `data/ibc-transfer-fees.json: ${chainId}: the fees must sum to exactly one coin, got ${denoms.size} denoms`,
    );
  return { ...fee, total: { denom: all[0]!.denom, amount: all.reduce((s, c) => s + c.amount, 0n) } };
}

function logoOf(x: { logoURIs?: { png?: string; svg?: string }; images?: { png?: string; svg?: string }[] }) {
  return x.logoURIs?.png ?? x.logoURIs?.svg ?? x.images?.[0]?.png ?? x.images?.[0]?.svg ?? null;
}

export function isUsableCosmosChain(c: CrChain): c is CrChain & { chainId: string; bech32Prefix: string } {
  return (
    c.chainType === 'cosmos' &&
    c.networkType === 'mainnet' &&
    c.status === 'live' &&
    typeof c.chainId === 'string' &&
    typeof c.bech32Prefix === 'string'
  );
}

export function buildCosmosChain(
  c: CrChain & { chainId: string; bech32Prefix: string },
  capabilities: CapabilitiesFile,
  contracts: ContractsFile,
  ibcTransferFees?: IbcTransferFeesFile,
  recordedFeeAsset?: RecordedFeeAsset,
): RegistryChain {
  const caps = capabilitiesOf(c.chainId, capabilities);
  return {
    wire: {
      chain_name: c.chainName,
      chain_id: c.chainId,
      pretty_name: c.prettyName ?? c.chainName,
      chain_type: 'cosmos',
      bech32_prefix: c.bech32Prefix,
      pfm_enabled: caps.pfm,
      supports_memo: caps.memo,
      is_testnet: false,
      logo_uri: logoOf(c),
      fee_assets: feeAssetsOf(c, recordedFeeAsset),
      // authz and feegrant are default Cosmos SDK modules; the registry does not record their absence.
      cosmos_module_support: { authz: true, feegrant: true },
      ibc_capabilities: {
        cosmos_pfm: caps.pfm,
        cosmos_ibc_hooks: caps.ibcHooks,
        cosmos_memo: caps.memo,
        cosmos_autopilot: caps.autopilot,
      },
    },
    capabilities: caps,
    slip44: c.slip44,
    keyAlgos: c.keyAlgos ?? ['secp256k1'],
    entryPoint: entryPointOf(c.chainId, contracts, ibcTransferFees),
    evmChainId: undefined,
    endpoints: {
      rpc: (c.apis?.rpc ?? []).slice(0, ENDPOINTS_KEPT).map((e) => e.address),
      rest: (c.apis?.rest ?? []).slice(0, ENDPOINTS_KEPT).map((e) => e.address),
    },
    explorerTxPage: preferredExplorer(c),
  };
}

/**
 * ICS-20 channel ends between two known chains, dropping INACTIVE channels and non-transfer ports. Both directions
 * are returned so a channel can be looked up from either chain.
 */
export function buildChannels(ibcData: IBCData[], chainIdOfName: ReadonlyMap<string, string>): ChannelEnd[] {
  const ends: ChannelEnd[] = [];
  // The package lists many chain pairs twice (once from each chain's folder); keep one end per (chain, channel).
  const seen = new Set<string>();
  for (const pair of ibcData) {
    // Channels are matched to chains by registry name; both chains must be live Cosmos chains we serve.
    const a = chainIdOfName.get(pair.chain1.chainName);
    const b = chainIdOfName.get(pair.chain2.chainName);
    if (!a || !b) continue;
    for (const ch of pair.channels) {
      if (ch.chain1.portId !== 'transfer' || ch.chain2.portId !== 'transfer') continue;
      // The package types the tag as a chain status, but the data carries channel states (ACTIVE / INACTIVE).
      const status = String(ch.tags?.status ?? '').toUpperCase();
      if (status === 'INACTIVE' || status === 'KILLED') continue;
      const preferred = ch.tags?.preferred === true;
      const key = `${a}\u0000${ch.chain1.channelId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ends.push(
        {
          chainId: a,
          port: 'transfer',
          channel: ch.chain1.channelId,
          counterpartyChainId: b,
          counterpartyPort: 'transfer',
          counterpartyChannel: ch.chain2.channelId,
          preferred,
          ibcV2: false,
        },
        {
          chainId: b,
          port: 'transfer',
          channel: ch.chain2.channelId,
          counterpartyChainId: a,
          counterpartyPort: 'transfer',
          counterpartyChannel: ch.chain1.channelId,
          preferred,
          ibcV2: false,
        },
      );
    }
  }
  return ends;
}

/** Asset-list entries of the given chains, keyed by the denom Junction uses on the wire. */
export function collectCosmosAssets(lists: AssetList[], chainIdOfName: Map<string, string>): RawAsset[] {
  const out: RawAsset[] = [];
  for (const list of lists) {
    const chainId = chainIdOfName.get(list.chainName);
    if (!chainId) continue;
    for (const a of list.assets) {
      if (a.deprecated) continue;
      out.push({ chainId, denom: a.base, source: a });
    }
  }
  return out;
}

export { logoOf };
export { priceString } from './price-string.js';
