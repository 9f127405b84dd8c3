/**
 * A transaction that waits for an earlier one expires no sooner than its funds can arrive (tx-window.ts), and carries
 * nothing fixed at quote time that expires first (no svm_tx after the first transaction). Checked over a broad scan of
 * the routes Junction answers on the real registry and shipped market (src/test-helpers/route-scan.ts), decoding
 * every deadline of every transaction (src/messages/test-helpers/tx-deadlines.ts); the first transaction keeps the
 * deadlines it had.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eurekaLaneSeconds } from '../bridges/eureka/quote.js';
import { eurekaPacketTimeoutSeconds } from '../bridges/eureka/timeout.js';
import type { EurekaLane } from '../bridges/eureka/lanes.js';
import { requiredChainAddresses } from '../routing/assemble.js';
import { stepSeconds } from '../routing/duration.js';
import { parseRouteQuery } from '../routing/query.js';
import { quoteRoute } from '../routing/quote.js';
import type { PlannedRoute } from '../routing/types.js';
import { USDC_ON_OSMOSIS as NOBLE_USDC_OSMOSIS, userAddress } from '../test-helpers/registry.js';
import { scanContext, scanRoutes, USDC_ETHEREUM, type ScannedRoute } from '../test-helpers/route-scan.js';
import type { Tx } from '../wire/msgs.js';
import { buildMessages } from '../route-txs/build.js';
import { txDeadlines, type Deadline } from './test-helpers/tx-deadlines.js';

const NOW_MS = Date.UTC(2026, 10, 21);
const NOW_NS = BigInt(NOW_MS) * 1_000_000n;
const SECOND_NS = 1_000_000_000n;
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const SOLANA_USER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
/** A real mainnet blockhash shape (base58, 32 bytes); its freshness is irrelevant offline. */
const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k';
const TIMEOUTS = [300, 3_600] as const;
const AXLUSDC_POLYGON = '0x750e4C4984a9e0f12978eA6742Bc1c5D248f40ed';
const AXLUSDC_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';

const ctx = scanContext(NOW_MS);
const { registry } = ctx;

function addressOn(chainId: string): string {
  const type = registry.chain(chainId)!.wire.chain_type;
  if (type === 'evm') return EVM_USER;
  if (type === 'svm') return SOLANA_USER;
  return userAddress(registry, chainId);
}

/** The route's messages as /msgs builds them, with a Solana blockhash at hand for any transaction that wants one. */
function build(route: PlannedRoute, timeoutSeconds: number): Tx[] {
  const addresses = new Map(requiredChainAddresses(route).map((c) => [c, addressOn(c)]));
  return buildMessages(registry, route, addresses, {
    nowMs: NOW_MS,
    timeoutSeconds,
    solana: { recentBlockhash: BLOCKHASH, newKeypairSeed: () => new Uint8Array(32).fill(7) },
  }).txs;
}

/** Expected seconds, by the duration table, until the funds the step `firstStep` spends reach its chain. */
function arrivalSeconds(route: PlannedRoute, firstStep: number): number {
  return route.steps.slice(0, firstStep).reduce((s, step) => s + stepSeconds(step), 0);
}

const describeRoute = (r: ScannedRoute) =>
  `${r.request.source_asset_chain_id} ${r.request.source_asset_denom} → ${r.request.dest_asset_chain_id} ` +
  `${r.request.dest_asset_denom} (${r.request.amount_in}, go_fast ${String(r.request.go_fast)}, bridges ` +
  `${r.request.bridges?.join('+') ?? 'all'}): ` +
  r.planned.steps.map((s, i) => `${s.kind === 'bridge' ? s.lane.bridge : s.kind}@${r.planned.txIndices[i]}`).join(' ');

/** What starts a transaction, for the coverage tally: its first step's bridge, or IBC / a swap. */
function startedBy(route: PlannedRoute, firstStep: number): string {
  const s = route.steps[firstStep]!;
  return s.kind === 'bridge' ? s.lane.bridge : s.kind === 'transfer' ? 'IBC' : 'SWAP';
}

let multi: ScannedRoute[];
beforeAll(() => {
  multi = scanRoutes(ctx).filter((r) => r.planned.txIndices[r.planned.txIndices.length - 1]! > 0);
});

