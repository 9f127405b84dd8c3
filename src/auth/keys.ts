/**
 * The API key format and its check.
 *
 * A key is `jct_<id>_<secret>`: `id` is 12 hex digits, public (shown by `keys list`), and lets the server find the
 * key's record without an index over secrets; `secret` is 32 random bytes in base64url (256 bits). The store keeps
 * only SHA-256 of the whole key. A plain hash is enough here because the key is random: there is no dictionary to
 * try, and a slow password hash would cost milliseconds on every request. The presented key's hash is compared with
 * the stored one in constant time.
 */
import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PREFIX = 'jct_';
const ID_SHAPE = /^[0-9a-f]{12}$/;
const KEY_LENGTH = KEY_PREFIX.length + 12 + 1 + 43;

export interface NewKey {
  id: string;
  /** The key to hand to the integrator: shown once, never stored. */
  key: string;
  keyHash: string;
}

export function generateKey(): NewKey {
  const id = randomBytes(6).toString('hex');
  const key = `${KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  return { id, key, keyHash: hashKey(key) };
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function isKeyId(value: string): boolean {
  return ID_SHAPE.test(value);
}

/**
 * Where the id would be in a key of the right shape, else undefined. No full format check: only a key whose hash
 * matches a stored one is ever accepted, and this runs on every keyed request.
 */
export function keyIdOf(key: string): string | undefined {
  if (key.length !== KEY_LENGTH || !key.startsWith(KEY_PREFIX) || key.charCodeAt(16) !== 95 /* _ */) return undefined;
  return key.slice(4, 16);
}

/** Constant-time comparison of the presented key with a stored hash (raw SHA-256 bytes). */
export function keyMatches(key: string, storedHash: Buffer): boolean {
  // One-shot hash: no Hash object per request.
  const presented = hash('sha256', key, 'buffer');
  return presented.length === storedHash.length && timingSafeEqual(presented, storedHash);
}

/**
 * String equality whose time depends only on the length (public: every key has the same one), not on where the
 * strings differ. Pure JS, so no Buffer per call on the request path.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The key in an `authorization` header. The SDK sends the key alone; a `Bearer ` prefix (any case) is tolerated
 * because generic HTTP clients add it and a key can never start with it, so stripping it cannot change a key.
 */
export function keyFromHeader(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  // Node's parser already trimmed the value: the usual case needs no more work.
  if (header.startsWith(KEY_PREFIX)) return header;
  const value = header.trim().replace(/^bearer(?:\s+|$)/i, '');
  return value === '' ? undefined : value;
}
