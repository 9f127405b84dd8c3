/**
 * Route alternatives (POST /junction/routes): the candidates the engine ranked, those that pass price safety (under
 * allow_unsafe, those that fail it too, with their warnings, when the first fails it), distinct, no detour that an
 * offered route over fewer chains beats on value, signatures and time (`detourOf`), no more than MAX_PER_SHAPE of one
 * shape while others wait, at most MAX_ALTERNATIVES, the first being the route
 * /v2/fungible/route answers. Each says why it ranks where it does: what it costs on top of its amounts (fees and
 * gas, in USD), how many signatures it needs and how long it takes, compared with the first. Pure.
 */
import type { Decimal } from '../pricing/index.js';
import { formatUsd, usdValueOf } from '../pricing/index.js';
import type { RankedRoute, RouteRanking } from '../wire/alternatives.js';
import { planCandidates, type Candidate } from './engine.js';
import { gasToHold } from './gas/gas-to-hold.js';
import { judgeRoute, noSingleTxAnswer, quoteRoute, renderQuote, type QuoteContext } from './quote.js';
import { stepFrom, stepTo, txsRequired, type PlannedRoute, type RouteQuery, type Step } from './types.js';

const MAX_ALTERNATIVES = 5;

interface Ranked {
  candidate: Candidate;
  ranking: Omit<RouteRanking, 'rank' | 'why'> & { net: Decimal | undefined };
}

/** Steps that make two routes the same route for a user: kinds, chains, bridges, venues and pools. */
function identity(route: PlannedRoute): string {
  const step = (s: Step) =>
    s.kind === 'transfer'
      ? `ibc:${s.hop.fromChainId}:${s.hop.channel}`
      : s.kind === 'bridge'
        ? `${s.lane.bridge}:${s.lane.fromChainId}:${s.lane.toChainId}:${s.lane.denomIn}:${s.fees.length}`
        : `swap:${s.chainId}:${s.routes.map((r) => r.path.map((h) => h.pool.id).join('/')).join('+')}`;
  return route.steps.map(step).join('|');
}

/**
 * Routes of one shape (the same kinds of step over the same bridges and venues, through other chains) offered at most
 * this many times while other shapes wait: OSMO → USDC on Arbitrum offered the same CCTP-then-transfer route through
 * four different EVM chains at the same cost, and nothing else.
 */
const MAX_PER_SHAPE = 2;

function shapeOf(route: PlannedRoute): string {
  return route.steps
    .map((s) => (s.kind === 'transfer' ? 'ibc' : s.kind === 'bridge' ? s.lane.bridge : `swap:${s.venue.name}`))
    .filter((k, i, all) => k !== 'ibc' || all[i - 1] !== 'ibc')
    .join('|');
}

function rankingOf(ctx: QuoteContext, q: RouteQuery, c: Candidate, judged: ReturnType<typeof judgeRoute>): Ranked {
  const { registry, market, nowMs } = ctx;
  const { costs } = judged;
  const costsUsd = costs.additionalFeesUsd.add(costs.gasUsd);
  const priced = costs.unpriced === 0;
  const end =
    q.amount.kind === 'in'
      ? judged.usdOut
      : usdValueOf(
          market.prices,
          registry,
          c.route.source.wire.chain_id,
          c.route.source.wire.denom,
          c.route.amountIn,
          nowMs,
        )?.usd;
  const net = end && priced ? (q.amount.kind === 'in' ? end.sub(costsUsd) : end.add(costsUsd)) : undefined;
  const claimChains = costs.gas.filter((g) => g.txIndex === undefined).map((g) => g.chainId);
  const claims = claimChains.length;
  return {
    candidate: c,
    ranking: {
      usd_costs_on_top: priced ? formatUsd(costsUsd) : null,
      usd_fees_on_top: priced ? formatUsd(costs.additionalFeesUsd) : null,
      usd_gas: priced ? formatUsd(costs.gasUsd) : null,
      usd_net: net ? formatUsd(net) : null,
      signatures: txsRequired(c.route) + claims,
      claims,
      estimated_route_duration_seconds: c.seconds,
      needs_gas_on: gasToHold(registry, c.route, claimChains),
      net,
    },
  };
}

