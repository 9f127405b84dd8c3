/**
 * The contract between the generic tracking worker and a bridge. A bridge folder contributes one BridgeTracker
 * (src/bridges/<id>/track.ts): it recognises the transfers its protocol starts in an included transaction, follows
 * one leg of a transfer on chain step by step, and says what a leg means for the user's funds. The worker and the
 * state machine (status.ts) know nothing of packets, attestations or mints.
 */
import type { NextStep, TransferEvent } from '../wire/tx.js';
import type { Registry } from '../registry/registry.js';
import type { ChainClients } from './clients.js';
import type { ChainTransaction } from '../wire/tx.js';
import type { AssetAt, Leg } from './record.js';

/** One event of a Cosmos transaction result (CometBFT `tx_result.events`), attribute values as text. */
export interface CosmosEvent {
  type: string;
  attributes: { key: string; value: string }[];
}

/** One log of an EVM transaction receipt. */
interface EvmLog {
  address: string;
  topics: string[];
  data: string;
}

/** A transaction as included in a block, in the terms trackers read. */
export interface IncludedTx {
  chainId: string;
  hash: string;
  height: string;
  /** Block time, RFC 3339 UTC, when known. */
  time: string | null;
  ok: boolean;
  code: number;
  log: string;
  /** Cosmos chains. */
  events: CosmosEvent[];
  /** EVM chains. */
  logs: EvmLog[];
  /** EVM chains: the called address (null for a deployment). */
  to?: string | null;
  /**
   * Solana: every instruction the transaction ran, its own and those its programs invoked (CPIs), in execution order:
   * Anchor programs emit their events as such self-invocations (`emit_cpi!`), so this is where a burn is seen.
   */
  instructions?: SolanaInstruction[];
}

export interface SolanaInstruction {
  programId: string;
  data: Uint8Array;
}

export interface TrackerEnv {
  registry: Registry;
  clients: ChainClients;
  now(): number;
  /** The wire record of a transaction on a chain, with its explorer link. */
  chainTx(chainId: string, hash: string, time: string | null): ChainTransaction;
  /** CCTP attestation service base URL (CCTP_ATTESTATION_URL). */
  attestationUrl: string | undefined;
  /** Axelarscan-compatible GMP API base URL (AXELAR_GMP_API_URL). */
  axelarGmpUrl?: string | undefined;
  /** OPinit executor (opinit-bots) base URL per rollup chain id (OPINIT_EXECUTOR_URLS): withdrawal proofs. */
  opinitExecutorUrls?: ReadonlyMap<string, string>;
  /**
   * Noble forwarding accounts (src/bridges/cctp/forwarding-track.ts): the registration fields of the accounts Junction's
   * messages minted into, by address, and the operator's key that registers them (NOBLE_FORWARDING_SIGNER_KEY).
   */
  nobleForwarding?: {
    lookup(address: string): Promise<{ channel: string; recipient: string; fallback: string } | null>;
    signerKey?: string | undefined;
  };
  /**
   * The leg another bridge starts where `from` arrived, when `from` hands the funds over to it (an ICS-20 packet
   * into Axelar with a GMP memo). Asks every tracker's `follow`.
   */
  handOver?(from: Leg): Leg | null;
  /**
   * The legs any tracker finds sent in a transaction (`discover`): an IBC v2 packet that a contract, called on the
   * arrival of an ICS-20 packet, sends on in the receiving transaction.
   */
  discoverIn?(tx: IncludedTx): Leg[];
}

/** A bridge contract a transaction touched (see BridgeTracker.recognises). */
interface BridgeContact {
  bridge: string;
  /** A log of the bridge's contracts is in the transaction (it did something). */
  emitted: boolean;
}

/** What a leg means for the route, read by the state machine. */
export interface LegSummary {
  event: TransferEvent;
  /**
   * pending: in flight; received: arrived but may still be reverted by a later hop (PFM); success: delivered;
   * failure: failed, the funds go back to `refund`.
   */
  outcome: 'pending' | 'received' | 'success' | 'failure';
  /** On failure: the refund has happened on chain (the funds are usable again). */
  settled: boolean;
  /** Whether a following leg is still expected (a forward or post-swap transfer not yet seen). */
  expectsNext: boolean;
  /** A failure of the following leg is carried back through this leg (packet forwarding refunds hop by hop). */
  carriesBackFailure: boolean;
  /** Where the funds are once this leg delivered. */
  arrived: AssetAt | null;
  /** Where the funds go back to when this leg fails, and where they wait while it is in flight. */
  origin: AssetAt;
  /**
   * When the leg failed without a refund of its own: what the holder must do to get the funds moving (execute an
   * approved delivery again, claim a withdrawal), with the ready-to-sign transaction where the bridge gives one.
   */
  recovery?: Omit<NextStep, 'action'> & { action: 'execute' | 'claim' };
  /**
   * While the leg is in flight and blocks the transfer: what the holder should do, when it is more than waiting (a
   * withdrawal past its finalization period must be claimed, a CCTP mint nobody relays claimed with its ready-to-sign
   * transaction, a Noble forwarding account registered), or a wait that says what it waits for. A step the holder can
   * take stays the answer after tracking gave up: it does not expire.
   */
  pending?: Omit<NextStep, 'action'> & { action: 'wait' | 'claim' | 'execute' };
}

export interface Advance<L extends Leg = Leg> {
  leg: L;
  /** A leg this step found started (the next hop), appended after this one in the same transfer. */
  next: Leg | null;
}

export interface BridgeTracker<L extends Leg = Leg> {
  readonly kind: L['kind'];
  /** The transfers this bridge starts in an included transaction (each becomes the first leg of a transfer). */
  discover(tx: IncludedTx, env: TrackerEnv): L[];
  /** Looks on chain for the leg's next step. Returns the leg unchanged when nothing happened. */
  advance(leg: L, env: TrackerEnv): Promise<Advance<L>>;
  summarize(leg: L): LegSummary;
  /**
   * How long a leg of this bridge may go without progress before the transfer is STATE_ABANDONED (the bridge's own
   * worst case, stated in its track.ts); the worker's TX_STALL_ABANDON_SECONDS when absent.
   */
  readonly deadlineMs?: number;
  /** The leg this bridge starts where another bridge's leg arrived and handed the funds over (see handOver). */
  follow?(from: Leg, env: TrackerEnv): L | null;
  /** Whether the transaction called this bridge's contracts (to tell a call that sent nothing from a plain one). */
  recognises?(tx: IncludedTx, env: TrackerEnv): BridgeContact | null;
  /** Transfers of this bridge in the transaction that cannot be followed (reported, never counted a success). */
  unfollowable?(tx: IncludedTx, env: TrackerEnv): { message: string; release: AssetAt | null }[];
}
