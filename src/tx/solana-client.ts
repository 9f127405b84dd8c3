/**
 * Solana's JSON-RPC through @solana/web3.js: broadcast of a signed transaction, its confirmation status, SOL and SPL
 * balances. One Connection per endpoint; the pool tries them in order with a deadline each. The library is loaded on
 * first use (messages/svm/web3.ts).
 */
import type { Connection } from '@solana/web3.js';
import bs58 from 'bs58';
import { solanaWeb3 } from '../messages/svm/web3.js';
import { UpstreamError, type EndpointPool } from './upstream.js';
import { cappedFetch } from '../upstream-answer.js';
import type { IncludedTx, SolanaInstruction } from './tracker.js';

/** The SPL Token program and Token-2022: every SPL token account belongs to one of them. */
const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const;

/** The `info` of a jsonParsed token account (getTokenAccountsByOwner). */
interface ParsedTokenAccount {
  mint?: string;
  tokenAmount?: { amount: string; decimals: number };
}

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
        // Answers are read with the pool's cap before web3.js parses them (src/upstream-answer.ts).
        fetch: (input, init) =>
          cappedFetch(this.pool.maxAnswerBytes)(input, { ...init, signal: AbortSignal.timeout(this.timeoutMs) }),
      });
      this.connections.set(url, c);
    }
    return c;
  }

  /**
   * sendRawTransaction without preflight retries; the signature is the first signature of the transaction. A node
   * that refuses the transaction (its simulation fails, or a JSON-RPC error) is a definite answer: it is not retried
   * on other endpoints, the endpoint is not set aside, and the node's reason reaches the caller.
   */
  async sendRaw(signed: Uint8Array): Promise<string> {
    const { SendTransactionError, SolanaJSONRPCError } = solanaWeb3();
    return this.pool.run(async (url) => {
      try {
        return await (await this.connection(url)).sendRawTransaction(signed, { skipPreflight: false, maxRetries: 0 });
      } catch (err) {
        if (err instanceof SendTransactionError || err instanceof SolanaJSONRPCError)
          throw new UpstreamError(refusalReason(err), undefined, true);
        throw err;
      }
    });
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
    // What a successful transaction did: a bridge's burn is an event its program emitted. A node that has the status
    // but not yet the transaction answers null: looked at again on the next step, as if not included.
    let instructions: SolanaInstruction[] = [];
    if (status.err === null) {
      const ran = await this.instructionsOf(signature);
      if (!ran) return null;
      instructions = ran;
    }
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
      instructions,
    };
  }

  /**
   * The instructions a transaction ran (getTransaction, versions 0 and legacy): each top-level instruction followed by
   * the instructions it invoked, with their program ids resolved through the account keys (and the keys loaded from
   * address lookup tables). Null while the node does not have the transaction.
   */
  private async instructionsOf(signature: string): Promise<SolanaInstruction[] | null> {
    const tx = await this.pool.run(async (url) =>
      (await this.connection(url)).getTransaction(signature, {
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      }),
    );
    if (!tx) return null;
    const message = tx.transaction.message;
    const keys = message.getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses ?? null });
    const programOf = (index: number) => keys.get(index)?.toBase58() ?? '';
    const inner = new Map((tx.meta?.innerInstructions ?? []).map((i) => [i.index, i.instructions]));
    const out: SolanaInstruction[] = [];
    message.compiledInstructions.forEach((ix, index) => {
      out.push({ programId: programOf(ix.programIdIndex), data: ix.data });
      for (const cpi of inner.get(index) ?? []) {
        out.push({ programId: programOf(cpi.programIdIndex), data: bs58.decode(cpi.data) });
      }
    });
    return out;
  }

  /**
   * Compute units a transaction consumes, by simulateTransaction without signature checks and over the node's latest
   * blockhash (the transaction to sign may be unsigned, its blockhash about to expire).
   */
  async simulateUnits(tx: Uint8Array): Promise<bigint> {
    const { VersionedTransaction } = solanaWeb3();
    const versioned = VersionedTransaction.deserialize(tx);
    const result = await this.pool.run(async (url) =>
      (await this.connection(url)).simulateTransaction(versioned, { sigVerify: false, replaceRecentBlockhash: true }),
    );
    if (result.value.err) throw new SimulationError(`simulation failed: ${JSON.stringify(result.value.err)}`);
    if (result.value.unitsConsumed === undefined) throw new SimulationError('simulation answered no unitsConsumed');
    return BigInt(result.value.unitsConsumed);
  }

  async lamports(owner: string): Promise<bigint> {
    const { PublicKey } = solanaWeb3();
    return BigInt(await this.pool.run(async (url) => (await this.connection(url)).getBalance(new PublicKey(owner))));
  }

  /**
   * Every SPL balance of an owner, per mint: the sum over its token accounts, with the mint's decimals. One
   * getTokenAccountsByOwner per token program (SPL Token and Token-2022), however many mints a caller asks about: a
   * request naming 1,000 mints costs two node calls, not 1,000.
   */
  async splBalances(owner: string): Promise<Map<string, { amount: bigint; decimals: number }>> {
    const { PublicKey } = solanaWeb3();
    const out = new Map<string, { amount: bigint; decimals: number }>();
    const perProgram = await Promise.all(
      TOKEN_PROGRAMS.map((program) =>
        this.pool.run(async (url) =>
          (await this.connection(url)).getParsedTokenAccountsByOwner(new PublicKey(owner), {
            programId: new PublicKey(program),
          }),
        ),
      ),
    );
    for (const accounts of perProgram) {
      for (const a of accounts.value) {
        const info = (a.account.data as { parsed?: { info?: ParsedTokenAccount } }).parsed?.info;
        if (!info?.mint || !info.tokenAmount) continue;
        const held = out.get(info.mint);
        out.set(info.mint, {
          amount: (held?.amount ?? 0n) + BigInt(info.tokenAmount.amount),
          decimals: info.tokenAmount.decimals,
        });
      }
    }
    return out;
  }
}

/** The node simulated the transaction and its answer says why there is no figure (no URL in the message). */
export class SimulationError extends Error {}

/** The node's reason in one line: web3.js appends logs and a guide to the message. */
function refusalReason(err: Error): string {
  const lines = err.message.split('\n').map((l) => l.trim());
  const reason = lines.find((l) => l && !/^Transaction .* resulted in an error\.?$/.test(l)) ?? lines[0] ?? '';
  return reason.replace(/\s*Logs:.*$/, '').slice(0, 300);
}

/** The signature of a signed Solana transaction (its first signature, base58), known before broadcast. */
export function solanaSignatureOf(signed: Uint8Array): string {
  // Wire format: compact-u16 count of signatures, then 64-byte signatures.
  const count = signed[0]!;
  if (count === 0 || count >= 0x80 || signed.length < 65) throw new Error('not a signed Solana transaction');
  return bs58.encode(signed.subarray(1, 65));
}
