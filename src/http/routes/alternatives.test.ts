/**
 * POST /junction/routes on the offline server: ranked, distinct alternatives in the wire Route shape, the first being
 * /v2/fungible/route's answer, each with its ranking and each accepted by /v2/fungible/msgs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { buildTestApp, post, type TestApp } from '../test-helpers/app.js';
import { userAddress } from '../../test-helpers/registry.js';
import { AlternativesResponse } from '../../wire/alternatives.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());
const valid = new Ajv({ strict: false }).compile(AlternativesResponse);

const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';

const requests = {
  'USDC Ethereum → Noble, 1,000 USDC': {
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETHEREUM,
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    amount_in: '1000000000',
    allow_multi_tx: true,
  },
  'USDC Ethereum → Osmosis, 1,000 USDC': {
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETHEREUM,
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: USDC_OSMOSIS,
    amount_in: '1000000000',
    allow_multi_tx: true,
  },
  'USDC Ethereum → Noble, exact out 1,000 USDC': {
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETHEREUM,
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    amount_out: '1000000000',
    allow_multi_tx: true,
  },
};

const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const SOLANA_USER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
function addressOn(chainId: string): string {
  const type = t.ctx.registry.chain(chainId)?.wire.chain_type;
  return type === 'evm' ? EVM_USER : type === 'svm' ? SOLANA_USER : userAddress(t.ctx.registry, chainId);
}

type Ranked = {
  operations: object[];
  required_chain_addresses: string[];
  amount_in: string;
  amount_out: string;
  usd_amount_in?: string;
  usd_amount_out?: string;
  estimated_amount_out: string;
  source_asset_denom: string;
  source_asset_chain_id: string;
  dest_asset_denom: string;
  dest_asset_chain_id: string;
  txs_required: number;
  estimated_route_duration_seconds: number;
  junction_ranking: { rank: number; why: string; signatures: number; usd_net: string | null };
};

const opsOf = (r: Ranked) =>
  r.operations.map(
    (o) =>
      Object.entries(o).find(([k]) => !['tx_index', 'amount_in', 'amount_out'].includes(k))! as [
        string,
        Record<string, unknown>,
      ],
  );
/** The chains an offered route passes through, read from its operations. */
const chainsOf = (r: Ranked) =>
  new Set(
    opsOf(r).flatMap(([, op]) =>
      [op.from_chain_id, op.to_chain_id, op.chain_id].filter((c): c is string => typeof c === 'string'),
    ),
  );
/** The bridges it crosses by (its operations other than IBC transfers and swaps). */
const bridgesOf = (r: Ranked) =>
  new Set(opsOf(r).flatMap(([k]) => (['transfer', 'swap', 'evm_swap'].includes(k) ? [] : [k])));
const covers = (big: Set<string>, small: Set<string>) => [...small].every((x) => big.has(x));

/**
 * No detour is offered beside a route over fewer of its chains and no other bridge that is at least as good in value
 * after fees and gas, signatures and time, and better in one: a user would never take it.
 */
function expectNoDominated(body: object, routes: Ranked[]): void {
  const exactIn = 'amount_in' in body;
  const value = (r: Ranked) => (exactIn ? 1 : -1) * Number(r.junction_ranking.usd_net);
  for (const a of routes)
    for (const b of routes) {
      if (a === b || a.junction_ranking.usd_net === null || b.junction_ranking.usd_net === null) continue;
      const [ca, cb] = [chainsOf(a), chainsOf(b)];
      if (ca.size <= cb.size || !covers(ca, cb) || !covers(bridgesOf(a), bridgesOf(b))) continue;
      const better =
        value(b) >= value(a) &&
        b.junction_ranking.signatures <= a.junction_ranking.signatures &&
        b.estimated_route_duration_seconds <= a.estimated_route_duration_seconds;
      const strictly =
        value(b) > value(a) ||
        b.junction_ranking.signatures < a.junction_ranking.signatures ||
        b.estimated_route_duration_seconds < a.estimated_route_duration_seconds;
      expect(better && strictly, `#${a.junction_ranking.rank} offered beside #${b.junction_ranking.rank}`).toBe(false);
    }
}

