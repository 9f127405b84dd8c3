/**
 * Gas on arrival (junction_gas_on_arrival) on the real registry and the shipped market: where it is offered, the
 * route's shape and amounts when it is delivered (the slice's own operations end in a swap into the gas token on the
 * destination; the route's operations carry the rest of the input), and each reason it is not.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { DEFAULT_SAFETY_THRESHOLDS, Decimal } from '../pricing/index.js';
import { ATOM_ON_OSMOSIS, USDC_ON_OSMOSIS, testRegistry } from '../test-helpers/registry.js';
import { BRIDGE_SET } from '../bridges/index.js';
import { GAS_ON_ARRIVAL_USD, gasOnArrivalOffers, quoteWithGasOnArrival } from './gas-on-arrival.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { quoteRoute, type QuoteContext } from './quote.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
const ctx: QuoteContext = {
  registry,
  market,
  bridges: BRIDGE_SET,
  thresholds: DEFAULT_SAFETY_THRESHOLDS,
  nowMs: Date.parse('2026-11-26T00:00:00Z'),
};
const NTRN = 'untrn';

function withGas(body: RouteRequestFields) {
  return quoteWithGasOnArrival(ctx, parseRouteQuery(registry, { ...body, junction_gas_on_arrival: true }));
}

const nobleToOsmosis = (amount: string): RouteRequestFields => ({
  source_asset_chain_id: 'noble-1',
  source_asset_denom: 'uusdc',
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: USDC_ON_OSMOSIS,
  amount_in: amount,
});

describe('gas on arrival', () => {
  it('is offered on the Cosmos chains whose venue trades the gas token: Osmosis (OSMO) and Neutron (NTRN)', () => {
    expect(gasOnArrivalOffers(registry, market).map((o) => `${o.chainId}:${o.denom}`)).toEqual([
      'osmosis-1:uosmo',
      'neutron-1:untrn',
    ]);
  });

  it('USDC Noble → Osmosis: a slice of 0.25 USD becomes OSMO on Osmosis in transaction 0, the rest is the route', () => {
    const { quote, branch } = withGas(nobleToOsmosis('100000000'));
    const r = quote.route;
    const gas = r.junction_gas_on_arrival!;
    expect(gas.delivered).toBe(true);
    expect(gas).toMatchObject({ chain_id: 'osmosis-1', denom: 'uosmo', tx_index: 0, amount_in: '250000' });
    // What the user spends is the whole amount; the route's own operations carry it less the slice.
    expect(r.amount_in).toBe('100000000');
    expect(r.operations[0]!.amount_in).toBe('99750000');
    expect(r.amount_out).toBe('99750000');
    expect(r.usd_amount_in).toBe('100.00');
    // The slice's own operations: the transfer to Osmosis, then a swap into OSMO there.
    const ops = gas.operations!;
    expect(ops.map((o) => Object.keys(o).find((k) => k !== 'tx_index' && !k.startsWith('amount')))).toEqual([
      'transfer',
      'swap',
    ]);
    expect(ops.every((o) => o.tx_index === 0)).toBe(true);
    expect(ops[ops.length - 1]!.amount_out).toBe(gas.amount_out);
    expect(BigInt(gas.amount_out!)).toBeGreaterThan(0n);
    // Worth about what was asked for (fees and impact aside).
    const usd = Decimal.parse(gas.usd_amount_out!);
    expect(usd.lte(GAS_ON_ARRIVAL_USD)).toBe(true);
    expect(usd.gt(Decimal.parse('0.2'))).toBe(true);
    expect(branch?.dest.wire.denom).toBe('uosmo');
    // Without the option the same request delivers the whole amount and says nothing about gas.
    const plain = quoteRoute(ctx, parseRouteQuery(registry, nobleToOsmosis('100000000'))).route;
    expect(plain.amount_out).toBe('100000000');
    expect(plain.junction_gas_on_arrival).toBeUndefined();
  });

  it('ATOM on the Hub → ATOM on Neutron: NTRN on Neutron, the slice swapped on Astroport', () => {
    const atomOnNeutron = [...registry.listedAssets('neutron-1')].find(
      (a) => a.wire.origin_chain_id === 'cosmoshub-4' && a.wire.origin_denom === 'uatom',
    )!.wire.denom;
    const { quote } = withGas({
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'neutron-1',
      dest_asset_denom: atomOnNeutron,
      amount_in: '100000000',
    });
    const gas = quote.route.junction_gas_on_arrival!;
    expect(gas).toMatchObject({ delivered: true, chain_id: 'neutron-1', denom: NTRN });
    const swap = gas.operations!.find((o) => 'swap' in o) as { swap: { chain_id: string; denom_out: string } };
    expect(swap.swap).toMatchObject({ chain_id: 'neutron-1', denom_out: NTRN });
    expect(BigInt(quote.route.amount_in)).toBe(BigInt(quote.route.operations[0]!.amount_in) + BigInt(gas.amount_in!));
  });

  it('exact out: the asset asked for arrives in full, the slice adds to what is spent', () => {
    const body = { ...nobleToOsmosis('1'), amount_in: undefined, amount_out: '50000000' };
    const { quote } = withGas(body);
    const r = quote.route;
    expect(r.junction_gas_on_arrival!.delivered).toBe(true);
    expect(r.amount_out).toBe('50000000');
    expect(BigInt(r.amount_in)).toBe(50_000_000n + BigInt(r.junction_gas_on_arrival!.amount_in!));
  });

  it('says why it is not delivered: not offered there, not needed, too small, not from an EVM chain', () => {
    const why = (body: RouteRequestFields) => {
      const a = withGas(body).quote.route.junction_gas_on_arrival!;
      expect(a.delivered).toBe(false);
      return a.reason;
    };
    // The Hub has no venue.
    expect(
      why({
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: ATOM_ON_OSMOSIS,
        dest_asset_chain_id: 'cosmoshub-4',
        dest_asset_denom: 'uatom',
        amount_in: '100000000',
      }),
    ).toMatch(/^not offered on cosmoshub-4: offered on osmosis-1, neutron-1/);
    // The asset asked for is the gas token.
    expect(why({ ...nobleToOsmosis('100000000'), dest_asset_denom: 'uosmo' })).toMatch(/is the gas token/);
    // A same-chain swap: the user signs on Osmosis, so holds OSMO.
    expect(
      why({
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: ATOM_ON_OSMOSIS,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: USDC_ON_OSMOSIS,
        amount_in: '100000000',
      }),
    ).toMatch(/starts on this chain/);
    // 1 USDC: 0.25 USD would be a quarter of it.
    expect(why(nobleToOsmosis('1000000'))).toMatch(/more than 10 %/);
    // From Ethereum: an EVM transaction cannot carry the slice's IBC message.
    expect(
      why({
        ...nobleToOsmosis('100000000'),
        source_asset_chain_id: '1',
        source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        allow_multi_tx: true,
      }),
    ).toMatch(/^not offered from 1:/);
  });
});
