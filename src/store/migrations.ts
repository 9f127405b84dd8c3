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
};
