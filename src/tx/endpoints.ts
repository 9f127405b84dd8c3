/**
 * Node endpoints per chain: CHAIN_RPC_URLS / CHAIN_REST_URLS (`chain_id=url,chain_id=url`, a chain may repeat to
 * list several, in order) win over the registry's public lists.
 */
import { ConfigError } from '../config.js';
import type { Registry } from '../registry/registry.js';
import type { ChainEndpoints } from '../registry/types.js';

export function parseChainUrls(setting: string, text: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!text) return out;
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new ConfigError(`${setting}: "${part}" is not chain_id=url`);
    const chainId = part.slice(0, eq).trim();
    const url = part.slice(eq + 1).trim();
    try {
      const u = new URL(url);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    } catch {
      throw new ConfigError(`${setting}: ${chainId}: "${url.replace(/\/\/[^@]*@/, '//***@')}" is not an http(s) URL`);
    }
    out.set(chainId, [...(out.get(chainId) ?? []), url]);
  }
  return out;
}

export class ChainEndpointTable {
  constructor(
    private readonly registry: Registry,
    private readonly rpcOverrides: Map<string, string[]>,
    private readonly restOverrides: Map<string, string[]>,
  ) {
    for (const [setting, map] of [['CHAIN_RPC_URLS', rpcOverrides], ['CHAIN_REST_URLS', restOverrides]] as const) {
      for (const chainId of map.keys()) if (!registry.chain(chainId)) throw new ConfigError(`${setting}: unknown chain id "${chainId}"`);
    }
  }

  static fromSettings(registry: Registry, rpc: string | undefined, rest: string | undefined): ChainEndpointTable {
    return new ChainEndpointTable(registry, parseChainUrls('CHAIN_RPC_URLS', rpc), parseChainUrls('CHAIN_REST_URLS', rest));
  }

  of(chainId: string): ChainEndpoints {
    const fromRegistry = this.registry.chain(chainId)?.endpoints ?? { rpc: [], rest: [] };
    return {
      rpc: this.rpcOverrides.get(chainId) ?? fromRegistry.rpc,
      rest: this.restOverrides.get(chainId) ?? fromRegistry.rest,
    };
  }
}
