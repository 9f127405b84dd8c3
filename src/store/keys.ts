/** Queries on API keys. Only hashes are stored; see auth/keys.ts for how keys are made and checked. */
import type { Store } from './db.js';

export interface KeyRow {
  id: string;
  name: string;
  keyHash: string;
  createdAt: string;
  revokedAt: string | null;
}

export async function insertKey(store: Store, row: Omit<KeyRow, 'revokedAt'>): Promise<void> {
  await store.db
    .insertInto('api_keys')
    .values({ id: row.id, name: row.name, key_hash: row.keyHash, created_at: row.createdAt, revoked_at: null })
    .execute();
}

/** Every key, revoked ones included (so a request with a revoked key can be told so), oldest first. */
export async function listKeys(store: Store): Promise<KeyRow[]> {
  const rows = await store.db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    keyHash: r.key_hash,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  }));
}

/** The key with this id, else the active key with this name. */
export async function findKey(store: Store, idOrName: string): Promise<KeyRow | undefined> {
  const rows = await store.db
    .selectFrom('api_keys')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrName), eb.and([eb('name', '=', idOrName), eb('revoked_at', 'is', null)])]))
    .execute();
  const row = rows.find((r) => r.id === idOrName) ?? rows[0];
  return (
    row && { id: row.id, name: row.name, keyHash: row.key_hash, createdAt: row.created_at, revokedAt: row.revoked_at }
  );
}

/** Marks the key revoked unless it already is; answers whether this call revoked it. */
export async function markRevoked(store: Store, id: string, at: string): Promise<boolean> {
  const result = await store.db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
