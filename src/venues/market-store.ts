/**
 * Holds the current snapshot of every venue. A snapshot is immutable and replaced as a whole: `set` swaps one
 * reference, so a reader that took `get(venue)` (or `view()` for all venues at once) keeps a consistent state for
 * as long as it holds it, while ingest moves on. Listeners hear of every replacement (the route cache invalidates).
 */
import type { VenueSnapshot } from './types.js';

interface MarketChange {
  venue: string;
  snapshot: VenueSnapshot;
  previous: VenueSnapshot | undefined;
  /** Increases by one on every replacement, across venues. */
  version: number;
}

export type MarketListener = (change: MarketChange) => void;

export class MarketStore {
  private snapshots: ReadonlyMap<string, VenueSnapshot> = new Map();
  private listeners = new Set<MarketListener>();
  private _version = 0;

  constructor(initial: readonly VenueSnapshot[] = []) {
    for (const s of initial) this.set(s);
  }

  get version(): number {
    return this._version;
  }

  get(venue: string): VenueSnapshot | undefined {
    return this.snapshots.get(venue);
  }

  /** All venues' snapshots at one moment (copy-on-write: later `set` calls do not change this map). */
  view(): ReadonlyMap<string, VenueSnapshot> {
    return this.snapshots;
  }

  /** Replaces a venue's snapshot and notifies listeners. A throwing listener does not stop the others. */
  set(snapshot: VenueSnapshot): void {
    const previous = this.snapshots.get(snapshot.venue);
    const next = new Map(this.snapshots);
    next.set(snapshot.venue, Object.freeze(snapshot));
    this.snapshots = next;
    const change: MarketChange = { venue: snapshot.venue, snapshot, previous, version: ++this._version };
    for (const l of this.listeners) {
      try {
        l(change);
      } catch (err) {
        console.error('market listener failed', err);
      }
    }
  }

  /** Age of a venue's state in milliseconds (now − takenAt), or undefined if the venue has no snapshot. */
  ageMs(venue: string, now = Date.now()): number | undefined {
    const s = this.snapshots.get(venue);
    return s ? now - s.takenAt.getTime() : undefined;
  }

  onChange(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
