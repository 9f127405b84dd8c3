/**
 * Whether each chain of CHAIN_RPC_URLS answers the queries tracking needs, for /health: public nodes often run with
 * the transaction indexer off, and then neither a transaction by hash nor a packet by its events can be found, so
 * every transfer through that chain would stay pending until abandoned.
 *
 * - Cosmos: `tx` for an unknown hash (a "not found" answer is right; CometBFT answers "transaction indexing is
 *   disabled" without an indexer) and `tx_search` on packet attributes (what the IBC tracker sends).
 * - EVM: a receipt by hash and `eth_getLogs` over the latest block (what the CCTP, Hyperlane and OFT trackers send).
 * - Solana: a signature's status.
 *
 * Results are kept for PROBE_CACHE_MS and probes share one run, so /health never turns into a flood of node requests.
 */
import type { ChainClients } from './clients.js';
import type { Registry } from '../registry/registry.js';

export interface TrackingCheck {
  ok: boolean;
  detail: string;
}

const PROBE_CACHE_MS = 30_000;
const PROBE_TIMEOUT_MS = 5_000;
const ZERO_HASH = '0'.repeat(64);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export class TrackingHealth {
  private last: { at: number; checks: Record<string, TrackingCheck> } | undefined;
  private running: Promise<Record<string, TrackingCheck>> | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly clients: ChainClients,
    private readonly chains: readonly string[],
    private readonly now: () => number = Date.now,
  ) {}

  /** Per configured chain: whether its node answers tracking's queries. */
  async checks(): Promise<Record<string, TrackingCheck>> {
    if (this.last && this.now() - this.last.at < PROBE_CACHE_MS) return this.last.checks;
    this.running ??= this.probeAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async probeAll(): Promise<Record<string, TrackingCheck>> {
    const entries = await Promise.all(
      this.chains.map(async (chainId) => {
        try {
          await withTimeout(this.probe(chainId), PROBE_TIMEOUT_MS);
          return [chainId, { ok: true, detail: 'answers transaction and event queries' }] as const;
        } catch (err) {
          return [
            chainId,
            { ok: false, detail: `does not answer the queries tracking needs: ${(err as Error).message}` },
          ] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    this.last = { at: this.now(), checks };
    return checks;
  }

  private async probe(chainId: string): Promise<void> {
    const type = this.registry.chain(chainId)?.wire.chain_type;
    if (type === 'cosmos') {
      const c = this.clients.cosmos(chainId);
      await c.getTx(ZERO_HASH);
      await c.searchTxs("send_packet.packet_sequence='0' AND send_packet.packet_src_channel='channel-0'");
    } else if (type === 'evm') {
      const c = this.clients.evm(chainId);
      await c.getIncluded(`0x${ZERO_HASH}`);
      await c.client.getLogs({ fromBlock: 'latest', toBlock: 'latest' });
    } else {
      await this.clients.solana(chainId).getIncluded('1'.repeat(64));
    }
  }
}
