/**
 * The transaction service behind /v2/tx/*, /v2/info/balances and the push extensions: broadcast, start tracking,
 * serve the stored status, notify listeners. main.ts creates it on the access store and starts the worker and the
 * webhook dispatcher; the HTTP routes only call its methods.
 */
import { LRUCache } from 'lru-cache';
import { EventEmitter } from 'node:events';
import {
  BaseError,
  HttpRequestError,
  keccak256,
  parseTransaction,
  RpcRequestError,
  TimeoutError,
  type Hex,
} from 'viem';
import { ConfigError, parseChainUrls, SETTINGS, type Config } from '../config.js';
import { ApiError, GrpcCode, invalidArgument, notFound } from '../errors.js';
import type { StatusResponse } from '../wire/tx.js';
import type { Registry } from '../registry/registry.js';
import type { RegistryChain } from '../registry/types.js';
import type { Store } from '../store/db.js';
import { ChainClients } from './clients.js';
import { UpstreamError } from './upstream.js';
import { describeFailure, nodeFor } from '../upstream-failure.js';
import { cosmosTxHash } from './cosmos-client.js';
import { ChainEndpointTable } from './endpoints.js';
import { explorerLink, HASH_FORMS, normalizeHash } from './hashes.js';
import { newRecord, type TrackRecord } from './record.js';
import { solanaSignatureOf } from './solana-client.js';
import { statusOf, type TrackerSet } from './status.js';
import {
  adoptTracked,
  followTracked,
  countQueue,
  findStatus,
  findTracked,
  insertTracked,
  rearmTracked,
  releaseAllLeases,
} from './tracked-store.js';
import {
  forwardingAccountOf,
  onForwardingAccount,
  rememberForwardingAccount,
} from '../bridges/cctp/forwarding-book.js';
import { nobleSigner } from '../bridges/cctp/forwarding-register.js';
import type { TrackerEnv } from './tracker.js';
import { TrackingHealth } from './tracking-health.js';
import { TRACKERS } from './trackers.js';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhooks.js';
import { WebhookDispatcher } from './webhooks-dispatcher.js';
import { TrackingWorker, type Change, type TxLog, type WorkerSettings } from './worker.js';

export interface TxServiceOptions {
  store: Store;
  registry: Registry;
  log: TxLog;
  endpoints: ChainEndpointTable;
  worker: WorkerSettings;
  runWorker: boolean;
  timeoutMs: number;
  /** Largest node answer read (UPSTREAM_MAX_ANSWER_BYTES); the default when absent. */
  maxAnswerBytes?: number;
  attestationUrl: string | undefined;
  /** Axelarscan-compatible GMP API (AXELAR_GMP_API_URL). */
  axelarGmpUrl?: string | undefined;
  /** OPinit executor per rollup chain (OPINIT_EXECUTOR_URLS): withdrawal proofs for claims. */
  opinitExecutorUrls?: ReadonlyMap<string, string>;
  /** The key that registers Noble forwarding accounts (NOBLE_FORWARDING_SIGNER_KEY); without it the status says how. */
  nobleForwardingSignerKey?: string | undefined;
  webhooks?: WebhookSettings;
  now?: () => number;
  /** How long an event stream waits for a transaction not tracked yet (default 10 s). */
  trackWaitMs?: number;
  /** Event streams open at once, in all and per caller (EVENT_STREAMS_MAX, EVENT_STREAMS_MAX_PER_CALLER). */
  streamLimits?: { total: number; perCaller: number };
  trackers?: TrackerSet;
}

/** EVENT_STREAMS_MAX and EVENT_STREAMS_MAX_PER_CALLER's defaults, for a service built without a configuration. */
const DEFAULT_STREAM_LIMITS = {
  total: Number(SETTINGS.eventStreamsMax.default),
  perCaller: Number(SETTINGS.eventStreamsMaxPerCaller.default),
};

