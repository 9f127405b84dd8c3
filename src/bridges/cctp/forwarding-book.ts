/**
 * The Noble forwarding accounts Junction's messages mint into. A forwarding account's address is a hash of (channel,
 * recipient, fallback) (noble-forwarding.ts), so once USDC is minted there nobody can tell from the chain how to
 * register it. Building a burn into one announces its fields (buildTx → `announceForwardingAccount`); the transaction
 * service writes them to the store (table `noble_forwarding_accounts`, shared by every instance), and the worker
 * reads them back by address when it finds the mint (forwarding-track.ts).
 */
import type { Store } from '../../store/db.js';

export interface ForwardingFields {
  /** The forwarding account (bech32 `noble1…`). */
  address: string;
  channel: string;
  recipient: string;
  fallback: string;
}

type Listener = (f: ForwardingFields) => void;
const listeners = new Set<Listener>();

/** Called by the CCTP message builder for every burn into a forwarding account (synchronous, never throws). */
export function announceForwardingAccount(f: ForwardingFields): void {
  for (const l of listeners) {
    try {
      l(f);
    } catch {
      // a listener's failure must not fail the messages being built
    }
  }
}

/** Subscribes to announcements; returns the unsubscribe function. */
export function onForwardingAccount(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remembers one account (idempotent: the fields of an address never change, it is their hash). */
export async function rememberForwardingAccount(store: Store, f: ForwardingFields, now: number): Promise<void> {
  await store.db
    .insertInto('noble_forwarding_accounts')
    .values({ ...f, created_at: new Date(now).toISOString() })
    .onConflict((oc) => oc.column('address').doNothing())
    .execute();
}

/**
 * Forgets accounts announced longer than `retentionMs` ago (the worker's retirement): a tracked transfer copies the
 * fields into its record at its first look, so only messages built and never executed lose anything.
 */
export async function retireForwardingAccounts(store: Store, now: number, retentionMs: number): Promise<number> {
  const r = await store.db
    .deleteFrom('noble_forwarding_accounts')
    .where('created_at', '<', new Date(now - retentionMs).toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0n);
}

export async function forwardingAccountOf(store: Store, address: string): Promise<ForwardingFields | null> {
  const row = await store.db
    .selectFrom('noble_forwarding_accounts')
    .select(['address', 'channel', 'recipient', 'fallback'])
    .where('address', '=', address)
    .executeTakeFirst();
  return row ?? null;
}
