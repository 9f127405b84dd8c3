/**
 * Local Cosmos chains for tests: one HTTP server answering, per chain, the CometBFT RPC (JSON-RPC 2.0 over POST at
 * `/<chain-id>/rpc`: status, tx, tx_search, blockchain, broadcast_tx_sync, abci_query for accounts) and the Cosmos SDK
 * REST bank queries (`/<chain-id>/rest/cosmos/bank/v1beta1/...`), in the shapes of CometBFT 0.38 and Cosmos SDK 0.50
 * (sources in test/fixtures/cometbft/SOURCES.md; the JSON templates there are what the answers are built from).
 *
 * Chains hold transactions with their ABCI events; tests (and the relayer in ibc-relayer.ts) include transactions
 * and so advance the chains. tx_search evaluates CometBFT's query language for the `type.key='value' AND ...` form,
 * matching each condition against any event of the transaction as CometBFT's indexer does.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';

const FIXTURES = new URL('../../../test/fixtures/cometbft/', import.meta.url);
const templates = new Map<string, string>();
/** A fresh copy of a fixture template (read once). */
const template = (name: string) => {
  let text = templates.get(name);
  if (text === undefined) templates.set(name, (text = readFileSync(new URL(name, FIXTURES), 'utf8')));
  return JSON.parse(text) as Record<string, unknown>;
};

export interface Attribute {
  key: string;
  value: string;
}
export interface AbciEvent {
  type: string;
  attributes: Attribute[];
}

export interface ChainTxRecord {
  hash: string;
  height: number;
  index: number;
  code: number;
  log: string;
  events: AbciEvent[];
  tx: string;
}

export class FakeChain {
  height = 100;
  readonly times = new Map<number, string>();
  readonly txs: ChainTxRecord[] = [];
  private readonly byHash = new Map<string, ChainTxRecord>();
  readonly balances = new Map<string, Map<string, bigint>>();
  /** Accounts by address; `typeUrl` other than BaseAccount answers that type (a Noble ForwardingAccount). */
  readonly accounts = new Map<string, { accountNumber: bigint; sequence: bigint; typeUrl?: string }>();
  /** Events of the blocks themselves (end-block work), by height: block_search and block_results answer them. */
  readonly blockEvents = new Map<number, AbciEvent[]>();
  /** Broadcast transactions, in order (their bytes); `onBroadcast` decides what the chain does with each. */
  readonly broadcasts: Uint8Array[] = [];
  onBroadcast: ((txBytes: Uint8Array, hash: string) => { code: number; log: string }) | undefined;
  /** Answer every RPC call with HTTP 503 (a node that is down). */
  down = false;
  /** Whether the node indexes transactions (public nodes often do not): `tx` and `tx_search` need it. */
  indexing = true;
  /** Milliseconds every RPC answer waits (a slow node: a worker is then caught mid-request). */
  delayMs = 0;
  rpcCalls = 0;

  constructor(
    readonly chainId: string,
    private readonly clock: () => number,
  ) {
    this.times.set(this.height, this.isoNow());
  }

  private isoNow(): string {
    // CometBFT reports nanosecond block times.
    return new Date(this.clock()).toISOString().replace('Z', '123456Z');
  }

  /** Includes a transaction in a new block; returns its hash (SHA-256 of the bytes, upper-case hex). */
  include(events: AbciEvent[], opts: { code?: number; log?: string; txBytes?: Uint8Array } = {}): string {
    const bytes = opts.txBytes ?? new TextEncoder().encode(`${this.chainId}-${this.txs.length}-${Math.random()}`);
    const hash = createHash('sha256').update(bytes).digest('hex').toUpperCase();
    this.height += 1;
    this.times.set(this.height, this.isoNow());
    const record = {
      hash,
      height: this.height,
      index: 0,
      code: opts.code ?? 0,
      log: opts.log ?? '',
      events,
      tx: Buffer.from(bytes).toString('base64'),
    };
    this.txs.push(record);
    this.byHash.set(hash, record);
    return hash;
  }

  /** Adds events of the block itself at a height (what a module does at the end of the block). */
  endBlock(height: number, events: AbciEvent[]): void {
    this.blockEvents.set(height, [...(this.blockEvents.get(height) ?? []), ...events]);
  }

  byTxHash(hash: string): ChainTxRecord | undefined {
    return this.byHash.get(hash);
  }

  setBalance(address: string, denom: string, amount: bigint): void {
    let m = this.balances.get(address);
    if (!m) this.balances.set(address, (m = new Map()));
    m.set(denom, amount);
  }

  search(query: string): ChainTxRecord[] {
    const conditions = parseQuery(query);
    return this.txs.filter((t) => matches(t.events, conditions));
  }
}

type Condition = { type: string; attr: string; test: (v: string) => boolean };

