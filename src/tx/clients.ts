/** One client per chain, made on first use from the endpoint table (CHAIN_RPC_URLS / CHAIN_REST_URLS over the registry). */
import type { Registry } from '../registry/registry.js';
import { CosmosClient } from './cosmos-client.js';
import type { ChainEndpointTable } from './endpoints.js';
import { EvmClient } from './evm-client.js';
import { SolanaClient } from './solana-client.js';
import { EndpointPool } from './upstream.js';
import { DEFAULT_MAX_ANSWER_BYTES } from '../upstream-answer.js';

export class ChainClients {
  private readonly cosmosClients = new Map<string, CosmosClient>();
  private readonly evmClients = new Map<string, EvmClient>();
  private readonly solanaClients = new Map<string, SolanaClient>();
  constructor(
    readonly registry: Registry,
    private readonly endpoints: ChainEndpointTable,
    private readonly timeoutMs: number,
    /** Largest answer read from a node (src/upstream-answer.ts). */
    private readonly maxAnswerBytes: number = DEFAULT_MAX_ANSWER_BYTES,
  ) {}

  /** Endpoints of one chain; their requests are counted per chain on /metrics. */
  private pool(chainId: string, urls: readonly string[]): EndpointPool {
    return new EndpointPool(urls, {
      timeoutMs: this.timeoutMs,
      maxAnswerBytes: this.maxAnswerBytes,
      upstream: { upstream: 'chain_node', target: chainId },
    });
  }

  cosmos(chainId: string): CosmosClient {
    let c = this.cosmosClients.get(chainId);
    if (!c) {
      const e = this.endpoints.of(chainId);
      c = new CosmosClient(chainId, this.pool(chainId, e.rpc), this.pool(chainId, e.rest));
      this.cosmosClients.set(chainId, c);
    }
    return c;
  }

  evm(chainId: string): EvmClient {
    let c = this.evmClients.get(chainId);
    if (!c) {
      c = new EvmClient(chainId, this.endpoints.of(chainId).rpc, this.timeoutMs, this.maxAnswerBytes);
      this.evmClients.set(chainId, c);
    }
    return c;
  }

  solana(chainId: string): SolanaClient {
    let c = this.solanaClients.get(chainId);
    if (!c) {
      c = new SolanaClient(chainId, this.pool(chainId, this.endpoints.of(chainId).rpc), this.timeoutMs);
      this.solanaClients.set(chainId, c);
    }
    return c;
  }
}
