/**
 * Recent blockhashes for the Solana transactions Junction builds. A Solana transaction embeds a blockhash that
 * expires after about 150 blocks (roughly a minute), so it cannot be precomputed: /msgs asks the configured Solana
 * JSON-RPC endpoint (`getLatestBlockhash`) when a transaction of the route starts on Solana, and only then. Answers
 * are shared for a few seconds so a burst of requests costs one call, and concurrent requests share the call in
 * flight. Without an endpoint the caller gets a clear error, never a made-up hash.
 */
import type { Connection } from '@solana/web3.js';
import { solanaWeb3 } from '../messages/svm/web3.js';
import { ApiError, GrpcCode } from '../errors.js';
import { observedFetch } from '../upstream-calls.js';

/** How long one answer is reused: a small part of the blockhash's ~60 s lifetime. */
const SHARE_MS = 2000;

export interface BlockhashSource {
  latest(): Promise<string>;
}

export class SolanaBlockhashClient implements BlockhashSource {
  private readonly connection: Connection;
  private cached: { hash: string; at: number } | undefined;
  private inFlight: Promise<string> | undefined;

  constructor(
    url: string,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.connection = new (solanaWeb3().Connection)(url, {
      commitment: 'confirmed',
      disableRetryOnRateLimit: true,
      // Counted with Solana's other node requests on /metrics.
      fetch: observedFetch({ upstream: 'chain_node', target: 'solana' }),
    });
  }

  async latest(): Promise<string> {
    if (this.cached && this.now() - this.cached.at < SHARE_MS) return this.cached.hash;
    this.inFlight ??= this.fetch().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async fetch(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const { blockhash } = await Promise.race([this.connection.getLatestBlockhash('confirmed'), timeout]);
      this.cached = { hash: blockhash, at: this.now() };
      return blockhash;
    } catch (err) {
      throw new ApiError(
        GrpcCode.UNAVAILABLE,
        `the Solana RPC endpoint did not give a recent blockhash: ${(err as Error).message}`,
        { reason: 'SOLANA_BLOCKHASH_UNAVAILABLE', cause: err },
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Stands in when no Solana endpoint is configured: every request for a blockhash is refused with the fix. */
export const noSolanaEndpoint: BlockhashSource = {
  latest: () =>
    Promise.reject(
      new ApiError(
        GrpcCode.FAILED_PRECONDITION,
        'a Solana transaction needs a recent blockhash, and this instance has no Solana RPC endpoint: set CHAIN_RPC_URLS=solana=<JSON-RPC URL>',
        { reason: 'NO_SOLANA_ENDPOINT' },
      ),
    ),
};
