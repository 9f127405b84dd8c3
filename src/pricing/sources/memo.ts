/**
 * Remembers another source's answers per asset. Pool-derived and snapshot prices are fixed for a market view, so a
 * view memoises them for its whole life; with a live source in the stack, answers are kept for `ttlMs` only (far
 * below the live freshness limit), so the hot path does not re-resolve keys and re-scale decimals per request.
 */
import type { PriceQuote, PriceSource } from './types.js';

export class MemoPriceSource implements PriceSource {
  readonly name: string;
  private readonly memo = new Map<string, { quote: PriceQuote | undefined; until: number }>();

  constructor(
    private readonly inner: PriceSource,
    private readonly ttlMs = Infinity,
    private readonly maxEntries = 50_000,
  ) {
    this.name = inner.name;
  }

  usdPrice(chainId: string, denom: string, now: number): PriceQuote | undefined {
    const key = `${chainId}\u0000${denom}`;
    const hit = this.memo.get(key);
    if (hit && now < hit.until) return hit.quote;
    const quote = this.inner.usdPrice(chainId, denom, now);
    if (this.memo.size >= this.maxEntries) this.memo.clear();
    this.memo.set(key, { quote, until: now + this.ttlMs });
    return quote;
  }
}
