/**
 * The answer when no route can be returned, worded as the Skip Go API words it: HTTP 404, code 5 (NOT_FOUND), and
 * one of two fixed messages that clients match on (the Skip widget tests `startsWith("no single-tx routes found")`
 * to offer multi-transaction routes; Osmosis' frontend classifies both as "no quotes"). Junction's own explanation
 * (which chain breaks the route, which venue cannot absorb the amount...) travels in an ErrorInfo detail.
 */
import { ApiError, errorInfo, GrpcCode } from '../errors.js';
import { ALLOW_MULTI_TX_ADVICE, refusalText, type Refusal } from './refusals.js';

const NO_SINGLE_TX_ROUTE_MESSAGE = 'no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true';
const NO_ROUTE_MESSAGE = 'no routes found';

/** ErrorInfo reasons of the detail (UPPER_SNAKE_CASE, as google.rpc.ErrorInfo asks). */
const NO_ROUTE_REASON = 'NO_ROUTE';
const MULTI_TX_REQUIRED_REASON = 'MULTI_TX_REQUIRED';

export interface NoRouteFacts {
  /** Why candidates were dropped, in the order they were found (repeats are said once). */
  reasons: readonly Refusal[];
  /** The request's destination chain: refusals of lanes that reach it are said first. */
  destChainId?: string;
  /** True when a route exists but needs several transactions and the request did not allow that. */
  multiTxRefused: boolean;
  /** Said when no candidate was even considered (e.g. no channel path, no venue trades the pair). */
  fallback: string;
  /** The best multi-transaction route that passes price safety, said right after the route that exists. */
  bestSafeRoute?: string;
}

/**
 * The reasons in one explanation, each said once: every candidate refused for its transaction count gives the same
 * advice (one such answer once repeated it 8 times in 2,130 characters), so those are summed up as the route with the
 * fewest transactions, how many others were refused for the same cause, and the advice once. The route that exists
 * comes first (it is what the caller can act on), then the best safe route when known, then other routes' refusals.
 */
export function explainRefusals(reasons: readonly Refusal[], destChainId?: string, bestSafeRoute?: string): string {
  const unique = [...new Map(reasons.map((r) => [refusalText(r), r])).values()];
  const multi = unique.filter((r) => r.kind === 'multi_tx').sort((a, b) => a.txs - b.txs);
  const other = groupLaneRefusals(
    unique.filter((r) => r.kind !== 'multi_tx'),
    destChainId,
  );
  const [first, ...others] = multi;
  if (!first) return [...(bestSafeRoute ? [bestSafeRoute] : []), ...other].join('; ');
  const least = others[0]?.txs;
  const most = others[others.length - 1]?.txs;
  const range = least === most ? `${least}` : `${least} to ${most}`;
  const more =
    others.length > 0
      ? ` (${others.length} other route${others.length > 1 ? 's need' : ' needs'} ${range} transactions too)`
      : '';
  return [
    `the route needs ${first.txs} transactions because ${first.why}${more}; ${ALLOW_MULTI_TX_ADVICE}`,
    ...(bestSafeRoute ? [bestSafeRoute] : []),
    ...other,
  ].join('; ');
}

type LaneRefusal = Extract<Refusal, { kind: 'lane' }>;

/**
 * Lane refusals that differ only in where the lane goes are said once, naming every destination, and those of lanes
 * that reach the request's destination come first: a dust amount of USDC from Noble to Ethereum was refused by CCTP
 * to six chains, each its own sentence of the same words, and the lane the user asked about was one of them.
 */
function groupLaneRefusals(reasons: readonly Refusal[], destChainId: string | undefined): string[] {
  const groups = new Map<string, { first: LaneRefusal; to: string[]; reachesDest: boolean; at: number }>();
  const out: { text: string; reachesDest: boolean; at: number }[] = [];
  reasons.forEach((r, at) => {
    if (r.kind !== 'lane') {
      out.push({ text: refusalText(r), reachesDest: false, at });
      return;
    }
    const key = `${r.bridge}\u0000${r.from}\u0000${r.why}`;
    const group = groups.get(key);
    if (group) {
      group.to.push(r.to);
      group.reachesDest ||= r.to === destChainId;
    } else groups.set(key, { first: r, to: [r.to], reachesDest: r.to === destChainId, at });
  });
  for (const { first, to, reachesDest, at } of groups.values())
    out.push({ text: `${first.bridge} from ${first.from} to ${listOf(to)}: ${first.why}`, reachesDest, at });
  // Stable: lanes to the destination first, then everything in the order it was found.
  return out.sort((a, b) => Number(b.reachesDest) - Number(a.reachesDest) || a.at - b.at).map((o) => o.text);
}

function listOf(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/** The no-route answer; it keeps its facts, so a later step (quote.ts) can add the best safe route to them. */
export class NoRouteError extends ApiError {
  constructor(readonly facts: NoRouteFacts) {
    const explanation =
      facts.reasons.length > 0
        ? explainRefusals(facts.reasons, facts.destChainId, facts.bestSafeRoute)
        : [facts.fallback, ...(facts.bestSafeRoute ? [facts.bestSafeRoute] : [])].join('; ');
    super(GrpcCode.NOT_FOUND, facts.multiTxRefused ? NO_SINGLE_TX_ROUTE_MESSAGE : NO_ROUTE_MESSAGE, [
      errorInfo(facts.multiTxRefused ? MULTI_TX_REQUIRED_REASON : NO_ROUTE_REASON, { explanation }),
    ]);
  }
}

export function noRouteError(facts: NoRouteFacts): NoRouteError {
  return new NoRouteError(facts);
}

/**
 * MULTI_TX_REQUIRED when single-transaction routes exist but none passes price safety while a multi-transaction one
 * does: the same words clients match on, with the safe route's shape in the explanation.
 */
export function multiTxRequiredError(explanation: string): ApiError {
  return new ApiError(GrpcCode.NOT_FOUND, NO_SINGLE_TX_ROUTE_MESSAGE, [
    errorInfo(MULTI_TX_REQUIRED_REASON, { explanation }),
  ]);
}