/** `type.key='text'`, or a number compared as CometBFT compares numbers (`type.key>=100`, unquoted), joined by AND. */
function parseQuery(query: string): Condition[] {
  return query.split(/\s+AND\s+/).map((c) => {
    const m = /^\s*([\w.\-/]+)\s*(?:=\s*'(.*)'|(>=|<=|>|<|=)\s*(\d+))\s*$/.exec(c);
    if (!m) throw new Error(`unsupported query condition: ${c}`);
    const key = m[1]!;
    const dot = key.lastIndexOf('.');
    const test: (v: string) => boolean = m[2] !== undefined ? (v) => v === m[2] : numberTest(m[3]!, BigInt(m[4]!));
    return { type: key.slice(0, dot), attr: key.slice(dot + 1), test };
  });
}

function matches(events: AbciEvent[], conditions: Condition[]): boolean {
  return conditions.every((c) =>
    events.some((e) => e.type === c.type && e.attributes.some((a) => a.key === c.attr && c.test(a.value))),
  );
}

function numberTest(op: string, n: bigint): (v: string) => boolean {
  return (v) => {
    if (!/^\d+$/.test(v)) return false;
    const x = BigInt(v);
    return op === '>=' ? x >= n : op === '<=' ? x <= n : op === '>' ? x > n : op === '<' ? x < n : x === n;
  };
}

export class FakeCosmosNetwork {
  readonly chains = new Map<string, FakeChain>();
  private server: http.Server | undefined;
  url = '';
  /** The network's clock (tests move it to pass packet timeouts). */
  now = Date.now();

  chain(chainId: string): FakeChain {
    let c = this.chains.get(chainId);
    if (!c) this.chains.set(chainId, (c = new FakeChain(chainId, () => this.now)));
    return c;
  }

  rpcUrl(chainId: string): string {
    return `${this.url}/${chainId}/rpc`;
  }

  restUrl(chainId: string): string {
    return `${this.url}/${chainId}/rest`;
  }

  /** CHAIN_RPC_URLS / CHAIN_REST_URLS values pointing every chain of the network here. */
  settings(): { rpc: string; rest: string } {
    const ids = [...this.chains.keys()];
    return {
      rpc: ids.map((id) => `${id}=${this.rpcUrl(id)}`).join(','),
      rest: ids.map((id) => `${id}=${this.restUrl(id)}`).join(','),
    };
  }

