/**
 * An EVM chain's JSON-RPC node through viem: receipts and block times for tracking, logs for the destination side
 * of bridges, raw transaction broadcast, and balances. Requests made together (one address's ERC-20 balances) go as
 * one JSON-RPC batch; several endpoints are tried in order (viem's fallback transport), each with a deadline.
 */
import { LRUCache } from 'lru-cache';
import {
  BaseError,
  ContractFunctionZeroDataError,
  createPublicClient,
  erc20Abi,
  fallback,
  http,
  keccak256,
  TransactionReceiptNotFoundError,
  type AbiEvent,
  type Hex,
  type PublicClient,
} from 'viem';
import type { IncludedTx } from './tracker.js';
import { observedFetch } from '../upstream-calls.js';
import { splitCredentials } from '../url-credentials.js';
import { cappedFetch, DEFAULT_MAX_ANSWER_BYTES } from '../upstream-answer.js';

/** Multicall3's address, the same on every chain it is deployed to (github.com/mds1/multicall3). */
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';

export class EvmClient {
  readonly client: PublicClient;
  private readonly times = new LRUCache<bigint, string>({ max: 10_000 });
  constructor(
    readonly chainId: string,
    urls: readonly string[],
    timeoutMs: number,
    maxAnswerBytes: number = DEFAULT_MAX_ANSWER_BYTES,
  ) {
    if (urls.length === 0) throw new Error(`no JSON-RPC endpoint for chain ${chainId}`);
    // Every request is counted and timed per chain (/metrics); answers are read with a cap (src/upstream-answer.ts).
    const fetchFn = observedFetch({ upstream: 'chain_node', target: chainId }, cappedFetch(maxAnswerBytes));
    const transports = urls.map((configured) => {
      // viem builds a Request from the URL, which fetch refuses when it holds a user and password: they go in a header.
      const { url, authorization } = splitCredentials(configured);
      return http(url, {
        timeout: timeoutMs,
        retryCount: 1,
        retryDelay: 200,
        batch: { wait: 0 },
        fetchFn,
        ...(authorization ? { fetchOptions: { headers: { authorization } } } : {}),
      });
    });
    this.client = createPublicClient({ transport: transports.length === 1 ? transports[0]! : fallback(transports) });
  }

  /** The mined transaction with this hash, or null while it is not (yet) in a block. */
  async getIncluded(hash: string): Promise<IncludedTx | null> {
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash: hash as Hex });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
    return {
      chainId: this.chainId,
      hash: receipt.transactionHash,
      height: receipt.blockNumber.toString(),
      time: await this.blockTime(receipt.blockNumber),
      ok: receipt.status === 'success',
      code: receipt.status === 'success' ? 0 : 1,
      log: receipt.status === 'success' ? '' : 'execution reverted',
      events: [],
      logs: receipt.logs.map((l) => ({ address: l.address, topics: [...l.topics], data: l.data })),
      to: receipt.to,
    };
  }

  async blockTime(blockNumber: bigint): Promise<string> {
    const cached = this.times.get(blockNumber);
    if (cached) return cached;
    const block = await this.client.getBlock({ blockNumber });
    const time = new Date(Number(block.timestamp) * 1000).toISOString().replace('.000Z', 'Z');
    this.times.set(blockNumber, time);
    return time;
  }

  /** Logs of one event of one contract whose indexed arguments match, from `fromBlock` on. */
  async findLogs(
    address: string,
    event: AbiEvent,
    args: Record<string, unknown>,
    fromBlock: bigint | 'earliest' = 'earliest',
  ) {
    return this.client.getLogs({ address: address as Hex, event, args, fromBlock, toBlock: 'latest' });
  }

  /** eth_sendRawTransaction; the hash is computed locally too (keccak256 of the signed bytes). */
  async sendRaw(signed: Uint8Array): Promise<string> {
    const hex = `0x${Buffer.from(signed).toString('hex')}` as Hex;
    const hash = await this.client.sendRawTransaction({ serializedTransaction: hex });
    return hash ?? keccak256(hex);
  }

  async nativeBalance(address: string): Promise<bigint> {
    return this.client.getBalance({ address: address as Hex });
  }

  /**
   * balanceOf of several ERC-20 contracts; each entry fails on its own. One eth_call through Multicall3 (deployed at
   * the same address on every major EVM chain), so 1,000 tokens cost the node one call, not 1,000; where Multicall3
   * is absent, one JSON-RPC batch of single calls.
   */
  async erc20Balances(owner: string, tokens: readonly string[]): Promise<PromiseSettledResult<bigint>[]> {
    if (tokens.length === 0) return [];
    const results = await this.client.multicall({
      contracts: tokens.map((token) => ({
        address: token as Hex,
        abi: erc20Abi,
        functionName: 'balanceOf' as const,
        args: [owner as Hex] as const,
      })),
      allowFailure: true,
      multicallAddress: MULTICALL3,
      // One eth_call for every token asked (balanceOf calldata is 68 bytes; the request cap is 1,000 tokens).
      batchSize: 128 * 1024,
    });
    // Multicall3 not deployed here: the aggregate call answers no data, so every entry fails alike. Fall back to
    // single calls (a failing node fails both ways, so this costs one more attempt only on such chains).
    const noMulticall = results.every(
      (r) =>
        r.status === 'failure' &&
        r.error instanceof BaseError &&
        r.error.walk((e) => e instanceof ContractFunctionZeroDataError) !== null,
    );
    if (!noMulticall)
      return results.map((r): PromiseSettledResult<bigint> =>
        r.status === 'success' ? { status: 'fulfilled', value: r.result } : { status: 'rejected', reason: r.error },
      );
    return Promise.allSettled(
      tokens.map((token) =>
        this.client.readContract({
          address: token as Hex,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner as Hex],
        }),
      ),
    );
  }
}
