/** The `<chain>-native` denom of an EVM chain's gas token (data/non-cosmos-chains.json), in which native fees are paid. */
import { readDataFile, type NonCosmosChainEntry } from '../../registry/data-files.js';

let byChain: Map<string, string> | undefined;

export function nativeDenomOf(chainId: string): string | undefined {
  byChain ??= new Map(
    readDataFile<{ chains: NonCosmosChainEntry[] }>('non-cosmos-chains.json').chains.map((c) => [
      c.chain_id,
      c.native_denom,
    ]),
  );
  return byChain.get(chainId);
}
