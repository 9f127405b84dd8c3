/**
 * Solana is a route's first or last chain, never one it passes through (svm-ends.ts): a Solana
 * transaction after the first would be built at quote time over a blockhash that expires within a minute or two,
 * and could only be signed once the earlier burn is attested and minted. Checked over the broad route scan on the
 * real registry and shipped market, on the pair that went through Solana (Noble → Ethereum under ~400 USDC), and
 * at the message builder.
 */
import { describe, expect, it } from 'vitest';
import { BRIDGE_SET } from '../bridges/index.js';
import { isRefusal, type BridgeStep } from '../bridges/types.js';
import type { ApiError } from '../errors.js';
import { buildMessages } from '../route-txs/build.js';
import { scanContext, scanRoutes, USDC_ETHEREUM, USDC_SOLANA } from '../test-helpers/route-scan.js';
import { userAddress } from '../test-helpers/registry.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { quoteRoute } from './quote.js';
import { laneGraph, type LaneEdge } from './lane-graph.js';
import type { Leg } from './search.js';
import { svmChainMidRoute, svmMidRouteRefusal } from './svm-ends.js';
import { stepFrom, stepTo, type PlannedRoute } from './types.js';

const NOW_MS = Date.UTC(2026, 10, 21);
const ctx = scanContext(NOW_MS);
const { registry } = ctx;
const isSvm = (chainId: string) => registry.chain(chainId)?.wire.chain_type === 'svm';

/** Chains a route passes through: where a step arrives and the next one leaves, other than its two ends. */
function middleSvmChains(route: PlannedRoute): string[] {
  const found: string[] = [];
  route.steps.forEach((s, i) => {
    if (i > 0 && isSvm(stepFrom(s))) found.push(`step ${i} leaves ${stepFrom(s)}`);
    if (i < route.steps.length - 1 && isSvm(stepTo(s))) found.push(`step ${i} arrives on ${stepTo(s)}`);
  });
  return found;
}

const nobleToEthereum = (amount: string): RouteRequestFields => ({
  source_asset_chain_id: 'noble-1',
  source_asset_denom: 'uusdc',
  dest_asset_chain_id: '1',
  dest_asset_denom: USDC_ETHEREUM,
  amount_in: amount,
  allow_multi_tx: true,
});

describe('Solana only at the ends of a route', () => {
  it('no route of the scan passes through Solana, and routes from and to Solana remain', () => {
    const routes = scanRoutes(ctx);
    const through = routes.flatMap((r) => middleSvmChains(r.planned).map((m) => `${JSON.stringify(r.request)}: ${m}`));
    expect(through).toEqual([]);
    const touching = routes.filter((r) => r.planned.steps.some((s) => isSvm(stepFrom(s)) || isSvm(stepTo(s))));
    expect(touching.some((r) => r.request.source_asset_chain_id === 'solana')).toBe(true);
    expect(touching.some((r) => r.request.dest_asset_chain_id === 'solana')).toBe(true);
  });

  it('Noble → Ethereum under ~400 USDC goes without Solana (it went Noble → Solana → Ethereum)', () => {
    // $5 is refused as unsafe by default once every fee and gas is priced (about 29 % lost), so it is asked with
    // allow_unsafe: the shape, not the safety verdict, is what this test is about.
    for (const amount of ['5000000', '100000000', '300000000']) {
      const request = { ...nobleToEthereum(amount), allow_unsafe: amount === '5000000' };
      const { planned } = quoteRoute(ctx, parseRouteQuery(registry, request));
      const chains = planned.steps.flatMap((s) => [stepFrom(s), stepTo(s)]);
      expect(chains, amount).not.toContain('solana');
      expect(stepTo(planned.steps[planned.steps.length - 1]!)).toBe('1');
    }
  });

  it('an amount only Solana could carry gets no route, and the explanation names the fee, not Solana', () => {
    let err: ApiError | undefined;
    try {
      quoteRoute(ctx, parseRouteQuery(registry, nobleToEthereum('10000')));
    } catch (e) {
      err = e as ApiError;
    }
    expect(err?.message).toBe('no routes found');
    const reasons = String(err!.details[0]!.metadata.explanation).split('; ');
    expect(reasons).toContainEqual(expect.stringMatching(/^CCTP from noble-1 to 1: the amount 10000 does not cover/));
    // The lane onto Solana, closed by smart_relay, could only have led through Solana, which no route does: its
    // closing is no reason to give for a transfer between Noble and Ethereum.
    expect(reasons.filter((r) => /solana/.test(r))).toEqual([]);
  });

  it('the rule itself: a shape through Solana is refused whatever its lanes, one from or to Solana is not', () => {
    const laneLeg = (from: string, to: string): Leg => {
      const e = laneGraph(registry, BRIDGE_SET).edges.find(
        (x) => x.lane.fromChainId === from && x.lane.toChainId === to,
      )!;
      return { kind: 'lane', bridge: e.bridge, lane: e.lane };
    };
    const none: Leg = { kind: 'ibc', hops: [] };
    const through = [none, laneLeg('noble-1', 'solana'), none, laneLeg('solana', '1'), none];
    expect(svmChainMidRoute(registry, 'noble-1', through)).toBe('solana');
    expect(svmMidRouteRefusal(registry, 'noble-1', through)).toMatch(
      /^a route through solana is not offered: .*blockhash/,
    );
    expect(svmChainMidRoute(registry, 'solana', [none, laneLeg('solana', 'noble-1'), none])).toBeUndefined();
    expect(svmChainMidRoute(registry, 'noble-1', [none, laneLeg('noble-1', 'solana'), none])).toBeUndefined();
    expect(svmChainMidRoute(registry, '1', [none, laneLeg('1', 'noble-1'), none, laneLeg('noble-1', '8453')])).toBe(
      undefined,
    );
  });

  it('the message builder refuses a later transaction that starts on Solana', () => {
    // Noble → Solana over CCTP, then Solana → Ethereum (CCTP V2 today): both real lanes of the registry.
    const lane = (from: string, to: string): LaneEdge =>
      laneGraph(registry, BRIDGE_SET).edges.find((e) => e.lane.fromChainId === from && e.lane.toChainId === to)!;
    const step = ({ bridge, lane: l }: LaneEdge, amount: bigint): BridgeStep => {
      const q = bridge.quote(l, amount, 'in');
      if (isRefusal(q)) throw new Error(q.refused);
      return {
        kind: 'bridge',
        bridge,
        lane: l,
        amountIn: q.amountIn,
        amountOut: q.amountOut,
        fees: q.fees,
        seconds: q.seconds,
      };
    };
    const first = step(lane('noble-1', 'solana'), 100_000_000n);
    const second = step(lane('solana', '1'), first.amountOut);
    const route: PlannedRoute = {
      source: registry.asset('noble-1', 'uusdc')!,
      dest: registry.asset('1', USDC_ETHEREUM)!,
      steps: [first, second],
      txIndices: [0, 1],
      amountIn: first.amountIn,
      amountOut: second.amountOut,
      amountKind: 'in',
    };
    const addresses = new Map([
      ['noble-1', userAddress(registry, 'noble-1')],
      ['solana', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
      ['1', '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829'],
    ]);
    const solana = {
      recentBlockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k',
      newKeypairSeed: () => new Uint8Array(32),
    };
    expect(() => buildMessages(registry, route, addresses, { nowMs: NOW_MS, timeoutSeconds: 300, solana })).toThrow(
      /later transaction of the route starts on solana/,
    );
    expect(USDC_SOLANA).toBe(lane('noble-1', 'solana').lane.denomOut);
  });
});
