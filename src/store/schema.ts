/**
 * The tables of the store, as Kysely sees them. One description serves the embedded SQLite file and PostgreSQL:
 * only column types both engines agree on (text, bigint) so the same queries run unchanged on either.
 */
import type { ColumnType } from 'kysely';

/** PostgreSQL's driver returns int8 as a string (it may exceed 2^53); SQLite returns a number. Read with Number(). */
type Count = ColumnType<number | string, number, number>;

export interface ApiKeysTable {
  /** Public identifier, also embedded in the key so a lookup needs no hash index. */
  id: string;
  name: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  /** ISO-8601 UTC. Text rather than a timestamp type: both engines store and sort it identically. */
  created_at: string;
  revoked_at: string | null;
}

export interface KeyUsageTable {
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

export interface Tables {
  api_keys: ApiKeysTable;
  key_usage: KeyUsageTable;
}

