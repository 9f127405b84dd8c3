/**
 * A Cosmos chain's node: CometBFT RPC as JSON-RPC 2.0 over HTTP POST (the form cosmjs uses; methods and shapes of
 * the CometBFT RPC reference: tx, tx_search, blockchain, broadcast_tx_sync) and the Cosmos SDK REST (LCD) bank
 * queries. Event attributes are plain text since CometBFT 0.37; older nodes (0.34) send them base64-encoded, which
 * is detected and decoded so trackers always read text.
 */
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { EndpointPool } from './upstream.js';
import { UpstreamError, joinUrl, requestJson } from './upstream.js';
import type { CosmosEvent, IncludedTx } from './tracker.js';

interface RpcTxResult {
  hash: string;
  height: string;
  tx_result: {
    code?: number;
    log?: string;
    codespace?: string;
    events?: { type: string; attributes?: { key?: string | null; value?: string | null }[] }[];
  };
}

export interface BroadcastResult {
  code: number;
  log: string;
  hash: string;
}

export interface Coin {
  denom: string;
  amount: string;
}

let rpcId = 0;

export class CosmosClient {
  private readonly times = new LRUCache<string, { time: string | null }>({ max: 10_000 });
  constructor(
    readonly chainId: string,
    private readonly rpc: EndpointPool,
    private readonly rest: EndpointPool,
  ) {}

  /** One JSON-RPC call; a JSON-RPC error is returned (not thrown) so callers can tell "not found" from failure. */
  private async call<T>(
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ result?: T; error?: { code: number; message: string; data?: string } }> {
    return this.rpc.run(async (base, signal) => {
      const body = (await requestJson(base, signal, {
        method: 'POST',
        body: { jsonrpc: '2.0', id: ++rpcId, method, params },
        maxBytes: this.rpc.maxAnswerBytes,
      })) as {
        result?: T;
        error?: { code: number; message: string; data?: string };
      };
      if (!body || (body.result === undefined && body.error === undefined))
        throw new UpstreamError(`${method}: not a JSON-RPC answer`);
      return body;
    });
  }

  private async result<T>(method: string, params: Record<string, unknown>): Promise<T> {
    const { result, error } = await this.call<T>(method, params);
    if (error) throw new UpstreamError(`${method}: ${error.message}${error.data ? `: ${error.data}` : ''}`);
    return result as T;
  }

  /** The transaction with this hash (hex), or null while the node does not know it. */
  async getTx(hash: string): Promise<IncludedTx | null> {
    const { result, error } = await this.call<RpcTxResult>('tx', {
      hash: Buffer.from(hash, 'hex').toString('base64'),
      prove: false,
    });
    if (error) {
      if (/not found/i.test(`${error.message} ${error.data ?? ''}`)) return null;
      throw new UpstreamError(`tx: ${error.message}${error.data ? `: ${error.data}` : ''}`);
    }
    return this.included(result!);
  }

  /** Transactions matching a CometBFT event query (`recv_packet.packet_sequence='5' AND ...`), oldest first. */
  async searchTxs(query: string): Promise<IncludedTx[]> {
    const result = await this.result<{ txs?: RpcTxResult[] }>('tx_search', {
      query,
      prove: false,
      page: '1',
      per_page: '30',
      order_by: 'asc',
    });
    return Promise.all((result.txs ?? []).map((t) => this.included(t)));
  }

  /** Block time of a height (RFC 3339), cached: block times never change. */
  async blockTime(height: string): Promise<string | null> {
    const cached = this.times.get(height);
    if (cached) return cached.time;
    const result = await this.result<{ block_metas?: { header?: { time?: string } }[] }>('blockchain', {
      minHeight: height,
      maxHeight: height,
    });
    const time = normalizeTime(result.block_metas?.[0]?.header?.time);
    this.times.set(height, { time });
    return time;
  }

  /** abci_query of a gRPC query path with protobuf request bytes: the answer's code, log and value bytes. */
  async abciQuery(path: string, data: Uint8Array): Promise<{ code: number; log: string; value: Uint8Array }> {
    const r = await this.result<{ response?: { code?: number; log?: string; value?: string | null } }>('abci_query', {
      path,
      data: Buffer.from(data).toString('hex'),
      prove: false,
    });
    const value = r.response?.value ? new Uint8Array(Buffer.from(r.response.value, 'base64')) : new Uint8Array();
    return { code: r.response?.code ?? 0, log: r.response?.log ?? '', value };
  }

  /**
   * Events of the blocks themselves (not of a transaction) in the blocks matching a query, oldest first: block_search,
   * then each block's block_results (`finalize_block_events` since CometBFT 0.38, begin and end block events before).
   * What modules do at the end of a block (a Noble forwarding account's IBC transfer) is only found this way.
   */
  async searchBlockEvents(query: string): Promise<{ height: string; time: string | null; events: CosmosEvent[] }[]> {
    const found = await this.result<{ blocks?: { block?: { header?: { height?: string } } }[] }>('block_search', {
      query,
      page: '1',
      per_page: '30',
      order_by: 'asc',
    });
    const heights = (found.blocks ?? []).map((b) => b.block?.header?.height).filter((h): h is string => !!h);
    type Raw = { type: string; attributes?: { key?: string | null; value?: string | null }[] }[];
    return Promise.all(
      heights.map(async (height) => {
        const r = await this.result<{
          finalize_block_events?: Raw;
          begin_block_events?: Raw | null;
          end_block_events?: Raw | null;
        }>('block_results', { height });
        const raw = r.finalize_block_events ?? [...(r.begin_block_events ?? []), ...(r.end_block_events ?? [])];
        return { height, time: await this.blockTime(height).catch(() => null), events: decodeEvents(raw) };
      }),
    );
  }