describe('deadlines of a multi-transaction route', () => {
  it('the scan holds multi-transaction routes of every kind of later transaction', () => {
    expect(multi.length).toBeGreaterThan(100);
    const starters = new Set<string>();
    for (const r of multi)
      r.planned.txIndices.forEach((tx, i) => {
        if (i > 0 && tx !== r.planned.txIndices[i - 1]) starters.add(startedBy(r.planned, i));
      });
    // Axelar from a Cosmos chain rides in the swap's transaction before it (the post-swap action sends it), so the
    // scan's later transactions no longer start with it; one that does is checked below (from Ethereum).
    expect([...starters].sort()).toEqual(expect.arrayContaining(['CCTP', 'EUREKA', 'GO_FAST', 'IBC', 'SWAP']));
  });

  it('USDC Noble → axlUSDC on Osmosis over CCTP then Axelar: the Axelar call after the mint times out after it', () => {
    const q = quoteRoute(
      ctx,
      parseRouteQuery(registry, {
        source_asset_chain_id: 'noble-1',
        source_asset_denom: 'uusdc',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: AXLUSDC_OSMOSIS,
        amount_in: '300000000',
        allow_multi_tx: true,
        allow_swaps: false,
        // Price safety (the relaying fees into Ethereum against this size) is not what is tested here.
        allow_unsafe: true,
        bridges: ['CCTP', 'AXELAR'],
      }),
    );
    const kinds = q.planned.steps.map((s) => (s.kind === 'bridge' ? s.lane.bridge : s.kind));
    expect(kinds).toEqual(['CCTP', 'AXELAR']);
    expect(q.planned.txIndices).toEqual([0, 1]);
    for (const timeoutSeconds of TIMEOUTS) {
      const later = build(q.planned, timeoutSeconds)[1]!;
      expect('evm_tx' in later && later.evm_tx.chain_id).toBe('1');
      const arrival = arrivalSeconds(q.planned, 1);
      for (const d of txDeadlines(later))
        expect(d.ns >= NOW_NS + BigInt(arrival + timeoutSeconds) * SECOND_NS).toBe(true);
    }
  });

  it('no svm_tx after the first transaction; every later deadline lies beyond now + the arrival + timeout_seconds', () => {
    const late: string[] = [];
    const kinds = new Set<string>();
    let checked = 0;
    for (const r of multi)
      for (const timeoutSeconds of TIMEOUTS) {
        const txs = build(r.planned, timeoutSeconds);
        txs.forEach((tx, k) => {
          if (k === 0) return;
          if ('svm_tx' in tx) {
            late.push(`${describeRoute(r)}: txs[${k}] is an svm_tx signed at quote time`);
            return;
          }
          const firstStep = tx.operations_indices[0]!;
          const arrival = arrivalSeconds(r.planned, firstStep);
          for (const d of txDeadlines(tx, `txs[${k}]`)) {
            checked++;
            kinds.add(kindOf(d));
            const after = (d.ns - NOW_NS) / SECOND_NS;
            // Done when: beyond the expected arrival at the transaction's chain; the rule: plus timeout_seconds.
            if (d.ns <= NOW_NS + BigInt(arrival) * SECOND_NS || after < arrival + timeoutSeconds)
              late.push(`${describeRoute(r)}: ${d.where} = now + ${after} s, funds expected after ${arrival} s`);
          }
        });
      }
    expect(late).toEqual([]);
    expect(checked).toBeGreaterThan(200);
    // Each kind of deadline a later transaction can carry was met and read.
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['Eureka packet', 'Go Fast order', 'IBC transfer', 'entry point']),
    );
  });

  it('USDC Ethereum → OSMO over CCTP: the transaction after the mint times out after it, not at now + 600 s', () => {
    const q = quoteRoute(
      ctx,
      parseRouteQuery(registry, {
        source_asset_chain_id: '1',
        source_asset_denom: USDC_ETHEREUM,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'uosmo',
        amount_in: '100000000',
        allow_multi_tx: true,
        bridges: ['CCTP', 'IBC'],
      }),
    );
    const cctp = q.planned.steps[0]!;
    expect(cctp.kind === 'bridge' && cctp.lane.bridge).toBe('CCTP');
    const later = build(q.planned, 300)[1]!;
    // Whether it starts on Noble (IBC to Osmosis, swap on arrival) or on Osmosis (a Noble forwarding account carried
    // the transfer): its funds arrive after the mint, ~1,170 s after the burn.
    const arrival = arrivalSeconds(q.planned, later.operations_indices[0]!);
    expect(arrival).toBeGreaterThanOrEqual(stepSeconds(cctp));
    expect(arrival).toBeGreaterThan(600);
    const deadlines = txDeadlines(later);
    expect(deadlines.some((d) => /swap_and_action\.timeout_timestamp$/.test(d.where))).toBe(true);
    // Every deadline alike (the IBC timeout, the swap's): twice the expected arrival, then the caller's 300 s.
    for (const d of deadlines) expect(d.ns).toBe(NOW_NS + BigInt(2 * arrival + 300) * SECOND_NS);
  });

  it('a Go Fast order sent once an Axelar transfer reaches Ethereum times out after that', () => {
    const q = quoteRoute(
      ctx,
      parseRouteQuery(registry, {
        source_asset_chain_id: '137',
        source_asset_denom: AXLUSDC_POLYGON,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: NOBLE_USDC_OSMOSIS,
        amount_in: '20000000000',
        allow_multi_tx: true,
        allow_unsafe: true,
        go_fast: true,
        bridges: ['AXELAR', 'GO_FAST', 'IBC'],
      }),
    );
    const kinds = q.planned.steps.map((s) => (s.kind === 'bridge' ? s.lane.bridge : s.kind));
    expect(kinds).toEqual(['AXELAR', 'GO_FAST']);
    expect(q.planned.txIndices).toEqual([0, 1]);
    const axelar = stepSeconds(q.planned.steps[0]!);
    const orders = txDeadlines(build(q.planned, 300)[1]!).filter((d) => kindOf(d) === 'Go Fast order');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.ns).toBe(NOW_NS + BigInt(2 * axelar + 300) * SECOND_NS);
  });
});

