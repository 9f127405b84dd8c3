import { describe, expect, it } from 'vitest';
import { KeyDirectory } from './directory.js';
import { generateKey, hashKey, keyFromHeader, keyIdOf } from './keys.js';
import { silentLog } from './log.js';
import type { KeyRow } from '../store/keys.js';

describe('key format', () => {
  it('makes distinct 256-bit keys that carry their id', () => {
    const a = generateKey();
    const b = generateKey();
    expect(a.key).toMatch(/^jct_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(keyIdOf(a.key)).toBe(a.id);
    expect(a.keyHash).toBe(hashKey(a.key));
    expect(a.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the raw header value and tolerates a Bearer prefix', () => {
    expect(keyFromHeader(undefined)).toBeUndefined();
    expect(keyFromHeader('')).toBeUndefined();
    expect(keyFromHeader('  ')).toBeUndefined();
    expect(keyFromHeader('Bearer ')).toBeUndefined();
    expect(keyFromHeader('jct_x')).toBe('jct_x');
    expect(keyFromHeader('Bearer jct_x')).toBe('jct_x');
    expect(keyFromHeader('bearer  jct_x ')).toBe('jct_x');
  });
});

describe('KeyDirectory', () => {
  const good = generateKey();
  const gone = generateKey();
  let rows: KeyRow[] = [
    { id: good.id, name: 'acme', keyHash: good.keyHash, createdAt: 't', revokedAt: null },
    { id: gone.id, name: 'old', keyHash: gone.keyHash, createdAt: 't', revokedAt: 't2' },
  ];
  let fail = false;
  const dir = new KeyDirectory(
    async () => {
      if (fail) throw new Error('connection refused');
      return rows;
    },
    60_000,
    silentLog,
  );

  it('tells valid, missing, unknown and revoked keys apart', async () => {
    await dir.start();
    dir.stop();
    expect(dir.resolve(good.key)).toEqual({ tier: 'key', keyId: good.id, keyName: 'acme' });
    expect(dir.resolve(`Bearer ${good.key}`)).toEqual({ tier: 'key', keyId: good.id, keyName: 'acme' });
    expect(dir.resolve(undefined)).toEqual({ tier: 'anonymous', reason: 'missing' });
    expect(dir.resolve('not-a-key')).toEqual({ tier: 'anonymous', reason: 'unknown' });
    expect(dir.resolve(generateKey().key)).toEqual({ tier: 'anonymous', reason: 'unknown' });
    // The right id with a wrong secret is just unknown: it does not reveal that the id exists.
    expect(dir.resolve(`${good.key.slice(0, -1)}${good.key.endsWith('A') ? 'B' : 'A'}`)).toEqual({
      tier: 'anonymous',
      reason: 'unknown',
    });
    expect(dir.resolve(gone.key)).toEqual({ tier: 'anonymous', reason: 'revoked' });
    // Once proven, the key is compared directly; near misses still fail.
    expect(dir.resolve(good.key).tier).toBe('key');
    const last = good.key.at(-1)!;
    for (const near of [
      good.key.slice(0, -1) + (last === 'A' ? 'B' : 'A'),
      good.key.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) + 256),
    ]) {
      expect(dir.resolve(near)).toEqual({ tier: 'anonymous', reason: 'unknown' });
    }
    expect(dir.resolve(good.key).tier).toBe('key');
  });

  it('applies a revocation at the next reload and keeps the last copy while the store fails', async () => {
    rows = rows.map((r) => (r.id === good.id ? { ...r, revokedAt: 't3' } : r));
    fail = true;
    await dir.refresh();
    expect(dir.resolve(good.key).tier).toBe('key');
    fail = false;
    await dir.refresh();
    expect(dir.resolve(good.key)).toEqual({ tier: 'anonymous', reason: 'revoked' });
  });
});