  /** broadcast_tx_sync: the node's CheckTx verdict (code 0 = accepted into the mempool). */
  async broadcast(txBytes: Uint8Array): Promise<BroadcastResult> {
    const r = await this.result<{ code?: number; log?: string; hash?: string }>('broadcast_tx_sync', {
      tx: Buffer.from(txBytes).toString('base64'),
    });
    return { code: r.code ?? 0, log: r.log ?? '', hash: (r.hash ?? cosmosTxHash(txBytes)).toUpperCase() };
  }

  /** Bank balance of one denom (REST `balances/{address}/by_denom`). */
  async balance(address: string, denom: string): Promise<Coin> {
    const body = (await this.rest.run((base, signal) =>
      requestJson(
        joinUrl(
          base,
          `cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}/by_denom?denom=${encodeURIComponent(denom)}`,
        ),
        signal,
        { maxBytes: this.rest.maxAnswerBytes },
      ),
    )) as { balance?: Coin };
    return { denom, amount: body.balance?.amount ?? '0' };
  }

  /** Every bank balance of an address (REST `balances/{address}`, following pagination). */
  async allBalances(address: string): Promise<Coin[]> {
    const out: Coin[] = [];
    let key: string | null = null;
    for (let page = 0; page < 20; page++) {
      const query: string = `pagination.limit=500${key ? `&pagination.key=${encodeURIComponent(key)}` : ''}`;
      const body = (await this.rest.run((base, signal) =>
        requestJson(joinUrl(base, `cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}?${query}`), signal, {
          maxBytes: this.rest.maxAnswerBytes,
        }),
      )) as { balances?: Coin[]; pagination?: { next_key?: string | null } };
      out.push(...(body.balances ?? []));
      key = body.pagination?.next_key ?? null;
      if (!key) break;
    }
    return out;
  }

  /** An account as REST `auth/v1beta1/accounts/{address}` answers it (404 for an account the chain never saw). */
  async account(address: string): Promise<unknown> {
    const body = (await this.rest.run((base, signal) =>
      requestJson(joinUrl(base, `cosmos/auth/v1beta1/accounts/${encodeURIComponent(address)}`), signal, {
        maxBytes: this.rest.maxAnswerBytes,
      }),
    )) as { account?: unknown };
    return body.account;
  }

  /** REST `tx/v1beta1/simulate` of a transaction's bytes (signatures may be empty): the gas it used. */
  async simulate(txBytes: Uint8Array): Promise<bigint> {
    const body = (await this.rest.run((base, signal) =>
      requestJson(joinUrl(base, 'cosmos/tx/v1beta1/simulate'), signal, {
        method: 'POST',
        body: { tx_bytes: Buffer.from(txBytes).toString('base64') },
        maxBytes: this.rest.maxAnswerBytes,
      }),
    )) as { gas_info?: { gas_used?: string } };
    const used = body.gas_info?.gas_used;
    if (!used || !/^\d+$/.test(used)) throw new UpstreamError('simulate: no gas_info.gas_used in the answer');
    return BigInt(used);
  }

  private async included(t: RpcTxResult): Promise<IncludedTx> {
    const r = t.tx_result ?? {};
    return {
      chainId: this.chainId,
      hash: t.hash.toUpperCase(),
      height: String(t.height),
      time: await this.blockTime(String(t.height)).catch(() => null),
      ok: (r.code ?? 0) === 0,
      code: r.code ?? 0,
      log: r.log ?? '',
      events: decodeEvents(r.events ?? []),
      logs: [],
    };
  }
}

/** A Cosmos transaction's hash: SHA-256 of its bytes, upper-case hex. */
export function cosmosTxHash(txBytes: Uint8Array): string {
  return createHash('sha256').update(txBytes).digest('hex').toUpperCase();
}

const KEY_TEXT = /^[a-z_.]+$/i;

function decodeEvents(
  events: { type: string; attributes?: { key?: string | null; value?: string | null }[] }[],
): CosmosEvent[] {
  // CometBFT 0.34 encodes keys and values in base64: a key that is not a plain name but decodes to one marks it.
  const base64 = events.some((e) =>
    (e.attributes ?? []).some(
      (a) => a.key && !KEY_TEXT.test(a.key) && KEY_TEXT.test(Buffer.from(a.key, 'base64').toString('utf8')),
    ),
  );
  const text = (s: string | null | undefined) =>
    s == null ? '' : base64 ? Buffer.from(s, 'base64').toString('utf8') : s;
  return events.map((e) => ({
    type: e.type,
    attributes: (e.attributes ?? []).map((a) => ({ key: text(a.key), value: text(a.value) })),
  }));
}

/** CometBFT times carry nanoseconds (`2024-06-13T19:53:31.061386287Z`); the wire uses whole seconds. */
function normalizeTime(t: string | undefined): string | null {
  if (!t) return null;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function attr(e: CosmosEvent, key: string): string | undefined {
  return e.attributes.find((a) => a.key === key)?.value;
}
