/**
 * The heading of a refused route request, as a user reads it: a price-safety refusal is not "No route" (a route
 * exists; Junction refuses to let it lose that much), and a route that needs more transactions than allowed says so.
 * Chosen by the ErrorInfo reason the server sends (src/pricing/safety.ts, src/routing/no-route.ts).
 */

interface RefusalLike {
  details?: readonly { reason?: string }[];
}

const TITLES: Record<string, string> = {
  BAD_PRICE_ERROR: 'Price refused: the route loses too much of its value',
  HIGH_LOSS_ERROR: 'Price refused: the route loses too much of its value',
  LOW_INFO_ERROR: 'Price refused: the route cannot be valued',
  MULTI_TX_REQUIRED: 'No single-transaction route',
  NO_ROUTE: 'No route',
};

export function refusalTitle(error: unknown): string {
  const reasons = (error as RefusalLike | null)?.details?.map((d) => d.reason) ?? [];
  for (const reason of reasons) if (reason && TITLES[reason]) return TITLES[reason];
  return 'Route request failed';
}
