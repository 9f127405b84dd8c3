/**
 * The answer when no route can be returned, worded as the Skip Go API words it: HTTP 404, code 5 (NOT_FOUND), and
 * one of two fixed messages that clients match on (the Skip widget tests `startsWith("no single-tx routes found")`
 * to offer multi-transaction routes; Osmosis' frontend classifies both as "no quotes"). Junction's own explanation
 * (which chain breaks the route, which venue cannot absorb the amount...) travels in an ErrorInfo detail.
 */
import { ApiError, errorInfo, GrpcCode } from '../errors.js';

const NO_SINGLE_TX_ROUTE_MESSAGE = 'no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true';
const NO_ROUTE_MESSAGE = 'no routes found';

/** ErrorInfo reasons of the detail (UPPER_SNAKE_CASE, as google.rpc.ErrorInfo asks). */
const NO_ROUTE_REASON = 'NO_ROUTE';
export const MULTI_TX_REQUIRED_REASON = 'MULTI_TX_REQUIRED';

export interface NoRouteFacts {
  /** Why candidates were dropped, in the order they were found (duplicates are removed here). */
  reasons: readonly string[];
  /** The request's destination chain: refusals of lanes that reach it are said first. */
  destChainId?: string;
  /** True when a route exists but needs several transactions and the request did not allow that. */
  multiTxRefused: boolean;
  /** Said when no candidate was even considered (e.g. no channel path, no venue trades the pair). */
  fallback: string;
}

/** The advice every multi-transaction reason ends with; the explanation says it once. */
export const ALLOW_MULTI_TX_ADVICE = 'set allow_multi_tx to true to accept it';
const MULTI_TX_REASON = /^the route needs (\d+) transactions because (.+); set allow_multi_tx to true to accept it$/;

/**
 * The reasons in one explanation, each said once: every candidate refused for its transaction count gives the same
 * advice (one such answer once repeated it 8 times in 2,130 characters), so those are summed up as the route with the
 * fewest transactions, how many others were refused for the same cause, and the advice once.
 */
export function explainRefusals(reasons: readonly string[], destChainId?: string): string {
  const other: string[] = [];
  const multi: { txs: number; why: string }[] = [];
  for (const r of groupLaneRefusals([...new Set(reasons)], destChainId)) {
    const m = MULTI_TX_REASON.exec(r);
    if (m) multi.push({ txs: Number(m[1]), why: m[2]! });
    else other.push(r);
  }
  if (multi.length === 0) return other.join('; ');
  multi.sort((a, b) => a.txs - b.txs);
  const [first, ...others] = multi as [(typeof multi)[0], ...typeof multi];
  const least = others[0]?.txs;
  const most = others[others.length - 1]?.txs;
  const range = least === most ? `${least}` : `${least} to ${most}`;
  const more =
    others.length > 0
      ? ` (${others.length} other route${others.length > 1 ? 's need' : ' needs'} ${range} transactions too)`
      : '';
  // The route that exists comes first: it is what the caller can act on; the refusals of other routes follow.
  return [
    `the route needs ${first.txs} transactions because ${first.why}${more}; ${ALLOW_MULTI_TX_ADVICE}`,
    ...other,
  ].join('; ');
}

/** A lane's refusal as the engine words it: "<bridge> from <chain> to <chain>: <why>". */
const LANE_REFUSAL = /^([A-Za-z][\w ]{0,30}?) from (\S+) to (\S+): (.+)$/;

/**
 * Lane refusals that differ only in where the lane goes are said once, naming every destination, and those of lanes
 * that reach the request's destination come first: a dust amount of USDC from Noble to Ethereum was refused by CCTP
 * to six chains, each its own sentence of the same words, and the lane the user asked about was one of them.
 */
function groupLaneRefusals(reasons: readonly string[], destChainId: string | undefined): string[] {
  const groups = new Map<string, { head: string; to: string[]; why: string; reachesDest: boolean; at: number }>();
  const out: { text: string; reachesDest: boolean; at: number }[] = [];
  reasons.forEach((r, at) => {
    const m = MULTI_TX_REASON.test(r) ? null : LANE_REFUSAL.exec(r);
    if (!m) {
      out.push({ text: r, reachesDest: false, at });
      return;
    }
    const [, bridge, from, to, why] = m as unknown as [string, string, string, string, string];
    const key = `${bridge}\u0000${from}\u0000${why}`;
    const group = groups.get(key);
    if (group) {
      group.to.push(to);
      group.reachesDest ||= to === destChainId;
    } else groups.set(key, { head: `${bridge} from ${from}`, to: [to], why, reachesDest: to === destChainId, at });
  });
  for (const g of groups.values())
    out.push({ text: `${g.head} to ${listOf(g.to)}: ${g.why}`, reachesDest: g.reachesDest, at: g.at });
  // Stable: lanes to the destination first, then everything in the order it was found.
  return out.sort((a, b) => Number(b.reachesDest) - Number(a.reachesDest) || a.at - b.at).map((o) => o.text);
}

function listOf(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

export function noRouteError(facts: NoRouteFacts): ApiError {
  const explanation = facts.reasons.length > 0 ? explainRefusals(facts.reasons, facts.destChainId) : facts.fallback;
  return new ApiError(GrpcCode.NOT_FOUND, facts.multiTxRefused ? NO_SINGLE_TX_ROUTE_MESSAGE : NO_ROUTE_MESSAGE, [
    errorInfo(facts.multiTxRefused ? MULTI_TX_REQUIRED_REASON : NO_ROUTE_REASON, { explanation }),
  ]);
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
