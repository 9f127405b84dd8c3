/**
 * Opens the store: the embedded SQLite file in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Both sit
 * behind the same Kysely instance and the same migrations, so every query in store/ runs unchanged on either.
 *
 * Opening proves the database answers and brings the schema up to date; a database that cannot be reached is a
 * StoreError with a message fit for an operator (credentials masked), which main.ts turns into a non-zero exit.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type PgModule from 'pg';
import { describeError, maskUrl } from './describe.js';
import { MIGRATIONS } from './migrations.js';
import type { Tables } from './schema.js';

type StoreKind = 'sqlite' | 'postgres';

export interface Store {
  readonly kind: StoreKind;
  readonly db: Kysely<Tables>;
  /** Where the data lives, credentials masked: safe to log. */
  readonly location: string;
  close(): Promise<void>;
}

export class StoreError extends Error {
  override name = 'StoreError';
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** SQLite file to use instead of `<dataDir>/junction.sqlite`; `:memory:` for tests. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (created if missing); tests use one per run. Default: the URL's search_path. */
  pgSchema?: string;
  /** Errors of idle PostgreSQL connections (server restarted, network cut); they must not crash the process. */
  onPoolError?: (err: Error) => void;
}

/** Bounds on waiting for PostgreSQL, so a lost server turns into an error rather than a request that hangs. */
const PG_CONNECT_TIMEOUT_MS = 5_000;
const PG_QUERY_TIMEOUT_MS = 10_000;

const SQLITE_FILE_NAME = 'junction.sqlite';

export async function openStore(opts: StoreOptions): Promise<Store> {
  const store = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts) : openSqlite(opts);
  try {
    await migrate(store);
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  return store;
}

function openSqlite(opts: StoreOptions): Store {
  let file = opts.sqliteFile;
  if (file === undefined) {
    mkdirSync(opts.dataDir, { recursive: true });
    file = path.join(opts.dataDir, SQLITE_FILE_NAME);
  }
  let database: BetterSqlite3.Database;
  try {
    database = new BetterSqlite3(file);
    // WAL lets the keys command write while a running server reads; busy_timeout makes the rare writer-writer
    // overlap wait instead of failing.
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
  } catch (err) {
    throw new StoreError(`cannot open the embedded database ${file}: ${describeError(err)}`);
  }
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  return { kind: 'sqlite', db, location: file, close: () => db.destroy() };
}

async function openPostgres(url: string, opts: StoreOptions): Promise<Store> {
  const location = maskUrl(url);
  if (opts.pgSchema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(opts.pgSchema)) {
    throw new StoreError(`invalid PostgreSQL schema name "${opts.pgSchema}"`);
  }
  // Loaded only here: the embedded default never needs the PostgreSQL driver (~40 ms of a cold start).
  const { default: pg } = (await import('pg')) as { default: typeof PgModule };
  const pool = new pg.Pool({
    connectionString: withDefaultUser(url),
    max: 4,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    query_timeout: PG_QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
  });
  // pg reports a connection that dies on the pool when the connection is idle, but on the client itself while it is
  // checked out; an 'error' event nobody listens to is an uncaught exception, so every client gets a listener. The
  // query in flight still fails (and its caller answers 503 or retries).
  const onError = (err: Error) => opts.onPoolError?.(err);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  try {
    if (opts.pgSchema) await pool.query(`create schema if not exists ${opts.pgSchema}`);
    else await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new StoreError(`cannot reach PostgreSQL at ${location}: ${describeError(err)}`);
  }
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { kind: 'postgres', db, location, close: () => db.destroy() };
}

/**
 * The URL with libpq's default user when it names none (`postgres://db:5432/junction`): PGUSER, else the
 * operating-system user, as psql does. The pg driver falls back to $USER only, which a container or a service manager
 * may leave unset; it then refuses to connect ("no PostgreSQL user name specified in startup packet").
 */
export function withDefaultUser(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
  osUser: () => string = () => os.userInfo().username,
): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (u.username || env.PGUSER) return url;
  let user = env.USER;
  if (!user) {
    try {
      user = osUser();
    } catch {
      return url;
    }
  }
  if (!user) return url;
  u.username = encodeURIComponent(user);
  return u.href;
}

async function migrate(store: Store): Promise<void> {
  let migrationTableSchema: string | undefined;
  if (store.kind === 'postgres') {
    // Kysely finds its bookkeeping table by name in any schema unless told which one; name ours so two deployments
    // (or test runs) in different schemas of one database never see each other's migrations.
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(store.db);
    const schema = rows[0]?.schema;
    if (!schema) throw new StoreError(`PostgreSQL at ${store.location} has no current schema (check search_path)`);
    migrationTableSchema = schema;
  }
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new StoreError(
      `cannot bring the database at ${store.location} up to date${failed ? ` (migration ${failed})` : ''}: ${describeError(error)}`,
    );
  }
}
