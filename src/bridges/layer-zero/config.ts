/** LayerZero OFT facts from data/layer-zero.json (addresses, fee table, durations) and endpoint ids from bridge-domains.json. */
import { getAddress } from 'viem';
import { readDataFile, type BridgeDomainsFile } from '../../registry/data-files.js';

interface OftDeployment {
  /** The ERC-20 the user holds (the OFT itself for a native OFT; the adapted token for an OFT adapter). */
  token: string;
  /** The contract the user calls (`send`), which is also the ERC-20 spender when an approval is required. */
  oft: string;
}

interface OftEntry {
  symbol: string;
  sharedDecimals: number;
  approvalRequired: boolean;
  deployments: ReadonlyMap<string, OftDeployment>;
}

export interface LayerZeroConfig {
  logoUri: string;
  eid: ReadonlyMap<string, number>;
  endpoint: ReadonlyMap<string, string>;
  ofts: readonly OftEntry[];
  messagingFeeTable: ReadonlyMap<string, bigint>;
  seconds(fromChainId: string): number;
}

interface File {
  logo_uri: string;
  endpoint_v2: Record<string, string>;
  ofts: {
    symbol: string;
    shared_decimals: number;
    approval_required: boolean;
    deployments: Record<string, OftDeployment>;
  }[];
  messaging_fee_table: Record<string, string>;
  duration_seconds: Record<string, number> & { default: number };
}

let loaded: LayerZeroConfig | undefined;

export function layerZeroConfig(): LayerZeroConfig {
  if (loaded) return loaded;
  const f = readDataFile<File>('layer-zero.json');
  const eids = readDataFile<BridgeDomainsFile>('bridge-domains.json').layer_zero_eid;
  loaded = {
    logoUri: f.logo_uri,
    eid: new Map(Object.entries(eids)),
    endpoint: new Map(Object.entries(f.endpoint_v2)),
    ofts: f.ofts.map((o) => ({
      symbol: o.symbol,
      sharedDecimals: o.shared_decimals,
      approvalRequired: o.approval_required,
      deployments: new Map(
        Object.entries(o.deployments).map(([c, d]) => [c, { token: getAddress(d.token), oft: getAddress(d.oft) }]),
      ),
    })),
    messagingFeeTable: new Map(Object.entries(f.messaging_fee_table).map(([c, v]) => [c, BigInt(v)])),
    seconds: (from) => f.duration_seconds[from] ?? f.duration_seconds.default,
  };
  return loaded;
}