describe('the first transaction keeps its deadlines', () => {
  it('counted from the request: IBC transfers and Go Fast orders at now + timeout_seconds, Eureka by its rule', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const r of multi)
      for (const timeoutSeconds of TIMEOUTS) {
        const first = build(r.planned, timeoutSeconds)[0]!;
        const step = r.planned.steps[0]!;
        for (const d of txDeadlines(first)) {
          let expected: bigint | undefined;
          if (step.kind === 'bridge' && step.lane.bridge === 'EUREKA') {
            // The packet and everything tied to it (the relay quote, the fee's own timeout).
            if (!/wasm|swap_and_action|memo\.|msg\.action/.test(d.where) || /eureka_fee/.test(d.where))
              expected = BigInt(eurekaPacketTimeoutSeconds(eurekaLaneSeconds(step.lane as EurekaLane), timeoutSeconds));
          } else if (/MsgTransfer\.timeout_timestamp$|submitOrder\.timeoutTimestamp$/.test(d.where)) {
            expected = BigInt(timeoutSeconds);
          }
          if (expected === undefined) {
            // A step the transaction carries (an entry-point call on arrival): never before the transaction's own.
            if (d.ns < NOW_NS + BigInt(timeoutSeconds) * SECOND_NS) wrong.push(`${describeRoute(r)}: ${d.where}`);
            continue;
          }
          checked++;
          if (d.ns !== NOW_NS + expected * SECOND_NS)
            wrong.push(`${describeRoute(r)}: ${d.where} = now + ${(d.ns - NOW_NS) / SECOND_NS} s, not ${expected} s`);
        }
      }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('built exactly as the same steps alone would be, whatever follows them', () => {
    const differs: string[] = [];
    for (const r of multi) {
      const { planned } = r;
      const n = planned.txIndices.indexOf(1);
      const alone: PlannedRoute = {
        ...planned,
        steps: planned.steps.slice(0, n),
        txIndices: planned.txIndices.slice(0, n),
        amountOut: planned.steps[n - 1]!.amountOut,
      };
      // An exact-out swap later in the route pads the input: not the case in an exact-in scan.
      expect(planned.amountKind).toBe('in');
      const a = build(planned, 300)[0];
      const b = build(alone, 300)[0];
      if (JSON.stringify(a) !== JSON.stringify(b)) differs.push(describeRoute(r));
    }
    expect(differs).toEqual([]);
  });
});

/** Which kind of deadline a decoded one is, from where it was read. */
function kindOf(d: Deadline): string {
  if (/eureka_fee|MsgTransfer\(IBC v2\)/.test(d.where)) return 'Eureka packet';
  if (/submitOrder/.test(d.where)) return 'Go Fast order';
  if (/swap_and_action|action\.timeout_timestamp/.test(d.where)) return 'entry point';
  if (/MsgTransfer\.timeout_timestamp$/.test(d.where)) return 'IBC transfer';
  if (/sendTransfer|transfer\.transferParams|quoteExpiry/.test(d.where)) return 'Eureka from Ethereum';
  return d.where;
}
