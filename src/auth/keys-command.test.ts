/** The operator command end to end, on the embedded store and on PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createKey, keyStats, listApiKeys, revokeKey, runKeysCommand } from './keys-command.js';
import { hashKey } from './keys.js';
import { silentLog } from './log.js';
import { postgresTestStore, sqliteTestStore, type TestStore } from './test-helpers/servers.js';
import { UsageRecorder, monthOf } from './usage.js';

describe.each([
  ['sqlite', sqliteTestStore],
  ['postgres', postgresTestStore],
] as const)('keys command on %s', (_kind, make) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await make();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** Runs the command line against the test store, as `npm run keys -- …` would. */
  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runKeysCommand(
      argv,
      {},
      (s) => out.push(s),
      (s) => err.push(s),
      () => t.reopen(),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('prints a new key exactly once and stores only its hash', async () => {
    const created = await run('create', '--name', 'acme');
    expect(created.code).toBe(0);
    const key = /jct_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(created.out)?.[0];
    expect(key).toBeDefined();
    expect(created.out.split(key!).length - 1).toBe(1);

    const { rows } = await sql<Record<string, unknown>>`select * from api_keys`.execute(t.store.db);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key!);
    expect(stored).not.toContain(key!.slice(17)); // the secret part alone
    expect(rows).toEqual([expect.objectContaining({ name: 'acme', key_hash: hashKey(key!), revoked_at: null })]);

    const listed = await run('list');
    expect(listed.out).toContain('acme');
    expect(listed.out).not.toContain(key!.slice(17));
    expect(listed.out).not.toContain(hashKey(key!));
  });

  it('refuses a second active key with the same name and bad names', async () => {
    expect((await run('create', '--name', 'acme')).err).toContain('already exists');
    expect((await run('create', '--name', 'ab cd')).code).toBe(2);
    expect((await run('create', '--name', '0123456789ab')).err).toContain('looks like a key id');
    expect((await run('create')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
  });

  it('revokes by name or id, once', async () => {
    const [acme] = await listApiKeys(t.store);
    const r = await run('revoke', 'acme');
    expect(r.code).toBe(0);
    expect(r.out).toContain(acme!.id);
    expect((await run('revoke', 'acme')).err).toContain('no key with id or active name');
    expect((await run('revoke', acme!.id)).err).toContain('already revoked');
    const other = await createKey(t.store, 'other');
    await expect(revokeKey(t.store, other.id)).resolves.toMatchObject({ name: 'other', revokedAt: expect.any(String) });
    // The name is free again once revoked.
    await expect(createKey(t.store, 'acme')).resolves.toMatchObject({ name: 'acme' });
    const keys = await listApiKeys(t.store);
    expect(keys.map((k) => `${k.name}:${k.revokedAt === null ? 'active' : 'revoked'}`).sort()).toEqual([
      'acme:active',
      'acme:revoked',
      'other:revoked',
    ]);
    expect(keys.every((k) => !('keyHash' in k))).toBe(true);
  });

  it('reports what the recorder wrote, per key and month, with exact USD sums', async () => {
    const key = await createKey(t.store, 'stats-co');
    const month = monthOf(new Date());
    const recorder = UsageRecorder.forStore(t.store, 60_000, silentLog);
    for (let i = 0; i < 3; i++) recorder.recordRequest(key.id);
    recorder.recordRoute(key.id, { usdVolume: '100.10', affiliateFeeUsd: '0.1001' });
    recorder.recordRoute(key.id, { usdVolume: '0.2', affiliateFeeUsd: '0.0002' });
    await recorder.close();
    expect(await keyStats(t.store, month)).toEqual([
      {
        keyId: key.id,
        keyName: 'stats-co',
        month,
        requests: 3,
        routes: 2,
        usdVolume: '100.3',
        affiliateFeeUsd: '0.1003',
      },
    ]);
    const printed = await run('stats', '--month', month);
    expect(printed.out).toMatch(new RegExp(`${key.id}\\s+stats-co\\s+${month}\\s+3\\s+2\\s+100\\.3\\s+0\\.1003`));
    const json = await run('stats', '--json');
    expect(JSON.parse(json.out)).toHaveLength(1);
    expect((await run('stats', '--month', '2026-13')).code).toBe(2);
    expect((await run('stats', '--month', '1999-01')).out).toContain('no usage recorded for 1999-01');
  });
});
