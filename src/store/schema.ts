/**
 * The tables of the store, as Kysely sees them. One description serves the embedded SQLite file and PostgreSQL:
 * only column types both engines agree on (text, bigint) so the same queries run unchanged on either.
 */
import type { ColumnType } from 'kysely';

/** PostgreSQL's driver returns int8 as a string (it may exceed 2^53); SQLite returns a number. Read with Number(). */
type Count = ColumnType<number | string, number, number>;

interface ApiKeysTable {
  /** Public identifier, also embedded in the key so a lookup needs no hash index. */
  id: string;
  name: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  /** ISO-8601 UTC. Text rather than a timestamp type: both engines store and sort it identically. */
  created_at: string;
  revoked_at: string | null;
}

interface KeyUsageTable {
  key_id: string;
  /** UTC calendar month, `YYYY-MM`. */
  month: string;
  requests: Count;
  routes: Count;
  /**
   * USD as exact decimal strings. SQLite has no exact decimal type (NUMERIC there is a float), so sums are computed
   * in the application with bigint arithmetic (auth/usd.ts) and written back as text.
   */
  usd_volume: string;
  affiliate_fee_usd: string;
  updated_at: string;
}

/** Epoch milliseconds or a counter in a bigint column (a string from PostgreSQL, a number from SQLite). */
type BigNumber = ColumnType<number | string, number, number>;

/** One row per usage batch applied to key_usage (idempotent flushes, auth/usage.ts). */
interface UsageBatchesTable {
  id: string;
  applied_at: string;
}

interface TrackedTxsTable {
  chain_id: string;
  /** Normalised: upper-case hex for Cosmos, 0x + lower-case hex for EVM, base58 for Solana. */
  tx_hash: string;
  /** The overall TransactionState. */
  state: string;
  /** JSON of the tracker's TrackRecord. */
  record: string;
  /** JSON of the wire StatusTxResponse computed from `record`. */
  status: string;
  /** The API key that submitted or tracked it (its webhooks are told of changes). */
  key_id: string | null;
  /** 1 once the state is terminal: the worker no longer looks at it. */
  done: ColumnType<number, number, number>;
  next_poll_at: BigNumber;
  /** Looks in a row that found nothing new (the backoff exponent). */
  idle_polls: ColumnType<number, number, number>;
  lease_owner: string | null;
  lease_until: BigNumber;
  /** Incremented on every change of `status`. */
  version: BigNumber;
  created_at: string;
  updated_at: string;
}

interface WebhooksTable {
  id: string;
  key_id: string;
  url: string;
  /** HMAC-SHA256 key of the signatures (shown to the key holder once). */
  secret: string;
  created_at: string;
  deleted_at: string | null;
}

interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  chain_id: string;
  tx_hash: string;
  state: string;
  payload: string;
  /** pending, delivered or failed (attempts exhausted). */
  status: string;
  attempts: ColumnType<number, number, number>;
  next_attempt_at: BigNumber;
  lease_until: BigNumber;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  /** The webhook's key (null only for rows written before migration 0004 whose webhook was gone). */
  key_id: string | null;
  /** The claim that holds the lease (a token per claim), null when none does. */
  lease_owner: string | null;
}

/** A Noble forwarding account a built route mints into, and its registration fields (bridges/cctp/forwarding-book.ts). */
interface NobleForwardingAccountsTable {
  address: string;
  channel: string;
  recipient: string;
  fallback: string;
  created_at: string;
}

/** Every key that tracks a transaction (its webhooks are told of changes), the first one beside it in tracked_txs. */
interface TrackedTxKeysTable {
  chain_id: string;
  tx_hash: string;
  key_id: string;
  created_at: string;
}

export interface Tables {
  api_keys: ApiKeysTable;
  key_usage: KeyUsageTable;
  usage_batches: UsageBatchesTable;
  tracked_txs: TrackedTxsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  noble_forwarding_accounts: NobleForwardingAccountsTable;
  tracked_tx_keys: TrackedTxKeysTable;
}