  /** The same as environment variables for a spawned service. */
  settingsEnv(): { CHAIN_RPC_URLS: string; CHAIN_REST_URLS: string } {
    const { rpc, rest } = this.settings();
    return { CHAIN_RPC_URLS: rpc, CHAIN_REST_URLS: rest };
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const [, chainId, kind, ...rest] = url.pathname.split('/');
    const chain = chainId ? this.chains.get(chainId) : undefined;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!chain) return send(404, { code: 5, message: 'unknown chain' });
    if (kind === 'rpc') chain.rpcCalls++;
    if (chain.down) return send(503, { error: 'node down' });
    if (chain.delayMs) await new Promise((r) => setTimeout(r, chain.delayMs));
    if (kind === 'rpc') {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        id: number;
        method: string;
        params: Record<string, unknown>;
      };
      return send(200, { jsonrpc: '2.0', id: call.id, ...this.rpc(chain, call.method, call.params ?? {}) });
    }
    if (kind === 'rest') return this.rest(chain, rest.join('/'), url.searchParams, send);
    send(404, { code: 5, message: 'Not Implemented' });
  }

  private rpc(
    chain: FakeChain,
    method: string,
    params: Record<string, unknown>,
  ): { result?: unknown; error?: unknown } {
    switch (method) {
      case 'status': {
        const t = template('status.json') as { node_info: Record<string, unknown>; sync_info: Record<string, unknown> };
        t.node_info.network = chain.chainId;
        t.sync_info.latest_block_height = String(chain.height);
        t.sync_info.latest_block_time = chain.times.get(chain.height);
        return { result: t };
      }
      case 'tx':
      case 'tx_search':
        // A node with its transaction indexer off (`tx_index.indexer = "null"`) answers both with CometBFT's error.
        if (!chain.indexing)
          return { error: { code: -32603, message: 'Internal error', data: 'transaction indexing is disabled' } };
        return method === 'tx' ? this.txAnswer(chain, params) : this.searchAnswer(chain, params);
      case 'blockchain': {
        const h = Number(params.minHeight);
        const meta = template('block-meta.json') as { header: Record<string, unknown>; block_id: unknown };
        meta.header.chain_id = chain.chainId;
        meta.header.height = String(h);
        meta.header.time = chain.times.get(h) ?? chain.times.get(chain.height);
        return { result: { last_height: String(chain.height), block_metas: [meta] } };
      }
      case 'broadcast_tx_sync': {
        const bytes = new Uint8Array(Buffer.from(String(params.tx), 'base64'));
        const hash = createHash('sha256').update(bytes).digest('hex').toUpperCase();
        chain.broadcasts.push(bytes);
        const verdict = chain.onBroadcast?.(bytes, hash) ?? { code: 0, log: '' };
        return {
          result: { code: verdict.code, data: '', log: verdict.log, codespace: verdict.code ? 'sdk' : '', hash },
        };
      }
      case 'block_search': {
        const conditions = parseQuery(String(params.query));
        const heights = [...chain.blockEvents]
          .filter(([, events]) => matches(events, conditions))
          .map(([h]) => h)
          .sort((a, b) => a - b);
        const meta = (h: number) => ({
          block_id: { hash: '', parts: { total: 1, hash: '' } },
          block: { header: { chain_id: chain.chainId, height: String(h), time: chain.times.get(h) } },
        });
        return { result: { blocks: heights.map(meta), total_count: String(heights.length) } };
      }
      case 'block_results': {
        const h = Number(params.height);
        // CometBFT 0.38's shape: the transactions' results and the block's own events (finalize_block_events).
        return {
          result: {
            height: String(h),
            txs_results: chain.txs.filter((t) => t.height === h).map((t) => txResult(t).tx_result),
            finalize_block_events: (chain.blockEvents.get(h) ?? []).map((e) => ({
              type: e.type,
              attributes: e.attributes.map((a) => ({ ...a, index: true })),
            })),
            validator_updates: [],
            consensus_param_updates: null,
            app_hash: '',
          },
        };
      }
      case 'abci_query': {
        if (params.path !== '/cosmos.auth.v1beta1.Query/Account')
          return { result: { response: abciResponse(chain, 6, new Uint8Array()) } };
        // The request data is QueryAccountRequest { address = 1 }: a length-prefixed string.
        const data = Buffer.from(String(params.data), 'hex');
        const address = data.subarray(2, 2 + data[1]!).toString('utf8');
        const account = chain.accounts.get(address);
        if (!account)
          return {
            result: { response: { ...abciResponse(chain, 22, new Uint8Array()), log: `account ${address} not found` } },
          };
        const value = QueryAccountResponse.encode({
          account: {
            typeUrl: account.typeUrl ?? '/cosmos.auth.v1beta1.BaseAccount',
            value: BaseAccount.encode({
              address,
              accountNumber: account.accountNumber,
              sequence: account.sequence,
            }).finish(),
          },
        }).finish();
        return { result: { response: abciResponse(chain, 0, value) } };
      }
      default:
        return { error: { code: -32601, message: 'Method not found', data: method } };
    }
  }

  private txAnswer(chain: FakeChain, params: Record<string, unknown>): { result?: unknown; error?: unknown } {
    const hash = Buffer.from(String(params.hash), 'base64').toString('hex').toUpperCase();
    const tx = chain.byTxHash(hash);
    if (!tx) return { error: { code: -32603, message: 'Internal error', data: `tx (${hash}) not found` } };
    return { result: txResult(tx) };
  }

  private searchAnswer(chain: FakeChain, params: Record<string, unknown>): { result?: unknown; error?: unknown } {
    const found = chain.search(String(params.query));
    return { result: { txs: found.map(txResult), total_count: String(found.length) } };
  }

  private rest(chain: FakeChain, path: string, q: URLSearchParams, send: (s: number, b: unknown) => void): void {
    const byDenom = /^cosmos\/bank\/v1beta1\/balances\/([^/]+)\/by_denom$/.exec(path);
    if (byDenom) {
      const denom = q.get('denom') ?? '';
      const amount = chain.balances.get(decodeURIComponent(byDenom[1]!))?.get(denom) ?? 0n;
      return send(200, { balance: { denom, amount: amount.toString() } });
    }
    const all = /^cosmos\/bank\/v1beta1\/balances\/([^/]+)$/.exec(path);
    if (all) {
      const m = chain.balances.get(decodeURIComponent(all[1]!)) ?? new Map<string, bigint>();
      const balances = [...m]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([denom, amount]) => ({ denom, amount: amount.toString() }));
      return send(200, { balances, pagination: { next_key: null, total: String(balances.length) } });
    }
    send(501, { code: 12, message: 'Not Implemented', details: [] });
  }
}

function abciResponse(chain: FakeChain, code: number, value: Uint8Array) {
  return {
    code,
    log: '',
    info: '',
    index: '0',
    key: null,
    value: value.length ? Buffer.from(value).toString('base64') : null,
    proofOps: null,
    height: String(chain.height),
    codespace: code ? 'sdk' : '',
  };
}

function txResult(t: ChainTxRecord) {
  const shape = template('tx.json') as { tx_result: Record<string, unknown> } & Record<string, unknown>;
  return {
    ...shape,
    hash: t.hash,
    height: String(t.height),
    index: t.index,
    tx_result: {
      ...shape.tx_result,
      code: t.code,
      log: t.log,
      codespace: t.code ? 'sdk' : '',
      events: t.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ ...a, index: true })) })),
    },
    tx: t.tx,
  };
}
