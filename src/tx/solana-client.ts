/**
 * Solana's JSON-RPC through @solana/web3.js: broadcast of a signed transaction, its confirmation status, SOL and SPL
 * balances. One Connection per endpoint; the pool tries them in order with a deadline each. The library is loaded on
 * first use (messages/svm/web3.ts).
 */
import type { Connection } from '@solana/web3.js';
import bs58 from 'bs58';
import { solanaWeb3 } from '../messages/svm/web3.js';
import type { EndpointPool } from './upstream.js';
import type { IncludedTx } from './tracker.js';

export class SolanaClient {
  private readonly connections = new Map<string, Connection>();
  constructor(
    readonly chainId: string,
    private readonly pool: EndpointPool,
    private readonly timeoutMs: number,
  ) {}

  /** A Connection per URL; each of its requests gets the deadline through the fetch it uses. */
  private async connection(url: string): Promise<Connection> {
    let c = this.connections.get(url);
    if (!c) {
      const { Connection } = solanaWeb3();
      c = new Connection(url, {
        commitment: 'confirmed',
        disableRetryOnRateLimit: true,
        fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(this.timeoutMs) }),
      });
      this.connections.set(url, c);
    }
    return c;
  }

  /** sendRawTransaction without preflight retries; the signature is the first signature of the transaction. */
  async sendRaw(signed: Uint8Array): Promise<string> {
    return this.pool.run(async (url) =>
      (await this.connection(url)).sendRawTransaction(signed, { skipPreflight: false, maxRetries: 0 }),
    );
  }

  /** The transaction once confirmed (or finalized), null before. */
  async getIncluded(signature: string): Promise<IncludedTx | null> {
    const status = await this.pool.run(
      async (url) =>
        (await (await this.connection(url)).getSignatureStatuses([signature], { searchTransactionHistory: true }))
          .value[0],
    );
    if (!status || status.confirmationStatus === 'processed') return null;
    const time = await this.pool
      .run(async (url) => (await this.connection(url)).getBlockTime(status.slot))
      .catch(() => null);
    return {
      chainId: this.chainId,
      hash: signature,
      height: String(status.slot),
      time: time == null ? null : new Date(time * 1000).toISOString().replace('.000Z', 'Z'),
      ok: status.err === null,
      code: status.err === null ? 0 : 1,
      log: status.err === null ? '' : JSON.stringify(status.err),
      events: [],
      logs: [],
    };
  }

  async lamports(owner: string): Promise<bigint> {
    const { PublicKey } = solanaWeb3();
    return BigInt(await this.pool.run(async (url) => (await this.connection(url)).getBalance(new PublicKey(owner))));
  }

  /** SPL balance of one mint: the sum over the owner's token accounts of that mint, with the mint's decimals. */
  async splBalance(owner: string, mint: string): Promise<{ amount: bigint; decimals: number | null }> {
    const { PublicKey } = solanaWeb3();
    const accounts = await this.pool.run(async (url) =>
      (await this.connection(url)).getParsedTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(mint) }),
    );
    let amount = 0n;
    let decimals: number | null = null;
    for (const a of accounts.value) {
      const info = (a.account.data as { parsed?: { info?: { tokenAmount?: { amount: string; decimals: number } } } })
        .parsed?.info?.tokenAmount;
      if (!info) continue;
      amount += BigInt(info.amount);
      decimals = info.decimals;
    }
    return { amount, decimals };
  }
}

/** The signature of a signed Solana transaction (its first signature, base58), known before broadcast. */
export function solanaSignatureOf(signed: Uint8Array): string {
  // Wire format: compact-u16 count of signatures, then 64-byte signatures.
  const count = signed[0]!;
  if (count === 0 || count >= 0x80 || signed.length < 65) throw new Error('not a signed Solana transaction');
  return bs58.encode(signed.subarray(1, 65));
}
