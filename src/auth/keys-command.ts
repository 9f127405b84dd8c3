/**
 * The operator's `npm run keys` command: create, list, revoke and report usage of API keys. The functions take an
 * open store and return data, so tests drive them directly; `runKeysCommand` parses arguments and prints.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import { openStore, type Store } from '../store/db.js';
import { findKey, insertKey, listKeys, markRevoked, type KeyRow } from '../store/keys.js';
import { readUsage, type UsageRow } from '../store/usage.js';
import { generateKey, isKeyId } from './keys.js';
import { monthOf } from './usage.js';

class CommandError extends Error {
  override name = 'CommandError';
}

const NAME_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MONTH_SHAPE = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface CreatedKey {
  id: string;
  name: string;
  /** The only time the key exists outside the caller's hands. */
  key: string;
  createdAt: string;
}

export async function createKey(store: Store, name: string): Promise<CreatedKey> {
  if (!NAME_SHAPE.test(name)) {
    throw new CommandError(
      `invalid name "${name}": 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  if (isKeyId(name)) throw new CommandError(`invalid name "${name}": it looks like a key id (12 hex digits)`);
  if (await findKey(store, name)) throw new CommandError(`an active key named "${name}" already exists`);
  const { id, key, keyHash } = generateKey();
  const createdAt = new Date().toISOString();
  await insertKey(store, { id, name, keyHash, createdAt });
  return { id, name, key, createdAt };
}

export type ListedKey = Omit<KeyRow, 'keyHash'>;

export async function listApiKeys(store: Store): Promise<ListedKey[]> {
  return (await listKeys(store)).map(({ keyHash: _hash, ...rest }) => rest);
}

/** Revokes by id, or by name among active keys. */
export async function revokeKey(store: Store, idOrName: string): Promise<ListedKey> {
  const row = await findKey(store, idOrName);
  if (!row) throw new CommandError(`no key with id or active name "${idOrName}"`);
  if (row.revokedAt !== null)
    throw new CommandError(`key ${row.id} (${row.name}) was already revoked at ${row.revokedAt}`);
  const at = new Date().toISOString();
  if (!(await markRevoked(store, row.id, at)))
    throw new CommandError(`key ${row.id} (${row.name}) was revoked meanwhile`);
  const { keyHash: _hash, ...rest } = row;
  return { ...rest, revokedAt: at };
}

export async function keyStats(store: Store, month: string = monthOf(new Date())): Promise<UsageRow[]> {
  if (!MONTH_SHAPE.test(month)) throw new CommandError(`invalid month "${month}": use YYYY-MM`);
  return readUsage(store, { month });
}

const USAGE = `Usage: npm run keys -- <command> [options]

  create --name <name>     issue a key; it is printed once, never again
  list                     every key: id, name, created, revoked
  revoke <id|name>         revoke a key (running servers stop accepting it
                           within KEY_REFRESH_SECONDS)
  stats [--month YYYY-MM]  per-key usage of a month (default: this UTC month)

Options:
  --json                   machine-readable output
  --data-dir <dir>         as for the server (or DATA_DIR)
  --database-url <url>     as for the server (or DATABASE_URL)`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** Runs the command line; returns the exit code. `out` receives results, `err` diagnostics. */
export async function runKeysCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
  open: (config: Config) => Promise<Store> = (config) =>
    openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        month: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
      },
    });
  } catch (e) {
    err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    (values.help ? out : err)(USAGE);
    return values.help ? 0 : 2;
  }
  const settingsArgs: string[] = [];
  if (values['data-dir'] !== undefined) settingsArgs.push('--data-dir', values['data-dir']);
  if (values['database-url'] !== undefined) settingsArgs.push('--database-url', values['database-url']);

  let store: Store | undefined;
  try {
    const config = loadConfig(settingsArgs, env);
    const json = values.json === true;
    const print = (data: unknown, text: () => string) => out(json ? JSON.stringify(data, null, 2) : text());
    switch (command) {
      case 'create': {
        if (!values.name || rest.length > 0) throw new CommandError('create needs --name <name> and nothing else');
        store = await open(config);
        const created = await createKey(store, values.name);
        print(created, () =>
          [
            `created key ${created.id} for "${created.name}"`,
            '',
            `  ${created.key}`,
            '',
            'This is the only time the key is shown: only its hash is stored, so a lost key cannot be recovered.',
            `Running servers accept it within KEY_REFRESH_SECONDS (default 10 s).`,
          ].join('\n'),
        );
        return 0;
      }
      case 'list': {
        if (rest.length > 0) throw new CommandError('list takes no arguments');
        store = await open(config);
        const keys = await listApiKeys(store);
        print(keys, () =>
          keys.length === 0
            ? 'no keys yet: npm run keys -- create --name <name>'
            : table(
                ['id', 'name', 'created', 'revoked'],
                keys.map((k) => [k.id, k.name, k.createdAt, k.revokedAt ?? '-']),
              ),
        );
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) throw new CommandError('revoke needs exactly one key id or name');
        store = await open(config);
        const revoked = await revokeKey(store, rest[0]!);
        print(
          revoked,
          () => `revoked key ${revoked.id} ("${revoked.name}"); running servers refuse it within KEY_REFRESH_SECONDS`,
        );
        return 0;
      }
      case 'stats': {
        if (rest.length > 0) throw new CommandError('stats takes only --month');
        const month = values.month ?? monthOf(new Date());
        if (!MONTH_SHAPE.test(month)) throw new CommandError(`invalid month "${month}": use YYYY-MM`);
        store = await open(config);
        const rows = await keyStats(store, month);
        print(rows, () =>
          rows.length === 0
            ? `no usage recorded for ${month}`
            : table(
                ['id', 'name', 'month', 'requests', 'routes', 'volume_usd', 'affiliate_fee_usd'],
                rows.map((r) => [
                  r.keyId,
                  r.keyName,
                  r.month,
                  String(r.requests),
                  String(r.routes),
                  r.usdVolume,
                  r.affiliateFeeUsd,
                ]),
              ) + '\n\n(servers write their figures every STATS_FLUSH_SECONDS, so the last seconds may be missing)',
        );
        return 0;
      }
      default:
        throw new CommandError(`unknown command "${command}"\n\n${USAGE}`);
    }
  } catch (e) {
    if (e instanceof CommandError) {
      err(e.message);
      return 2;
    }
    err(`error: ${(e as Error).message}`);
    return 1;
  } finally {
    await store?.close();
  }
}
