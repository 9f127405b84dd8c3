/**
 * Layered prices: ask each source in order and take the first answer, which names its source. The pool-derived
 * table comes first so that, wherever the pools can price a denom, a route is judged against the market it trades in.
 */
import type { PriceQuote, PriceSource } from './types.js';

export class CompositePriceSource implements PriceSource {
  readonly name: string;

  constructor(readonly layers: readonly PriceSource[]) {
    this.name = `composite(${layers.map((l) => l.name).join(', ')})`;
  }

  usdPrice(chainId: string, denom: string, now: number): PriceQuote | undefined {
    for (const layer of this.layers) {
      const q = layer.usdPrice(chainId, denom, now);
      if (q) return q;
    }
    return undefined;
  }
}

/**
 * The recommended layering: pool-derived prices, then the live API when there is one, else the shipped snapshot.
 * The snapshot is deliberately not a fallback behind the live source: when the live API has been down past its
 * freshness limit, "not enough pricing information" (LOW_INFO) is the honest verdict, not a price from 2024.
 * Rebuild it (cheap) whenever the market store swaps in a new pool table.
 */
export function composePriceSources(parts: {
  pools?: PriceSource;
  live?: PriceSource;
  snapshot?: PriceSource;
}): CompositePriceSource {
  const layers: PriceSource[] = [];
  if (parts.pools) layers.push(parts.pools);
  const fallback = parts.live ?? parts.snapshot;
  if (fallback) layers.push(fallback);
  return new CompositePriceSource(layers);
}
