import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ATOM_ON_OSMOSIS, testRegistry, userAddress } from '../test-helpers/registry.js';
import { testXykPool } from '../test-helpers/pools.js';
import { buildMarketView } from '../routing/market.js';
import { planRoute } from '../routing/engine.js';
import { parseRouteQuery } from '../routing/query.js';
import { requiredChainAddresses } from '../routing/assemble.js';
import { parseAffiliates, type AffiliatesByChain } from './affiliates.js';
import { buildMessages } from './build.js';
import { operatorBps, parseFeeAddresses, withOperatorShare, type RevenueShareConfig } from './revenue-share.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const OPERATOR = 'osmo1qqqsyqcyq5rqwzqfpg9scrgwpugpzysntdz28t'; // bytes 0..19 under the osmo prefix
const config: RevenueShareConfig = {
  anonymousPercent: 25,
  keyedPercent: 20,
  feeAddresses: new Map([['osmosis-1', OPERATOR]]),
};
const integrator = userAddress(registry, 'osmosis-1');

function affiliates(list: [string, number][]): AffiliatesByChain {
  return parseAffiliates(registry, {
    'osmosis-1': { affiliates: list.map(([address, bps]) => ({ address, basis_points_fee: String(bps) })) },
  });
}

describe('operator revenue share', () => {
  it('anonymous callers: 25 % of the integrator bps goes to the operator entry, the total is unchanged', () => {
    const out = withOperatorShare(affiliates([[integrator, 100]]), config, 'anonymous');
    expect(out.byChain.get('osmosis-1')).toEqual([
      { address: integrator, bps: 75 },
      { address: OPERATOR, bps: 25 },
    ]);
    expect(out.cumulativeBps).toBe(100);
  });

  it('keyed callers: 20 %', () => {
    expect(withOperatorShare(affiliates([[integrator, 100]]), config, 'key').byChain.get('osmosis-1')).toEqual([
      { address: integrator, bps: 80 },
      { address: OPERATOR, bps: 20 },
    ]);
  });

  it('no share on a chain without an operator fee address, and none of zero bps', () => {
    const none = withOperatorShare(
      affiliates([[integrator, 100]]),
      { ...config, feeAddresses: new Map() },
      'anonymous',
    );
    expect(none.byChain.get('osmosis-1')).toEqual([{ address: integrator, bps: 100 }]);
    expect(withOperatorShare(affiliates([[integrator, 3]]), config, 'key').byChain.get('osmosis-1')).toEqual([
      { address: integrator, bps: 3 },
    ]);
  });

  it("property: the split always sums to the integrators' total; nobody gets more than asked; the operator gets floor(total × share)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom<'key' | 'anonymous'>('key', 'anonymous'),
        (bpsList, tier) => {
          const total = bpsList.reduce((s, b) => s + b, 0);
          fc.pre(total <= 10_000);
          const input: AffiliatesByChain = {
            byChain: new Map([['osmosis-1', bpsList.map((bps, i) => ({ address: `a${i}`, bps }))]]),
            cumulativeBps: total,
          };
          const out = withOperatorShare(input, config, tier).byChain.get('osmosis-1')!;
          expect(out.reduce((s, a) => s + a.bps, 0)).toBe(total);
          const op = operatorBps(total, tier === 'key' ? 20 : 25);
          expect(out.find((a) => a.address === OPERATOR)?.bps ?? 0).toBe(op);
          for (const a of out)
            if (a.address !== OPERATOR) expect(a.bps).toBeLessThanOrEqual(bpsList[Number(a.address.slice(1))]!);
        },
      ),
    );
  });

  it('appears in the built swap message, decoded', () => {
    const VENUE = { name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: '' };
    const pool = testXykPool('1', VENUE.name, [ATOM_ON_OSMOSIS, 10n ** 12n], ['uosmo', 8n * 10n ** 12n]);
    const market = buildMarketView(
      registry,
      [
        {
          venue: VENUE,
          snapshot: { venue: VENUE.name, chainId: 'osmosis-1', pools: [pool], takenAt: new Date(0), source: 'test' },
        },
      ],
      1,
    );
    const route = planRoute(
      { registry, market, bridges: BRIDGE_SET },
      parseRouteQuery(registry, {
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: ATOM_ON_OSMOSIS,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'uosmo',
        amount_in: '1000000',
        cumulative_affiliate_fee_bps: '50',
      }),
    );
    const addrs = new Map(requiredChainAddresses(route).map((c) => [c, userAddress(registry, c)]));
    const shared = withOperatorShare(affiliates([[integrator, 50]]), config, 'anonymous');
    const plain = buildMessages(registry, route, addrs, {
      nowMs: 0,
      timeoutSeconds: 300,
      affiliates: affiliates([[integrator, 50]]),
    });
    const withShare = buildMessages(registry, route, addrs, { nowMs: 0, timeoutSeconds: 300, affiliates: shared });
    const sa = (b: typeof plain) => {
      const tx = b.txs[0]!;
      if (!('cosmos_tx' in tx)) throw new Error('cosmos tx expected');
      return JSON.parse(tx.cosmos_tx.msgs[0]!.msg).msg.swap_and_action;
    };
    expect(sa(withShare).affiliates).toEqual([
      { basis_points_fee: '38', address: integrator },
      { basis_points_fee: '12', address: OPERATOR },
    ]);
    // The user's guaranteed minimum is the one the integrator quoted.
    expect(sa(withShare).min_asset).toEqual(sa(plain).min_asset);
  });

  it('parses OPERATOR_FEE_ADDRESSES', () => {
    expect(parseFeeAddresses('osmosis-1=osmo1x, neutron-1=neutron1y')).toEqual(
      new Map([
        ['osmosis-1', 'osmo1x'],
        ['neutron-1', 'neutron1y'],
      ]),
    );
    expect(() => parseFeeAddresses('osmosis-1')).toThrow(/chain-id=address/);
    expect(parseFeeAddresses(undefined).size).toBe(0);
  });
});
