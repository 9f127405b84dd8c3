/** The store on both engines: same migrations, same queries, same answers; and clear failures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { postgresTestStore, sqliteTestStore, TEST_DATABASE_URL, type TestStore } from '../auth/test-helpers/servers.js';
import pg from 'pg';
import { openStore, StoreError, withDefaultUser } from './db.js';
import { MIGRATIONS } from './migrations.js';
import { findKey, insertKey, listKeys, markRevoked } from './keys.js';
import { addUsage, readUsage } from './usage.js';

describe.each([
  ['sqlite', sqliteTestStore],
  ['postgres', postgresTestStore],
] as const)('store on %s', (kind, make) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await make();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('opens, and reopening finds the schema already up to date', async () => {
    expect(t.store.kind).toBe(kind);
    const again = await t.reopen();
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(again.db);
    expect(Number(rows[0]!.n)).toBe(Object.keys(MIGRATIONS).length);
  });

  it('stores, finds and revokes keys; a name is unique among active keys only', async () => {
    await insertKey(t.store, {
      id: 'aaaaaaaaaaaa',
      name: 'acme',
      keyHash: 'ab'.repeat(32),
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await expect(
      insertKey(t.store, {
        id: 'bbbbbbbbbbbb',
        name: 'acme',
        keyHash: 'cd'.repeat(32),
        createdAt: '2026-01-02T00:00:00.000Z',
      }),
    ).rejects.toThrow();
    expect((await findKey(t.store, 'acme'))?.id).toBe('aaaaaaaaaaaa');
    expect(await markRevoked(t.store, 'aaaaaaaaaaaa', '2026-02-01T00:00:00.000Z')).toBe(true);
    expect(await markRevoked(t.store, 'aaaaaaaaaaaa', '2026-02-02T00:00:00.000Z')).toBe(false);
    expect(await findKey(t.store, 'acme')).toBeUndefined();
    await insertKey(t.store, {
      id: 'bbbbbbbbbbbb',
      name: 'acme',
      keyHash: 'cd'.repeat(32),
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    expect((await findKey(t.store, 'acme'))?.id).toBe('bbbbbbbbbbbb');
    expect((await findKey(t.store, 'aaaaaaaaaaaa'))?.revokedAt).toBe('2026-02-01T00:00:00.000Z');
    expect((await listKeys(t.store)).map((k) => k.id)).toEqual(['aaaaaaaaaaaa', 'bbbbbbbbbbbb']);
  });

  it('adds usage exactly, across batches and months', async () => {
    const d = { keyId: 'bbbbbbbbbbbb', requests: 1, routes: 1 };
    await addUsage(t.store, [{ ...d, month: '2026-03', usdVolume: '0.1', affiliateFeeUsd: '0.0001' }]);
    await addUsage(t.store, [
      { ...d, month: '2026-03', usdVolume: '0.2', affiliateFeeUsd: '0.0002' },
      { ...d, month: '2026-04', usdVolume: '5', affiliateFeeUsd: '0' },
    ]);
    expect(await readUsage(t.store, { month: '2026-03' })).toEqual([
      {
        keyId: 'bbbbbbbbbbbb',
        keyName: 'acme',
        month: '2026-03',
        requests: 2,
        routes: 2,
        usdVolume: '0.3',
        affiliateFeeUsd: '0.0003',
      },
    ]);
    expect((await readUsage(t.store)).map((r) => r.month)).toEqual(['2026-03', '2026-04']);
  });

  it('applies a batch id once: a retried batch that had committed changes nothing', async () => {
    const batch = [
      { keyId: 'bbbbbbbbbbbb', month: '2026-06', requests: 3, routes: 1, usdVolume: '0.5', affiliateFeeUsd: '0' },
    ];
    await addUsage(t.store, batch, 'batch-1');
    await addUsage(t.store, batch, 'batch-1');
    await addUsage(t.store, batch, 'batch-2');
    const [row] = await readUsage(t.store, { month: '2026-06' });
    expect(row).toMatchObject({ requests: 6, routes: 2, usdVolume: '1' });
  });

  it('loses no addition when several writers flush the same key at once', async () => {
    // Server mode: separate connections, as separate instances would have. The embedded file belongs to one process
    // whose single connection serializes transactions, so there the writers share it.
    const others =
      kind === 'postgres' ? await Promise.all([t.reopen(), t.reopen(), t.reopen()]) : [t.store, t.store, t.store];
    const batch = [
      { keyId: 'bbbbbbbbbbbb', month: '2026-05', requests: 10, routes: 1, usdVolume: '0.1', affiliateFeeUsd: '0.01' },
    ];
    await Promise.all(others.flatMap((s) => [0, 1, 2, 3].map(() => addUsage(s, batch))));
    const [row] = await readUsage(t.store, { month: '2026-05' });
    expect(row).toMatchObject({ requests: 120, routes: 12, usdVolume: '1.2', affiliateFeeUsd: '0.12' });
  });
});

describe('opening failures', () => {
  it('names an unreachable PostgreSQL server, without its password', async () => {
    const err = await openStore({ dataDir: '/tmp', databaseUrl: 'postgres://app:s3cret@127.0.0.1:1/junction' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StoreError);
    expect((err as Error).message).toMatch(
      /^cannot reach PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/junction: .*ECONNREFUSED/,
    );
    expect((err as Error).message).not.toContain('s3cret');
  });

  it('names an embedded database file that cannot be opened', async () => {
    const err = await openStore({ dataDir: '/tmp', sqliteFile: '/nonexistent-dir/x/junction.sqlite' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StoreError);
    expect((err as Error).message).toContain('cannot open the embedded database /nonexistent-dir/x/junction.sqlite');
  });
});

describe('a PostgreSQL URL without a user name', () => {
  it('connects as PGUSER or the operating-system user, as psql does, also when $USER is unset', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.username = '';
    url.password = '';
    // pg read $USER when it was loaded: an unset $USER (a container, a service manager) is an undefined default.
    const before = pg.defaults.user;
    pg.defaults.user = undefined as unknown as string;
    try {
      const err = await openStore({ dataDir: '/tmp', databaseUrl: url.href }).then(
        (store) => store.close(),
        (e: unknown) => e,
      );
      // Connected, or refused for the operating-system user's role; never for want of a user name.
      if (err) expect((err as Error).message).not.toMatch(/no PostgreSQL user name/);
    } finally {
      pg.defaults.user = before;
    }
  });

  it.each([
    ['postgres://db:5432/junction', {}, 'postgres://svc@db:5432/junction'],
    [
      'postgres://db:5432/junction?options=-c%20search_path%3Dj',
      { USER: 'ann' },
      'postgres://ann@db:5432/junction?options=-c%20search_path%3Dj',
    ],
    ['postgres://db:5432/junction', { PGUSER: 'bob' }, 'postgres://db:5432/junction'],
    ['postgres://carl:pw@db:5432/junction', {}, 'postgres://carl:pw@db:5432/junction'],
  ])('%s with %j', (given, env, used) => {
    expect(withDefaultUser(given, env, () => 'svc')).toBe(used);
  });
});
