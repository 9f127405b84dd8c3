/** Stargate V2 facts from data/stargate.json (pools, fee table, durations) and endpoint ids from bridge-domains.json. */
import { getAddress } from 'viem';
import { readDataFile, type BridgeDomainsFile } from '../../registry/data-files.js';

interface StargatePool {
  pool: string;
  /** The ERC-20 the pool holds, or 'native' for the chain's gas token. */
  token: string;
}

export interface StargateConfig {
  logoUri: string;
  sharedDecimals: number;
  eid: ReadonlyMap<string, number>;
  /** Pools per asset symbol, per chain. */
  pools: ReadonlyMap<string, ReadonlyMap<string, StargatePool>>;
  protocolFeePpm: bigint;
  messagingFeeTable: ReadonlyMap<string, bigint>;
  seconds(fromChainId: string): number;
}

interface File {
  logo_uri: string;
  shared_decimals: number;
  pools: Record<string, Record<string, StargatePool>>;
  protocol_fee_ppm: number;
  messaging_fee_table: Record<string, string>;
  duration_seconds: Record<string, number> & { default: number };
}

let loaded: StargateConfig | undefined;

export function stargateConfig(): StargateConfig {
  if (loaded) return loaded;
  const f = readDataFile<File>('stargate.json');
  loaded = {
    logoUri: f.logo_uri,
    sharedDecimals: f.shared_decimals,
    eid: new Map(Object.entries(readDataFile<BridgeDomainsFile>('bridge-domains.json').layer_zero_eid)),
    pools: new Map(
      Object.entries(f.pools).map(([symbol, byChain]) => [
        symbol,
        new Map(
          Object.entries(byChain).map(([c, p]) => [
            c,
            { pool: getAddress(p.pool), token: p.token === 'native' ? 'native' : getAddress(p.token) },
          ]),
        ),
      ]),
    ),
    protocolFeePpm: BigInt(f.protocol_fee_ppm),
    messagingFeeTable: new Map(Object.entries(f.messaging_fee_table).map(([c, v]) => [c, BigInt(v)])),
    seconds: (from) => f.duration_seconds[from] ?? f.duration_seconds.default,
  };
  return loaded;
}
