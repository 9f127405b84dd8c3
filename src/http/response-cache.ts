/**
 * Identical quote requests in quick succession (a wallet re-quoting every second, many users asking the same amount)
 * share one computed answer: the exact request text maps to the serialised response for `ttlMs`, within one market
 * version. The answer is a pure function of the request, the market and the prices, and the price layer itself only
 * refreshes live figures every second, so within the TTL a recomputation would return the same bytes.
 */
export interface CachedResponse<Extra> {
  json: string;
  extra: Extra;
}

export class ResponseCache<Extra> {
  private entries = new Map<string, { value: CachedResponse<Extra>; expires: number; version: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string, version: number, now: number): CachedResponse<Extra> | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== version || e.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, version: number, now: number, value: CachedResponse<Extra>): void {
    if (!this.enabled) return;
    // Expired entries are dropped wholesale when the map is full: they are at most ttlMs old anyway.
    if (this.entries.size >= this.maxEntries) this.entries = new Map();
    this.entries.set(key, { value, expires: now + this.ttlMs, version });
  }
}
