/**
 * The one list of migrations for both engines, applied in order at start-up (and by the keys command). Kysely records
 * applied names in `kysely_migration`; on PostgreSQL it holds an advisory lock meanwhile, so instances starting
 * together do not race. Never edit a migration that has shipped: add the next one.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-access': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      // A name stays unique among active keys only, so a revoked "acme" can be replaced by a new "acme".
      await db.schema
        .createIndex('api_keys_active_name')
        .on('api_keys')
        .column('name')
        .unique()
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('key_usage')
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('requests', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('routes', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('usd_volume', 'text', (c) => c.notNull().defaultTo('0'))
        .addColumn('affiliate_fee_usd', 'text', (c) => c.notNull().defaultTo('0'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('key_usage_pk', ['key_id', 'month'])
        .execute();
    },
  },
  '0002-tx-tracking': {
    async up(db: Kysely<unknown>) {
      // One row per tracked transaction. `record` is the tracker's state, `status` the wire answer computed from it
      // (GET /v2/tx/status serves it as stored). Times are epoch milliseconds in bigint columns: the worker compares
      // and orders them in SQL on both engines.
      await db.schema
        .createTable('tracked_txs')
        .addColumn('chain_id', 'text', (c) => c.notNull())
        .addColumn('tx_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text')
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_poll_at', 'bigint', (c) => c.notNull())
        .addColumn('idle_polls', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tracked_txs_pk', ['chain_id', 'tx_hash'])
        .execute();
      await db.schema.createIndex('tracked_txs_due').on('tracked_txs').columns(['done', 'next_poll_at']).execute();
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('webhooks_key').on('webhooks').column('key_id').execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('chain_id', 'text', (c) => c.notNull())
        .addColumn('tx_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_hook')
        .on('webhook_deliveries')
        .columns(['webhook_id', 'created_at'])
        .execute();
    },
  },
  '0003-usage-batches': {
    async up(db: Kysely<unknown>) {
      // Ids of the usage batches already added to key_usage: a flush whose commit reached the database but whose
      // answer was lost is retried with the same id and then skipped, so no request is counted twice.
      await db.schema
        .createTable('usage_batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0004-bounded-delivery': {
    async up(db: Kysely<unknown>) {
      // Deliveries carry their key, so the dispatcher shares its concurrency fairly between keys in SQL (one key's
      // dead URLs hold only that key's slots), and a claim token, so the claimed rows are read back by one constant
      // condition instead of a list of ids (webhooks-dispatcher.ts).
      await db.schema.alterTable('webhook_deliveries').addColumn('key_id', 'text').execute();
      await db.schema.alterTable('webhook_deliveries').addColumn('lease_owner', 'text').execute();
      await sql`update webhook_deliveries set key_id = (
        select w.key_id from webhooks w where w.id = webhook_deliveries.webhook_id)`.execute(db);
      await db.schema
        .createIndex('webhook_deliveries_key_due')
        .on('webhook_deliveries')
        .columns(['status', 'key_id', 'next_attempt_at'])
        .execute();
      await db.schema.createIndex('webhook_deliveries_claim').on('webhook_deliveries').column('lease_owner').execute();
      // Retirement (TX_RETENTION_SECONDS) deletes terminal transactions and finished deliveries by age.
      await db.schema.createIndex('tracked_txs_retire').on('tracked_txs').columns(['done', 'updated_at']).execute();
      await db.schema.createIndex('webhook_deliveries_age').on('webhook_deliveries').column('created_at').execute();
    },
  },
  '0005-noble-forwarding-accounts': {
    async up(db: Kysely<unknown>) {
      // The Noble forwarding accounts Junction's messages burnt into, with what registers each (an address is a hash
      // of these: the tracker cannot recover them from the mint). Written when the messages are built, read by the
      // worker once the USDC is minted there (src/bridges/cctp/forwarding-book.ts).
      await db.schema
        .createTable('noble_forwarding_accounts')
        .addColumn('address', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('fallback', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0006-tracked-tx-keys': {
    async up(db: Kysely<unknown>) {
      // Several keys may track one transaction (a wallet and an exchange following the same transfer): each key's
      // webhooks are told of its changes. tracked_txs.key_id keeps the first; this table holds every one.
      await db.schema
        .createTable('tracked_tx_keys')
        .addColumn('chain_id', 'text', (c) => c.notNull())
        .addColumn('tx_hash', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tracked_tx_keys_pk', ['chain_id', 'tx_hash', 'key_id'])
        .execute();
      await sql`insert into tracked_tx_keys (chain_id, tx_hash, key_id, created_at)
        select chain_id, tx_hash, key_id, updated_at from tracked_txs where key_id is not null`.execute(db);
    },
  },
};