export function txServiceOptions(config: Config, registry: Registry, store: Store, log: TxLog): TxServiceOptions {
  if (config.nobleForwardingSignerKey) {
    // A bad key is a start-up error, not a registration that fails at every look.
    try {
      nobleSigner(config.nobleForwardingSignerKey);
    } catch (err) {
      throw new ConfigError(`NOBLE_FORWARDING_SIGNER_KEY: ${(err as Error).message}`);
    }
  }
  return {
    store,
    registry,
    log,
    endpoints: ChainEndpointTable.fromSettings(registry, config.chainRpcUrls, config.chainRestUrls),
    worker: {
      pollIntervalMs: config.txPollIntervalMs,
      pollMaxIntervalMs: config.txPollMaxIntervalMs,
      notFoundAbandonMs: config.txNotFoundAbandonSeconds * 1000,
      stallAbandonMs: config.txStallAbandonSeconds * 1000,
      concurrency: config.txWorkerConcurrency,
      leaseMs: config.txLeaseSeconds * 1000,
      retentionMs: config.txRetentionSeconds * 1000,
    },
    runWorker: config.txWorker,
    streamLimits: { total: config.eventStreamsMax, perCaller: config.eventStreamsMaxPerCaller },
    timeoutMs: config.upstreamTimeoutMs,
    maxAnswerBytes: config.upstreamMaxAnswerBytes,
    attestationUrl: config.cctpAttestationUrl,
    webhooks: {
      ...DEFAULT_WEBHOOK_SETTINGS,
      allowHosts: (config.webhookAllowHosts ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      maxPerKey: config.webhookMaxPerKey,
      concurrency: config.webhookConcurrency,
      keyConcurrency: config.webhookKeyConcurrency,
    },
    axelarGmpUrl: config.axelarGmpApiUrl,
    opinitExecutorUrls: firstUrlPerChain(parseChainUrls('OPINIT_EXECUTOR_URLS', config.opinitExecutorUrls)),
    nobleForwardingSignerKey: config.nobleForwardingSignerKey,
  };
}

/** One endpoint per chain (the first listed) for the per-chain outside services. */
function firstUrlPerChain(urls: Map<string, string[]>): Map<string, string> {
  return new Map([...urls].map(([chain, list]) => [chain, list[0]!]));
}

export interface TxRef {
  tx_hash: string;
  explorer_link: string;
}

export interface StatusRow {
  text: string;
  version: number;
  done: boolean;
}

const STATUS_CACHE_MS = 250;
const STATUS_CACHE_ENTRIES = 50_000;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class TxService {
  readonly clients: ChainClients;
  readonly trackers: TrackerSet;
  readonly env: TrackerEnv;
  readonly worker: TrackingWorker;
  readonly dispatcher: WebhookDispatcher;
  /** For /health: whether each CHAIN_RPC_URLS chain's node answers the queries tracking needs. */
  readonly trackingHealth: TrackingHealth;
  private readonly bus = new EventEmitter();
  /** Last status read per transaction: for ever on the embedded store (this process writes it), briefly on PostgreSQL. */
  private readonly statusCache: LRUCache<string, StatusRow>;
  private readonly streams = new Set<() => void>();
  /** Event-stream places taken, in all and per caller (openStreamSlot). */
  private streamSlots = 0;
  private readonly streamSlotsByCaller = new Map<string, number>();
  private readonly now: () => number;
  private unsubscribeForwarding: (() => void) | undefined;

  constructor(private readonly opts: TxServiceOptions) {
    this.now = opts.now ?? Date.now;
    this.statusCache = new LRUCache({
      max: STATUS_CACHE_ENTRIES,
      ttl: opts.store.kind === 'sqlite' ? 0 : STATUS_CACHE_MS,
    });
    this.clients = new ChainClients(opts.registry, opts.endpoints, opts.timeoutMs, opts.maxAnswerBytes);
    this.trackers = opts.trackers ?? TRACKERS;
    this.bus.setMaxListeners(0);
    this.env = {
      registry: opts.registry,
      clients: this.clients,
      now: this.now,
      chainTx: (chainId, hash, time) => ({
        chain_id: chainId,
        tx_hash: hash,
        explorer_link: explorerLink(opts.registry.chain(chainId), hash),
        on_chain_at: time,
      }),
      attestationUrl: opts.attestationUrl,
      axelarGmpUrl: opts.axelarGmpUrl,
      ...(opts.opinitExecutorUrls ? { opinitExecutorUrls: opts.opinitExecutorUrls } : {}),
      nobleForwarding: {
        lookup: (address) => forwardingAccountOf(opts.store, address),
        signerKey: opts.nobleForwardingSignerKey,
      },
      handOver: (from) => {
        for (const t of this.trackers.values()) {
          const leg = t.follow?.(from, this.env);
          if (leg) return leg;
        }
        return null;
      },
      discoverIn: (tx) => [...this.trackers.values()].flatMap((t) => t.discover(tx, this.env)),
    };
    this.trackingHealth = new TrackingHealth(opts.registry, this.clients, opts.endpoints.configuredChains());
    this.dispatcher = new WebhookDispatcher(opts.store, opts.webhooks ?? DEFAULT_WEBHOOK_SETTINGS, opts.log, this.now);
    this.worker = new TrackingWorker(opts.store, this.env, this.trackers, opts.worker, opts.log, (c) =>
      this.changed(c),
    );
  }

  get store(): Store {
    return this.opts.store;
  }

  /** The tracking worker's queue (for /metrics): transactions not yet terminal, and those due for a look now. */
  trackingQueue(now: number): Promise<{ inFlight: number; due: number }> {
    return countQueue(this.opts.store, now);
  }

  get registry(): Registry {
    return this.opts.registry;
  }

  /** The node endpoints per chain (the gas estimates ask only the operator's own). */
  get endpoints(): ChainEndpointTable {
    return this.opts.endpoints;
  }

  async start(): Promise<void> {
    // The embedded store serves one instance: leases left by its previous process (killed mid-step) are void.
    if (this.opts.store.kind === 'sqlite') await releaseAllLeases(this.opts.store);
    if (this.opts.runWorker) this.worker.start();
    this.dispatcher.start();
    // The Noble forwarding accounts the messages built by this process mint into: kept for the tracker.
    this.unsubscribeForwarding ??= onForwardingAccount((f) => {
      rememberForwardingAccount(this.opts.store, f, this.now()).catch((err: unknown) =>
        this.opts.log.warn({ err: (err as Error).message, address: f.address }, 'could not keep a forwarding account'),
      );
    });
  }

  async stop(): Promise<void> {
    // Open event streams would keep the HTTP server from closing: end them first (clients reconnect elsewhere).
    for (const close of [...this.streams]) close();
    await this.worker.stop();
    await this.dispatcher.stop();
    this.unsubscribeForwarding?.();
    this.unsubscribeForwarding = undefined;
  }

  /**
   * A place for one event stream of `caller` (an API key, or the client address of an anonymous caller), or which
   * limit is reached. Each open stream holds a connection and reads the status every second until the transfer ends,
   * so neither one caller nor all of them together may open streams without bound. `release` frees the place (once).
   */
  openStreamSlot(caller: string): { release: () => void } | { full: 'instance' | 'caller'; limit: number } {
    const limits = this.opts.streamLimits ?? DEFAULT_STREAM_LIMITS;
    if (this.streamSlots >= limits.total) return { full: 'instance', limit: limits.total };
    const mine = this.streamSlotsByCaller.get(caller) ?? 0;
    if (mine >= limits.perCaller) return { full: 'caller', limit: limits.perCaller };
    this.streamSlots++;
    this.streamSlotsByCaller.set(caller, mine + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.streamSlots--;
        const left = (this.streamSlotsByCaller.get(caller) ?? 1) - 1;
        if (left > 0) this.streamSlotsByCaller.set(caller, left);
        else this.streamSlotsByCaller.delete(caller);
      },
    };
  }

  /** An open event stream, ended by stop(); returns the function that forgets it when it ends by itself. */
  registerStream(close: () => void): () => void {
    this.streams.add(close);
    return () => this.streams.delete(close);
  }

  /** The chain, or 404 / code 5 as the wire format answers for chains the service does not support. */
  chain(chainId: string): RegistryChain {
    const chain = this.opts.registry.chain(chainId);
    if (!chain) throw notFound('chain id not supported');
    return chain;
  }

  hashOf(chain: RegistryChain, hash: string): string {
    const normalized = normalizeHash(chain.wire.chain_type, hash);
    if (!normalized)
      throw invalidArgument(
        `invalid tx_hash: a ${chain.wire.chain_type} transaction hash is ${HASH_FORMS[chain.wire.chain_type]}`,
      );
    return normalized;
  }

  /** POST /v2/tx/submit: broadcast the signed transaction, then track it. */
  async submit(chainId: string, txBase64: string, keyId: string | null): Promise<TxRef> {
    const chain = this.chain(chainId);
    const compact = txBase64.replace(/\s+/g, '');
    if (compact === '' || !BASE64.test(compact))
      throw invalidArgument(
        // A wallet's raw EVM transaction is 0x-hex (eth_sendRawTransaction); the wire carries its bytes in base64.
        /^0x[0-9a-f]*$/i.test(compact)
          ? 'tx must be base64 encoded: this is 0x-hex; send base64 of the signed transaction bytes'
          : 'tx must be base64 encoded',
      );
    const bytes = new Uint8Array(Buffer.from(compact, 'base64'));
    const hash = await this.broadcast(chain, bytes);
    return this.startTracking(chain, hash, keyId);
  }

  /** POST /v2/tx/track: start tracking a transaction broadcast elsewhere (the SDK does this for EVM). */
  async track(chainId: string, txHash: string, keyId: string | null): Promise<TxRef> {
    const chain = this.chain(chainId);
    return this.startTracking(chain, this.hashOf(chain, txHash), keyId);
  }

  /**
   * GET /v2/tx/status: the stored wire status as JSON text (never waits on a chain). Answers are kept in memory:
   * on the embedded store until this process changes them (it is the only writer), on PostgreSQL for
   * STATUS_CACHE_MS (other instances' workers write too), which the SDK's one-second polling never notices.
   */
  async statusText(chainId: string, txHash: string): Promise<StatusRow> {
    const chain = this.chain(chainId);
    const hash = this.hashOf(chain, txHash);
    const key = `${chainId}\u0000${hash}`;
    const cached = this.statusCache.get(key);
    if (cached) return cached;
    const row = await findStatus(this.opts.store, chainId, hash);
    if (!row) throw notFound('tx not found');
    const entry = { text: row.status, version: row.version, done: row.done };
    this.statusCache.set(key, entry);
    return entry;
  }

  /**
   * The stored status once the transaction is tracked, waiting up to `trackWaitMs` for it: an event stream opened
   * right after a broadcast may arrive before the track call that records it. Woken at once by this instance's
   * track calls, otherwise by polling the store (another instance's). Null when it never came.
   */
  async waitForStatus(chainId: string, txHash: string): Promise<StatusRow | null> {
    const limit = this.opts.trackWaitMs ?? 10_000;
    const deadline = Date.now() + limit;
    const event = `tracked\u0000${chainId}\u0000${txHash}`;
    for (;;) {
      try {
        return await this.statusText(chainId, txHash);
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== GrpcCode.NOT_FOUND) throw err;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.bus.off(event, done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 250));
        this.bus.once(event, done);
      });
    }
  }

  /** Local notifications of a transaction's status changes (this instance's worker); returns the unsubscribe. */
  subscribe(chainId: string, txHash: string, listener: (statusText: string) => void): () => void {
    const key = `${chainId}\u0000${txHash}`;
    this.bus.on(key, listener);
    return () => this.bus.off(key, listener);
  }

  private async startTracking(chain: RegistryChain, hash: string, keyId: string | null): Promise<TxRef> {
    const chainId = chain.wire.chain_id;
    const now = this.now();
    const link = explorerLink(chain, hash);
    const record = newRecord(chainId, chain.wire.chain_type, hash, link, now);
    const status: StatusResponse = statusOf(this.trackers, record);
    const row = {
      chain_id: chainId,
      tx_hash: hash,
      state: status.state,
      record: JSON.stringify(record),
      status: JSON.stringify(status),
      key_id: keyId,
    };
    if (!(await insertTracked(this.opts.store, row, now))) {
      // Tracked before (anonymously, or by a stream's wait): a key tracking it now takes it over.
      if (keyId) await adoptTracked(this.opts.store, chainId, hash, keyId);
      await this.rearm(chainId, hash, now);
    }
    // Every key that tracks it is told of its changes, not only the first (a wallet and an exchange following the
    // same transfer each get their webhooks).
    if (keyId) await followTracked(this.opts.store, chainId, hash, keyId, now);
    this.statusCache.delete(`${chainId}\u0000${hash}`);
    this.bus.emit(`tracked\u0000${chainId}\u0000${hash}`);
    return { tx_hash: hash, explorer_link: link };
  }

  /** Tracking again after STATE_ABANDONED: the same record, with the abandonment lifted and its clock restarted. */
  private async rearm(chainId: string, hash: string, now: number): Promise<void> {
    const existing = await findTracked(this.opts.store, chainId, hash);
    if (existing?.state !== 'STATE_ABANDONED') return;
    const record = JSON.parse(existing.record) as TrackRecord;
    record.abandoned = false;
    record.last_progress_at = now;
    if (!record.initial) record.submitted_at = now;
    const status = statusOf(this.trackers, record);
    await rearmTracked(
      this.opts.store,
      {
        chain_id: chainId,
        tx_hash: hash,
        state: status.state,
        record: JSON.stringify(record),
        status: JSON.stringify(status),
      },
      now,
    );
  }

  private async broadcast(chain: RegistryChain, bytes: Uint8Array): Promise<string> {
    const chainId = chain.wire.chain_id;
    switch (chain.wire.chain_type) {
      case 'cosmos': {
        const result = await this.upstream(chainId, () => this.clients.cosmos(chainId).broadcast(bytes));
        if (result.code !== 0) throw invalidArgument(`tx is invalid on chain: ${result.log || `code ${result.code}`}`);
        return result.hash || cosmosTxHash(bytes);
      }
      case 'evm': {
        const hex = `0x${Buffer.from(bytes).toString('hex')}` as Hex;
        let parsed;
        try {
          parsed = parseTransaction(hex);
        } catch {
          throw invalidArgument('tx is not a signed EVM transaction (RLP / typed envelope)');
        }
        if (parsed.r === undefined || parsed.s === undefined) throw invalidArgument('tx is not signed');
        if (parsed.chainId !== undefined && String(parsed.chainId) !== chainId) {
          throw invalidArgument(`tx is signed for chain ${parsed.chainId}, not ${chainId}`);
        }
        await this.upstream(chainId, () => this.clients.evm(chainId).sendRaw(bytes));
        return keccak256(hex);
      }
      case 'svm': {
        let signature: string;
        try {
          signature = solanaSignatureOf(bytes);
        } catch {
          throw invalidArgument('tx is not a signed Solana transaction');
        }
        await this.upstream(chainId, () => this.clients.solana(chainId).sendRaw(bytes));
        return signature;
      }
    }
  }

  /** A node that refuses the transaction is the caller's problem (code 3); an unreachable one is ours (code 14). */
  private async upstream<T>(chainId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (
        err instanceof BaseError &&
        err.walk((e) => e instanceof RpcRequestError) &&
        !err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
      ) {
        throw invalidArgument(`tx is invalid on chain: ${rpcReason(err)}`);
      }
      if (err instanceof UpstreamError && err.definite) throw invalidArgument(`tx is invalid on chain: ${err.message}`);
      // Described by chain and kind, never by URL: the client's message quotes the node's URL (src/upstream-failure.ts).
      const failure = describeFailure(nodeFor(chainId), err);
      this.opts.log.warn({ chain: chainId, failure }, 'broadcast failed');
      throw new ApiError(GrpcCode.UNAVAILABLE, `broadcast failed: ${failure}`);
    }
  }

  private async changed(c: Change): Promise<void> {
    this.statusCache.delete(`${c.chainId}\u0000${c.txHash}`);
    this.bus.emit(`${c.chainId}\u0000${c.txHash}`, c.statusText);
    // The deliveries were queued with the state change, in its transaction (tracked-store.ts): send them now.
    if (c.status.state !== c.previousState) this.dispatcher.poke();
  }
}

/** The node's own reason for refusing a transaction (viem's shortMessage is only "RPC Request failed."). */
function rpcReason(err: BaseError): string {
  const rpc = err.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null;
  return (rpc?.details || err.details || err.shortMessage).split('\n')[0]!.slice(0, 300);
}
