/**
 * Why the search left candidates out, kept as facts (which lane refused, how many transactions a route needs and
 * why) rather than as sentences: the no-route explanation groups lane refusals by bridge and source and sums up the
 * multi-transaction ones (no-route.ts), which it used to do by reading the engine's own sentences back with regular
 * expressions — a reason whose words happened to look like a lane refusal was grouped as one.
 */

/** The advice every multi-transaction refusal ends with; an explanation says it once. */
export const ALLOW_MULTI_TX_ADVICE = 'set allow_multi_tx to true to accept it';

export type Refusal =
  /** A lane would not carry the amount (a fee floor, a limit, a closed form). */
  | { kind: 'lane'; bridge: string; from: string; to: string; why: string }
  /** A route exists but needs `txs` transactions and the request allows one. */
  | { kind: 'multi_tx'; txs: number; why: string }
  /** Anything else, said as it is. */
  | { kind: 'other'; text: string };

export function refusalText(r: Refusal): string {
  switch (r.kind) {
    case 'lane':
      return `${r.bridge} from ${r.from} to ${r.to}: ${r.why}`;
    case 'multi_tx':
      return `the route needs ${r.txs} transactions because ${r.why}; ${ALLOW_MULTI_TX_ADVICE}`;
    case 'other':
      return r.text;
  }
}

/** Why candidates were left out, collected for the "no route" error, each once, in the order found. */
export class Rejections {
  readonly refusals: Refusal[] = [];
  private readonly byText = new Map<string, Refusal>();
  /**
   * The refusals that are the request's options (bridges, smart_relay, go_fast) closing a lane: they explain a
   * failure only when the lanes they closed could have led to the destination (engine.ts checks by a walk without
   * them).
   */
  private readonly byOptions = new Set<Refusal>();
  /**
   * The refusals that are shapes a user would not take (a round trip, a claim mid-route, Solana mid-route): when they
   * are the only ones, the pair is not joined by any route offered, and engine.ts says so first.
   */
  private readonly byShape = new Set<Refusal>();
  /** A route exists but needs more transactions than the request allows. */
  multiTxOnly = false;

  /** Keeps a refusal (a string is said as it is); one already kept is not repeated. Returns the one kept. */
  add(reason: Refusal | string): Refusal {
    const r: Refusal = typeof reason === 'string' ? { kind: 'other', text: reason } : reason;
    const key = refusalText(r);
    const known = this.byText.get(key);
    if (known) return known;
    this.byText.set(key, r);
    this.refusals.push(r);
    return r;
  }
  addByOptions(reason: string): void {
    this.byOptions.add(this.add(reason));
  }
  addByShape(reason: string): void {
    this.byShape.add(this.add(reason));
  }
  get anyByOptions(): boolean {
    return this.byOptions.size > 0;
  }
  isByShape(r: Refusal): boolean {
    return this.byShape.has(r);
  }
  /** Forgets the option refusals: a walk without the options found no route either. */
  dropByOptions(): void {
    const kept = this.refusals.filter((r) => !this.byOptions.has(r));
    this.refusals.splice(0, this.refusals.length, ...kept);
    for (const r of this.byOptions) this.byText.delete(refusalText(r));
    this.byOptions.clear();
  }
}
