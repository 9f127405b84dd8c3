import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import {
  ATOM_ON_OSMOSIS,
  USDC_ON_DYDX,
  USDC_ON_NEUTRON,
  USDC_ON_NOLUS_VIA_OSMOSIS,
  USDC_ON_OSMOSIS,
  USDC_ON_QUICKSILVER_VIA_DYDX,
  testRegistry,
} from '../test-helpers/registry.js';
import { assembleRoute } from './assemble.js';
import { emptyMarket } from './market.js';
import { planRoute } from './engine.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();

function route(
  req: Partial<RouteRequestFields> &
    Pick<
      RouteRequestFields,
      'source_asset_chain_id' | 'source_asset_denom' | 'dest_asset_chain_id' | 'dest_asset_denom'
    >,
) {
  return assembleRoute(
    registry,
    planRoute(
      { registry, market: emptyMarket(registry), bridges: BRIDGE_SET },
      parseRouteQuery(registry, { amount_in: '1000000', ...req }),
    ),
  );
}

function routeError(req: Parameters<typeof route>[0]): ApiError {
  try {
    route(req);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected an error');
}

describe('IBC transfer routes on the mainnet registry', () => {
  it('Hub ATOM → Osmosis goes over the Hub channel-141 and mints the well-known voucher', () => {
    const r = route({
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ATOM_ON_OSMOSIS,
    });
    expect(r.operations).toHaveLength(1);
    const op = r.operations[0]!;
    expect('transfer' in op && op.transfer).toMatchObject({
      port: 'transfer',
      channel: 'channel-141',
      from_chain_id: 'cosmoshub-4',
      to_chain_id: 'osmosis-1',
      denom_in: 'uatom',
      denom_out: ATOM_ON_OSMOSIS,
      dest_denom: ATOM_ON_OSMOSIS,
      bridge_id: 'IBC',
      pfm_enabled: true,
      supports_memo: true,
    });
    expect(op).toMatchObject({ tx_index: 0, amount_in: '1000000', amount_out: '1000000' });
    expect(r).toMatchObject({
      chain_ids: ['cosmoshub-4', 'osmosis-1'],
      required_chain_addresses: ['cosmoshub-4', 'osmosis-1'],
      txs_required: 1,
      does_swap: false,
      amount_out: '1000000',
      estimated_amount_out: '1000000',
    });
    expect(r.estimated_route_duration_seconds).toBeGreaterThan(0);
  });

  it('Osmosis-held ATOM unwinds to the Hub over Osmosis channel-0 and arrives as uatom', () => {
    const r = route({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
    });
    expect(r.operations).toHaveLength(1);
    expect(r.operations[0]).toMatchObject({
      transfer: { channel: 'channel-0', from_chain_id: 'osmosis-1', to_chain_id: 'cosmoshub-4', denom_out: 'uatom' },
    });
  });

  it.each([
    ['osmosis-1', USDC_ON_OSMOSIS, 'channel-1'],
    ['neutron-1', USDC_ON_NEUTRON, 'channel-18'],
    ['dydx-mainnet-1', USDC_ON_DYDX, 'channel-33'],
  ])('Noble USDC → %s over Noble %s', (chain, denom, channel) => {
    const r = route({
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: chain,
      dest_asset_denom: denom,
    });
    expect(r.operations).toEqual([
      expect.objectContaining({
        transfer: expect.objectContaining({ channel, denom_in: 'uusdc', denom_out: denom, to_chain_id: chain }),
      }),
    ]);
    expect(r.txs_required).toBe(1);
  });

  it('ATOM on Osmosis → ATOM on Neutron unwinds through the Hub first, never wrapping twice', () => {
    const atomOnNeutron = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
    const r = route({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'neutron-1',
      dest_asset_denom: atomOnNeutron,
    });
    expect(r.chain_ids).toEqual(['osmosis-1', 'cosmoshub-4', 'neutron-1']);
    expect(r.operations.map((o) => 'transfer' in o && [o.transfer.channel, o.transfer.denom_out])).toEqual([
      ['channel-0', 'uatom'],
      ['channel-569', atomOnNeutron],
    ]);
    // The Hub forwards packets, so both hops ride in one transaction.
    expect(r.operations.map((o) => o.tx_index)).toEqual([0, 0]);
    expect(r.txs_required).toBe(1);
  });

  it('forwards through a packet-forwarding chain in one transaction (Noble → Osmosis → Nolus)', () => {
    const r = route({
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: 'pirin-1',
      dest_asset_denom: USDC_ON_NOLUS_VIA_OSMOSIS,
    });
    expect(r.chain_ids).toEqual(['noble-1', 'osmosis-1', 'pirin-1']);
    expect(r.operations.map((o) => 'transfer' in o && o.transfer.denom_out)).toEqual([
      USDC_ON_OSMOSIS,
      USDC_ON_NOLUS_VIA_OSMOSIS,
    ]);
    expect(r.txs_required).toBe(1);
  });

  it('a path through a chain without packet forwarding needs two transactions and is refused without allow_multi_tx', () => {
    const req = {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: 'quicksilver-2',
      dest_asset_denom: USDC_ON_QUICKSILVER_VIA_DYDX,
    };
    const err = routeError(req);
    // The Skip API's words (clients match them); Junction's reason rides in the ErrorInfo detail.
    expect(err.code).toBe(5);
    expect(err.httpStatus).toBe(404);
    expect(err.message).toBe('no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
    expect(err.details).toHaveLength(1);
    expect(err.details[0]).toMatchObject({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'MULTI_TX_REQUIRED',
      domain: 'skip.build',
    });
    expect(err.details[0]!.metadata.explanation).toMatch(
      /2 transactions.*dydx-mainnet-1 does not forward packets.*allow_multi_tx/,
    );
    const r = route({ ...req, allow_multi_tx: true });
    expect(r.txs_required).toBe(2);
    expect(r.operations.map((o) => o.tx_index)).toEqual([0, 1]);
    expect(r.chain_ids).toEqual(['noble-1', 'dydx-mainnet-1', 'quicksilver-2']);
  });

  it('amount_out solves the same route backwards (transfers keep the amount)', () => {
    const r = route({
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      amount_in: undefined,
      amount_out: '42',
    });
    expect(r.amount_in).toBe('42');
    expect(r.amount_out).toBe('42');
  });

  it('is deterministic', () => {
    const req = {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
    };
    expect(route(req)).toEqual(route(req));
  });
});

describe('route errors', () => {
  const base = {
    source_asset_chain_id: 'cosmoshub-4',
    source_asset_denom: 'uatom',
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: ATOM_ON_OSMOSIS,
  };

  it.each([
    [{ amount_in: '0' }, /amount_in: must be greater than zero/],
    [{ amount_in: '-5' }, /amount_in: "-5" is not a non-negative integer/],
    [{ amount_in: '1.5' }, /amount_in: "1.5" is not/],
    [{ amount_in: '1e6' }, /amount_in: "1e6" is not/],
    [{ amount_in: (2n ** 256n).toString() }, /amount_in: exceeds/],
    [{ amount_in: '1', amount_out: '1' }, /only one of amount_in and amount_out/],
    [{ amount_in: undefined }, /missing amount/],
    [{ source_asset_chain_id: 'nope-1' }, /source_asset_chain_id: unknown chain id "nope-1"/],
    [
      { dest_asset_denom: 'ibc/0000000000000000000000000000000000000000000000000000000000000000' },
      /dest_asset_denom: unknown denom/,
    ],
    [{ dest_asset_chain_id: 'cosmoshub-4', dest_asset_denom: 'uatom' }, /same asset/],
    [{ cumulative_affiliate_fee_bps: '10001' }, /cumulative_affiliate_fee_bps/],
  ])('%o → code 3', (patch, message) => {
    const err = routeError({ ...base, ...(patch as Partial<RouteRequestFields>) });
    expect(err.code).toBe(3);
    expect(err.httpStatus).toBe(400);
    expect(err.message).toMatch(message);
  });

  it.each([
    [{ bridges: ['CCTP'] as const }, /needs IBC transfers, which the request excludes/],
    [
      { dest_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uosmo' },
      /no bridge lane or enabled swap venue connects uatom/,
    ],
    [
      { dest_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uosmo', allow_multi_tx: true },
      /no bridge lane or enabled swap venue connects uatom/,
    ],
  ])('%o → 404, code 5, "no routes found" with the reason in details', (patch, reason) => {
    const err = routeError({ ...base, ...(patch as Partial<RouteRequestFields>) });
    expect(err.code).toBe(5);
    expect(err.httpStatus).toBe(404);
    expect(err.message).toBe('no routes found');
    expect(err.details.map((d) => d.reason)).toEqual(['NO_ROUTE']);
    expect(err.details[0]!.metadata.explanation).toMatch(reason);
  });
});