/** The chains a route passes through. */
function chainsOf(route: PlannedRoute): Set<string> {
  return new Set(route.steps.flatMap((s) => [stepFrom(s), stepTo(s)]));
}

/** The bridges a route crosses by. */
function bridgesOf(route: PlannedRoute): Set<string> {
  return new Set(route.steps.flatMap((s) => (s.kind === 'bridge' ? [s.lane.bridge] : [])));
}

const covers = (big: Set<string>, small: Set<string>) => [...small].every((x) => big.has(x));

/**
 * Whether `a` is a detour of `b` that gives the user nothing for it: `a` passes through every chain `b` does and more,
 * crossing by every bridge `b` does (and maybe others), and `b` gives at least as much value after fees and gas (`net`,
 * the free side's amount: more delivered, or less spent for an exact output), needs no more signatures and takes no
 * longer, and is better in one of them (Arbitrum → Polygon by fast CCTP, then CCTP into Noble, beside the direct burn).
 * Routes over the same chains by other forms, relayers or venues, and routes by other bridges, stay alternatives even
 * when they cost more: which to trust is the user's choice.
 */
function detourOf(q: RouteQuery, b: Ranked, a: Ranked): boolean {
  const [mine, theirs] = [chainsOf(a.candidate.route), chainsOf(b.candidate.route)];
  if (mine.size <= theirs.size || !covers(mine, theirs)) return false;
  if (!covers(bridgesOf(a.candidate.route), bridgesOf(b.candidate.route))) return false;
  const [x, y] = [a.candidate.net, b.candidate.net];
  const value = q.amount.kind === 'in' ? y - x : x - y;
  const signatures = a.ranking.signatures - b.ranking.signatures;
  const seconds = a.ranking.estimated_route_duration_seconds - b.ranking.estimated_route_duration_seconds;
  return value >= 0n && signatures >= 0 && seconds >= 0 && (value > 0n || signatures > 0 || seconds > 0);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why `r` ranks below `first` (or, for the first, why it leads). */
function why(ctx: QuoteContext, q: RouteQuery, r: Ranked, first: Ranked, isFirst: boolean): string {
  const chainName = (id: string) => ctx.registry.chain(id)?.wire.pretty_name ?? id;
  const a = r.ranking;
  const b = first.ranking;
  const facts = `${plural(a.signatures, 'signature')}, about ${a.estimated_route_duration_seconds} s`;
  const costs =
    (a.usd_costs_on_top !== null ? `, ${a.usd_costs_on_top} USD in fees on top and gas` : '') +
    (a.needs_gas_on.length > 0 ? `; needs gas already held on ${a.needs_gas_on.map(chainName).join(', ')}` : '');
  if (isFirst) {
    // Ranking weighs each signature after the first (route-cost.ts, SIGNATURE_WEIGHT_BPS): say so.
    const lead = q.goFast
      ? 'the fastest of the cheapest routes (go_fast)'
      : 'the most value after fees and gas, each extra signature weighed at 0.05 % of the amount (at most 1 USD)';
    return `${lead}: ${facts}${costs}`;
  }
  const parts: string[] = [];
  if (a.net && b.net && !a.net.eq(b.net)) {
    const diff = formatUsd(a.net.sub(b.net).abs());
    const worse = q.amount.kind === 'in' ? a.net.lt(b.net) : a.net.gt(b.net);
    const verb = q.amount.kind === 'in' ? 'delivers' : 'spends';
    const more = q.amount.kind === 'in' ? 'more' : 'less';
    const less = q.amount.kind === 'in' ? 'less' : 'more';
    parts.push(`${verb} ${diff} USD ${worse ? less : more} after fees and gas`);
  } else if (r.candidate.net !== first.candidate.net) {
    parts.push(q.amount.kind === 'in' ? 'delivers less after fees' : 'spends more after fees');
  } else parts.push('as cheap after fees and gas');
  if (a.signatures !== b.signatures)
    parts.push(`needs ${plural(a.signatures, 'signature')} instead of ${b.signatures}`);
  if (a.estimated_route_duration_seconds !== b.estimated_route_duration_seconds)
    parts.push(
      `takes about ${a.estimated_route_duration_seconds} s instead of ${b.estimated_route_duration_seconds} s`,
    );
  return `compared with #1: ${parts.join('; ')} (${facts}${costs})`;
}

/**
 * When every route offered needs as many signatures as the first or more, but a safe route needing fewer exists, it
 * takes the last place: a user weighing a cheaper detour through another chain should see the simpler route too
 * (it ranks lower, so the order stays by rank).
 */
function offerFewerSignatures(ctx: QuoteContext, q: RouteQuery, candidates: Candidate[], ranked: Ranked[]): void {
  const first = ranked[0];
  if (!first || ranked.length < 2) return;
  const least = Math.min(...ranked.map((r) => txsRequired(r.candidate.route)));
  if (least < txsRequired(first.candidate.route)) return;
  const offered = new Set(ranked.map((r) => identity(r.candidate.route)));
  for (const c of candidates) {
    if (txsRequired(c.route) >= least || offered.has(identity(c.route))) continue;
    const judged = judgeRoute(ctx, q, c.route);
    if (judged.verdict.kind === 'error') continue;
    if (ranked.length >= MAX_ALTERNATIVES) ranked.pop();
    ranked.push(rankingOf(ctx, q, c, judged));
    return;
  }
}

/**
 * Up to MAX_ALTERNATIVES ranked routes. Errors as /v2/fungible/route would answer them when no route can be given:
 * the first is the route quoteRoute picks, so both endpoints agree.
 */
export function rankedAlternatives(ctx: QuoteContext, q: RouteQuery): RankedRoute[] {
  let candidates: Candidate[];
  try {
    candidates = planCandidates(ctx, q);
  } catch (err) {
    // As quoteRoute answers a planning error: no single-transaction route, and no route of any shape passes price
    // safety, is that route's safety error, not MULTI_TX_REQUIRED.
    throw noSingleTxAnswer(ctx, q, err);
  }
  const chosen = quoteRoute(
    ctx,
    q,
    candidates.map((c) => c.route),
  );
  const ranked: Ranked[] = [];
  const seen = new Set<string>();
  const perShape = new Map<string, number>();
  let firstSafe = false;
  const add = (c: Candidate, shapeCap: number) => {
    const key = identity(c.route);
    const kind = shapeOf(c.route);
    if (seen.has(key) || ranked.length >= MAX_ALTERNATIVES || (perShape.get(kind) ?? 0) >= shapeCap) return;
    const judged = judgeRoute(ctx, q, c.route);
    if (judged.verdict.kind === 'error') return;
    // Under allow_unsafe a route that fails price safety is offered beside others only when the first fails it too:
    // next to a safe route, one that loses 97 % of the amount is no alternative.
    if (judged.verdict.kind === 'warning' && firstSafe) return;
    const r = rankingOf(ctx, q, c, judged);
    if (ranked.some((o) => detourOf(q, o, r))) return;
    if (ranked.length === 0) firstSafe = judged.verdict.kind === 'ok';
    seen.add(key);
    perShape.set(kind, (perShape.get(kind) ?? 0) + 1);
    ranked.push(r);
  };
  add(
    candidates.find((c) => c.route === chosen.planned)!,
    Infinity,
  );
  for (const c of candidates) add(c, MAX_PER_SHAPE);
  // Places left once every shape had its share go to the next routes of any shape, then all keep the engine's order.
  for (const c of candidates) add(c, Infinity);
  const order = new Map(candidates.map((c, i) => [c, i]));
  const [head, ...rest] = ranked;
  rest.sort((a, b) => order.get(a.candidate)! - order.get(b.candidate)!);
  if (head) ranked.splice(0, ranked.length, head, ...rest);
  offerFewerSignatures(ctx, q, candidates, ranked);
  const first = ranked[0]!;
  return ranked.map((r, i) => {
    const judged = judgeRoute(ctx, q, r.candidate.route);
    const { route } = renderQuote(ctx, r.candidate.route, judged);
    const { net: _net, ...figures } = r.ranking;
    return { ...route, junction_ranking: { rank: i + 1, why: why(ctx, q, r, first, i === 0), ...figures } };
  });
}
