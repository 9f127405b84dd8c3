/**
 * junction_gas_on_arrival over HTTP: /v2/fungible/route and /v2/fungible/msgs_direct accept it, answer it in the
 * wire Route (the field survives the response schema's serialisation), and a cached answer without it is not served
 * for a request with it (the response cache keys on the option). Without chain clients (buildApp with no TxService)
 * /msgs_direct cannot read the user's balance and delivers as asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Ajv } from 'ajv';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import { buildApp } from '../app.js';
import { Route } from '../../wire/route.js';
import { MsgsDirectResponse } from '../../wire/msgs.js';
import { USDC_ON_OSMOSIS, userAddress } from '../../test-helpers/registry.js';

let app: FastifyInstance;
let ctx: ReturnType<typeof buildContext>;
const ajv = new Ajv({ strict: false });
const validRoute = ajv.compile(Route);
const validDirect = ajv.compile(MsgsDirectResponse);

beforeAll(async () => {
  ctx = buildContext(loadConfig([], {}));
  app = await buildApp(ctx);
});
afterAll(() => app.close());

const nobleToOsmosis = {
  source_asset_denom: 'uusdc',
  source_asset_chain_id: 'noble-1',
  dest_asset_denom: USDC_ON_OSMOSIS,
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '100000000',
};

async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

describe('junction_gas_on_arrival over HTTP', () => {
  it('/v2/fungible/route: the same request with and without the option gets its own answer', async () => {
    const plain = await post('/v2/fungible/route', nobleToOsmosis);
    expect(plain.status).toBe(200);
    expect(plain.body.junction_gas_on_arrival).toBeUndefined();
    const withGas = await post('/v2/fungible/route', { ...nobleToOsmosis, junction_gas_on_arrival: true });
    expect(withGas.status).toBe(200);
    expect(validRoute(withGas.body), JSON.stringify(validRoute.errors)).toBe(true);
    expect(withGas.body.junction_gas_on_arrival).toMatchObject({ delivered: true, denom: 'uosmo', tx_index: 0 });
    expect(withGas.body.amount_in).toBe('100000000');
    expect(BigInt(withGas.body.amount_out)).toBeLessThan(BigInt(plain.body.amount_out));
  });

  it('/v2/fungible/msgs_direct: the answer carries the option and the first transaction both messages', async () => {
    const { status, body } = await post('/v2/fungible/msgs_direct', {
      ...nobleToOsmosis,
      junction_gas_on_arrival: true,
      chain_ids_to_addresses: {
        'noble-1': userAddress(ctx.registry, 'noble-1'),
        'osmosis-1': userAddress(ctx.registry, 'osmosis-1'),
      },
    });
    expect(status).toBe(200);
    expect(validDirect(body), JSON.stringify(validDirect.errors)).toBe(true);
    expect(body.route.junction_gas_on_arrival).toMatchObject({ delivered: true, balance_checked: false });
    expect(body.route.junction_gas_on_arrival.operations.length).toBeGreaterThan(0);
    expect(body.txs[0].cosmos_tx.msgs).toHaveLength(2);
  });

  it('refuses a junction_gas_on_arrival that is not a boolean, naming the field', async () => {
    const { status, body } = await post('/v2/fungible/route', { ...nobleToOsmosis, junction_gas_on_arrival: 'yes' });
    expect(status).toBe(400);
    expect(body.message).toMatch(/junction_gas_on_arrival/);
  });
});