describe('POST /junction/routes', () => {
  it.each(Object.entries(requests))('%s: ranked distinct routes, the first as /route answers', async (_, body) => {
    const res = await post(t.app, '/junction/routes', body);
    expect(res.statusCode, res.body).toBe(200);
    const { routes } = res.json() as { routes: Ranked[] };
    expect(valid(res.json()), JSON.stringify(valid.errors)).toBe(true);
    expect(routes.length).toBeGreaterThanOrEqual(1);
    expect(routes.length).toBeLessThanOrEqual(5);
    expectNoDominated(body, routes);
    expect(routes.map((r) => r.junction_ranking.rank)).toEqual(routes.map((_r, i) => i + 1));
    expect(new Set(routes.map((r) => JSON.stringify(r.operations))).size).toBe(routes.length);
    const single = await post(t.app, '/v2/fungible/route', body);
    expect(single.statusCode).toBe(200);
    const { junction_ranking: ranking, ...first } = routes[0]!;
    expect(first).toEqual(single.json());
    expect(ranking.why).toMatch(
      /^the most value after fees and gas, each extra signature weighed at 0.05 % of the amount \(at most 1 USD\): \d+ signatures?, about \d+ s/,
    );
    for (const r of routes.slice(1)) expect(r.junction_ranking.why).toMatch(/^compared with #1: .*signature/);
    // Ranked by net value when every route's costs are priced, each signature after the first weighed at 0.05 % of
    // the amount on the free side (at most 1 USD): no later route is worth more (within a cent of rounding).
    const exactIn = 'amount_in' in body;
    const score = (r: Ranked) => {
      const { usd_net, signatures } = r.junction_ranking;
      if (usd_net === null) return null;
      const weight = Math.min(1, 0.0005 * Number(exactIn ? r.usd_amount_out : r.usd_amount_in));
      return Number(usd_net) + (exactIn ? -1 : 1) * (signatures - 1) * weight;
    };
    const scores = routes.map(score);
    if (scores.every((n) => n !== null)) {
      for (let i = 1; i < scores.length; i++)
        if (exactIn) expect(scores[i]!).toBeLessThanOrEqual(scores[0]! + 0.01);
        else expect(scores[i]!).toBeGreaterThanOrEqual(scores[0]! - 0.01);
    }
  });

  it.each(Object.entries(requests))('%s: /v2/fungible/msgs accepts every alternative', async (_, body) => {
    const { routes } = (await post(t.app, '/junction/routes', body)).json() as { routes: Ranked[] };
    for (const r of routes) {
      const res = await post(t.app, '/v2/fungible/msgs', {
        source_asset_chain_id: r.source_asset_chain_id,
        source_asset_denom: r.source_asset_denom,
        dest_asset_chain_id: r.dest_asset_chain_id,
        dest_asset_denom: r.dest_asset_denom,
        amount_in: r.amount_in,
        amount_out: r.estimated_amount_out,
        address_list: r.required_chain_addresses.map((c) => addressOn(c)),
        operations: r.operations,
        slippage_tolerance_percent: '1',
      });
      expect(res.statusCode, `${r.junction_ranking.rank}: ${res.body}`).toBe(200);
      expect(res.json().txs).toHaveLength(r.txs_required);
    }
  });

  it('answers the error /route answers when no route can be given', async () => {
    const body = { ...requests['USDC Ethereum → Noble, 1,000 USDC'], amount_in: '100' };
    const alt = await post(t.app, '/junction/routes', body);
    const single = await post(t.app, '/v2/fungible/route', body);
    expect(single.statusCode).not.toBe(200);
    expect(alt.statusCode).toBe(single.statusCode);
    expect(alt.json()).toEqual(single.json());
  });

  it('answers the safety error /route answers when only multi-transaction routes exist and none passes price safety', async () => {
    // 1 OSMO → USDC on Ethereum, multi-transaction routes not allowed: no single-transaction route exists, and the
    // best multi-transaction one loses most of its 0.48 USD to gas. /route answers that route's BAD_PRICE_ERROR;
    // /junction/routes answered MULTI_TX_REQUIRED (code 5), sending the user to allow_multi_tx for a route that is
    // refused anyway (found by a scan comparing both endpoints' errors).
    const body = {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: '1',
      dest_asset_denom: USDC_ETHEREUM,
      amount_in: '1000000',
    };
    const single = await post(t.app, '/v2/fungible/route', body);
    expect(single.statusCode, single.body).toBe(400);
    expect(single.json().details[0].reason).toBe('BAD_PRICE_ERROR');
    const alt = await post(t.app, '/junction/routes', body);
    expect(alt.json()).toEqual(single.json());
  });

  it('says where a route needs gas the user must already hold: a later signature on an L2 where only USDC arrives', async () => {
    // 100 USDC on Noble → ETH on Arbitrum: CCTP, then the swap on Arbitrum, signed there with the USDC that arrived.
    const body = {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '42161',
      dest_asset_denom: 'arbitrum-native',
      amount_in: '100000000',
      allow_multi_tx: true,
      smart_swap_options: { evm_swaps: true },
    };
    const { routes } = (await post(t.app, '/junction/routes', body)).json() as {
      routes: (Ranked & { junction_ranking: { needs_gas_on: string[]; claims: number } })[];
    };
    const chainsSigned = (r: Ranked) => [
      ...new Set(
        r.operations.map((o) => {
          const op = Object.values(o).find((v) => typeof v === 'object' && v !== null) as Record<string, string>;
          return `${(o as { tx_index: number }).tx_index}:${op.from_chain_id ?? op.chain_id}`;
        }),
      ),
    ];
    for (const r of routes) {
      if (r.junction_ranking.claims > 0) continue; // a claim's chain is not in the operations
      // Every transaction after the first starts on an EVM chain where USDC arrives: each needs that chain's ETH.
      const later = chainsSigned(r)
        .filter((k) => !k.startsWith('0:'))
        .map((k) => k.split(':')[1]!)
        .filter((c) => c !== 'noble-1');
      expect(r.junction_ranking.needs_gas_on).toEqual([...new Set(later)]);
      const names = [...new Set(later)].map((c) => t.ctx.registry.chain(c)!.wire.pretty_name);
      if (later.length > 0) expect(r.junction_ranking.why).toContain(`needs gas already held on ${names.join(', ')}`);
    }
    expect(routes[0]!.junction_ranking.needs_gas_on).toEqual(['42161']);
  });

  it('Cosmos chains are not judged: the burn signed on Noble with the USDC that arrived asks for nothing', async () => {
    const body = {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: USDC_OSMOSIS,
      dest_asset_chain_id: '1',
      dest_asset_denom: USDC_ETHEREUM,
      amount_in: '1000000000',
      allow_multi_tx: true,
      bridges: ['IBC', 'CCTP'],
      // Unrelayed: the burn is the user's own Noble transaction (relayed, Noble's Orbiter burns on arrival instead),
      // and the user mints on Ethereum, where gas is judged.
      smart_relay: false,
    };
    const { routes } = (await post(t.app, '/junction/routes', body)).json() as {
      routes: (Ranked & { junction_ranking: { needs_gas_on: string[] } })[];
    };
    const viaNoble = routes.find((r) => r.txs_required === 2);
    expect(viaNoble, JSON.stringify(routes.map((r) => r.junction_ranking))).toBeDefined();
    expect(viaNoble!.junction_ranking.needs_gas_on).toEqual(['1']);
  });

  it('offers at most two routes of one shape while routes of other shapes wait', async () => {
    // OSMO → exactly 1,000 USDC on Arbitrum: the same swap, IBC and CCTP into an EVM chain, then CCTP V2 on to
    // Arbitrum, exists through several EVM chains at about the same cost; four of them used to fill the list, and
    // then their shape was capped at two.
    const body = {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: '42161',
      dest_asset_denom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      amount_out: '1000000000',
      allow_multi_tx: true,
    };
    const { routes } = (await post(t.app, '/junction/routes', body)).json() as {
      routes: (Ranked & { operations: Record<string, unknown>[]; junction_ranking: { rank: number } })[];
    };
    const shape = (r: { operations: Record<string, unknown>[] }) =>
      r.operations
        .map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)))
        .join('>');
    const counts = new Map<string, number>();
    for (const r of routes) counts.set(shape(r), (counts.get(shape(r)) ?? 0) + 1);
    // Those detours spend more, need a second signature and take longer than the direct route: none is offered.
    expectNoDominated(body, routes);
    expect(routes.length).toBeGreaterThanOrEqual(1);
    // The first route stands; the others keep their order of rank.
    expect(routes.map((r) => r.junction_ranking.rank)).toEqual(routes.map((_, i) => i + 1));
    expect(
      Math.max(...[...counts.entries()].filter(([k]) => k !== shape(routes[0]!)).map(([, n]) => n)),
    ).toBeLessThanOrEqual(2);
  });

  it('offers the routes that trade one thing for another: ETH → OSMO by CCTP (cheaper, two signatures) or Axelar (one)', async () => {
    const body = {
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '1000000000000000000',
      allow_multi_tx: true,
      smart_swap_options: { evm_swaps: true },
    };
    const { routes } = (await post(t.app, '/junction/routes', body)).json() as { routes: Ranked[] };
    expectNoDominated(body, routes);
    const kinds = (r: Ranked) => r.operations.map((o) => Object.keys(o).find((k) => k !== 'tx_index'));
    expect(routes.length).toBeGreaterThanOrEqual(2);
    const first = routes[0];
    const second = routes.find((r) => kinds(r).includes('axelar_transfer'));
    expect(kinds(first!)).toContain('cctp_transfer');
    expect(second).toBeDefined();
    expect(Number(first!.junction_ranking.usd_net)).toBeGreaterThan(Number(second!.junction_ranking.usd_net));
    expect(second!.junction_ranking.signatures).toBeLessThan(first!.junction_ranking.signatures);
    expect(second!.junction_ranking.why).toMatch(
      /delivers [\d.]+ USD less after fees and gas; needs 1 signature instead of 2/,
    );
  });

  it('with allow_unsafe, offers no route that fails price safety beside a first route that passes it', async () => {
    // 1,000 USDC from dYdX to OP Mainnet: the CCTP route is safe; split routes through thin pools lose nearly all.
    const body = {
      source_asset_chain_id: 'dydx-mainnet-1',
      source_asset_denom: 'ibc/8E27BA2D5493AF5636760E354E46004562C46AB7EC0CC4C1CA14E9E20E2545B5',
      dest_asset_chain_id: '10',
      dest_asset_denom: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
      amount_in: '1000000000',
      allow_multi_tx: true,
      allow_unsafe: true,
      smart_relay: false,
      split_routes: true,
    };
    const { routes } = (await post(t.app, '/junction/routes', body)).json() as {
      routes: (Ranked & { warning?: unknown })[];
    };
    expect(routes[0]!.warning).toBeUndefined();
    expect(routes.filter((r) => r.warning !== undefined)).toEqual([]);
    for (const r of routes) expect(Number(r.amount_out)).toBeGreaterThan(900_000_000);
  });
});
