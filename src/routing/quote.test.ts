/**
 * quoteRoute picks the best-ranked candidate that passes price safety: ranking alone puts fewer transactions first,
 * and the first candidate may lose more value than the safety rules accept while another, needing as many
 * transactions or more, loses nothing.
 */
import { describe, expect, it } from 'vitest';
import { planRoutes } from './engine.js';
import { parseRouteQuery } from './query.js';
import { quoteRoute } from './quote.js';
import type { PlannedRoute } from './types.js';
import { BRIDGE_SET } from '../bridges/index.js';
import { apiErrorOf } from '../test-helpers/api-error.js';
import { scanContext } from '../test-helpers/route-scan.js';

/** The shipped registry and market, every bridge, the default thresholds, a fixed request time. */
const ctx = scanContext(Date.UTC(2026, 10, 21));
const { registry, market } = ctx;

const request = (extra: Record<string, unknown> = {}) =>
  parseRouteQuery(registry, {
    source_asset_chain_id: 'cosmoshub-4',
    source_asset_denom: 'uatom',
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: 'uosmo',
    amount_in: '10000000',
    ...extra,
  });

/** The same route delivering half as much: what a route with a large fixed bridge fee looks like to the safety rules. */
const halved = (r: PlannedRoute): PlannedRoute => ({ ...r, amountOut: r.amountOut / 2n });

describe('quoteRoute and price safety', () => {
  const q = request();
  const [best] = planRoutes({ registry, market, bridges: BRIDGE_SET }, q);

  it('answers the best-ranked candidate when it is safe', () => {
    const quote = quoteRoute(ctx, q);
    expect(quote.planned).toEqual(best);
    expect(quote.route.warning ?? null).toBeNull();
  });

  it('skips a better-ranked candidate that the safety rules refuse, for the next one that passes', () => {
    const unsafe = halved(best!);
    const quote = quoteRoute(ctx, q, [unsafe, best!]);
    expect(quote.planned).toBe(best);
    expect(quote.route.amount_out).toBe(best!.amountOut.toString());
    expect(quote.route.warning ?? null).toBeNull();
  });

  it('with allow_unsafe, still prefers a safe candidate over a warning', () => {
    const qu = request({ allow_unsafe: true });
    const [b] = planRoutes({ registry, market, bridges: BRIDGE_SET }, qu);
    const quote = quoteRoute(ctx, qu, [halved(b!), b!]);
    expect(quote.planned).toBe(b);
    expect(quote.route.warning ?? null).toBeNull();
  });

  it('when no candidate passes, judges the best-ranked one: an error, or its warning with allow_unsafe', () => {
    expect(apiErrorOf(() => quoteRoute(ctx, q, [halved(best!), halved(halved(best!))])).reason).toBe('BAD_PRICE_ERROR');
    const qu = request({ allow_unsafe: true });
    const [b] = planRoutes({ registry, market, bridges: BRIDGE_SET }, qu);
    const first = halved(b!);
    const quote = quoteRoute(ctx, qu, [first, halved(first)]);
    expect(quote.planned).toBe(first);
    expect(quote.route.warning?.type).toBe('BAD_PRICE_WARNING');
  });
});
