/**
 * Who is calling: the `authorization` header resolved against an in-memory copy of the key table.
 *
 * The copy is reloaded from the store every `refreshMs` (KEY_REFRESH_SECONDS), so the request path never touches the
 * database: a key revoked (or created) with `npm run keys` takes effect on every instance within one refresh
 * interval. Unknown keys cost no database query either, so a flood of made-up keys cannot reach the database. If a
 * reload fails the last good copy stays in force (keyed callers keep working through a database outage) and the
 * failure is logged once per outage.
 */
import { BackgroundLoop } from '../background-loop.js';
import { constantTimeEqual, keyFromHeader, keyIdOf, keyMatches } from './keys.js';
import type { Log } from './log.js';
import type { KeyRow } from '../store/keys.js';

export interface KeyAccess {
  tier: 'key';
  keyId: string;
  keyName: string;
}

/** Why a caller is anonymous: no key sent, a key we do not know (or malformed), or a revoked key. */
export type AnonymousReason = 'missing' | 'unknown' | 'revoked';

interface AnonymousAccess {
  tier: 'anonymous';
  reason: AnonymousReason;
}

export type Access = KeyAccess | AnonymousAccess;

interface Entry {
  hash: Buffer;
  revoked: boolean;
  access: KeyAccess;
  /**
   * The key itself, once a request has proven it against `hash`: later requests compare against it (still in
   * constant time) instead of hashing, which costs a few microseconds in a busy server against a fraction of one.
   * Held in memory only, and dropped with the whole entry at every reload, so for at most one refresh interval.
   */
  verified?: string;
}

const MISSING: AnonymousAccess = Object.freeze({ tier: 'anonymous', reason: 'missing' });
const UNKNOWN: AnonymousAccess = Object.freeze({ tier: 'anonymous', reason: 'unknown' });
const REVOKED: AnonymousAccess = Object.freeze({ tier: 'anonymous', reason: 'revoked' });

export class KeyDirectory {
  private entries = new Map<string, Entry>();
  private failing = false;
  private readonly loop: BackgroundLoop<void>;

  constructor(
    private readonly load: () => Promise<KeyRow[]>,
    readonly refreshMs: number,
    private readonly log: Log,
  ) {
    this.loop = new BackgroundLoop({ pass: () => this.reload(), delayAfter: () => refreshMs });
  }

  /** First load (its failure is the caller's to report), then periodic reloads. */
  async start(): Promise<void> {
    this.replace(await this.load());
    this.loop.start(this.refreshMs);
  }

  /** Stops the reloads; resolves once a reload in flight has ended. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Reloads now; never throws. Concurrent calls share one reload. */
  refresh(): Promise<void> {
    return this.loop.runOnce();
  }

  private async reload(): Promise<void> {
    try {
      const rows = await this.load();
      this.replace(rows);
      if (this.failing) this.log.info({ keys: rows.length }, 'API key table reachable again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) {
        this.log.warn(
          { err: String((err as Error)?.message ?? err), keys: this.entries.size },
          'cannot reload the API key table; the last loaded copy stays in force',
        );
      }
      this.failing = true;
    }
  }

  /** Synchronous and allocation-free for the common cases; never logs the key. */
  resolve(header: string | undefined): Access {
    const key = keyFromHeader(header);
    if (key === undefined) return MISSING;
    const id = keyIdOf(key);
    const entry = id === undefined ? undefined : this.entries.get(id);
    // Unknown id and wrong secret answer the same, so the answer does not reveal which ids exist; only a holder of
    // the real key learns that it was revoked.
    if (entry === undefined) return UNKNOWN;
    if (!this.isVerified(entry, key)) {
      if (!keyMatches(key, entry.hash)) return UNKNOWN;
      entry.verified = key;
    }
    return entry.revoked ? REVOKED : entry.access;
  }

  private isVerified(entry: Entry, key: string): boolean {
    return entry.verified !== undefined && constantTimeEqual(entry.verified, key);
  }

  private replace(rows: readonly KeyRow[]): void {
    const next = new Map<string, Entry>();
    for (const r of rows) {
      next.set(r.id, {
        hash: Buffer.from(r.keyHash, 'hex'),
        revoked: r.revokedAt !== null,
        access: Object.freeze({ tier: 'key', keyId: r.id, keyName: r.name }),
      });
    }
    this.entries = next;
  }
}
