/**
 * Node endpoints per chain: CHAIN_RPC_URLS / CHAIN_REST_URLS (`chain_id=url,chain_id=url`, a chain may repeat to
 * list several, in order) win over the registry's public lists.
 */
import { ConfigError, parseChainUrls } from '../config.js';
import type { Registry } from '../registry/registry.js';
import type { ChainEndpoints } from '../registry/types.js';

export class ChainEndpointTable {
  constructor(
    private readonly registry: Registry,
    private readonly rpcOverrides: Map<string, string[]>,
    private readonly restOverrides: Map<string, string[]>,
  ) {
    for (const [setting, map] of [
      ['CHAIN_RPC_URLS', rpcOverrides],
      ['CHAIN_REST_URLS', restOverrides],
    ] as const) {
      for (const chainId of map.keys())
        if (!registry.chain(chainId)) throw new ConfigError(`${setting}: unknown chain id "${chainId}"`);
    }
  }

  static fromSettings(registry: Registry, rpc: string | undefined, rest: string | undefined): ChainEndpointTable {
    return new ChainEndpointTable(
      registry,
      parseChainUrls('CHAIN_RPC_URLS', rpc),
      parseChainUrls('CHAIN_REST_URLS', rest),
    );
  }

  /** The chains CHAIN_RPC_URLS names (the operator's own nodes), in order. */
  configuredChains(): string[] {
    return [...this.rpcOverrides.keys()];
  }

  /** Whether CHAIN_RPC_URLS names a node of the chain (the operator's own, not the registry's public list). */
  operatorRpc(chainId: string): boolean {
    return this.rpcOverrides.has(chainId);
  }

  /** Whether CHAIN_REST_URLS names a REST endpoint of the chain. */
  operatorRest(chainId: string): boolean {
    return this.restOverrides.has(chainId);
  }

  of(chainId: string): ChainEndpoints {
    const fromRegistry = this.registry.chain(chainId)?.endpoints ?? { rpc: [], rest: [] };
    return {
      rpc: this.rpcOverrides.get(chainId) ?? fromRegistry.rpc,
      rest: this.restOverrides.get(chainId) ?? fromRegistry.rest,
    };
  }
}
