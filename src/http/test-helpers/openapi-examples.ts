/**
 * The answer examples of the OpenAPI document are real answers of the offline server: this module sends the
 * requests below to the whole application (access layer with an API key, transaction service, embedded store) built
 * from the default offline configuration, with one local Cosmos chain (Osmosis, src/tx/test-helpers/cosmos-network.ts)
 * for the calls that need a node. `npm run openapi:examples` writes what it answers to
 * src/http/openapi-examples.generated.ts, which src/http/docs.ts puts into the document; openapi-examples.test.ts
 * answers the same requests again and fails when the committed examples are no longer what the server says.
 *
 * Lists are cut to their first three entries (examples show the shape), and the parts of an answer that differ from
 * run to run (times, generated ids, the store's temporary path) are masked when comparing, never in the examples.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createAccess } from '../../auth/access.js';
import { createKey } from '../../auth/keys-command.js';
import { silentLog } from '../../auth/log.js';
import { eventually, sqliteTestStore } from '../../auth/test-helpers/servers.js';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import { FakeCosmosNetwork } from '../../tx/test-helpers/cosmos-network.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import { buildApp } from '../app.js';
import { EXAMPLES, SIGNED_OSMOSIS_TX, SIGNED_OSMOSIS_TX_SENDER } from '../examples.js';

import type { GeneratedExamples } from '../openapi-examples.generated.js';

export type { GeneratedExamples };

/** Lists longer than this are cut in examples. */
const MAX_ITEMS = 3;

/** Cuts every list to its first entries. */
export function abbreviate(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(abbreviate);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abbreviate(v)]));
  return value;
}

/**
 * What changes between two runs of the same requests, replaced by a placeholder when comparing: the times the server
 * or the chain write (ISO times, nanosecond timeouts, ages and uptime), ids and secrets it generates, and where the
 * embedded store lives.
 */
const VOLATILE: [RegExp, string][] = [
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>'],
  [/(timeout_timestamp\\*"\s*:\s*\\*"?)\d+/g, '$1<ns>'],
  [/("uptime_seconds":)[\d.]+/g, '$10'],
  [/\d+ s old/g, '<n> s old'],
  [/(embedded SQLite at )[^"]*/g, '$1<path>'],
  [/("(id|secret|key_id)":")[^"]+/g, '$1<generated>'],
  [/retry in \d+ s/g, 'retry in <n> s'],
  [/("deadline":")[^"]+/g, '$1<time>'],
];

export function masked(value: unknown): unknown {
  let text = JSON.stringify(value);
  for (const [re, by] of VOLATILE) text = text.replace(re, by);
  return JSON.parse(text);
}

const OSMOSIS_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const q = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/**
 * Answers the example requests and returns what they answered, abbreviated. Takes a few seconds: it builds the
 * registry and runs the tracking worker until the example transaction is complete on the local chain.
 */
export async function generateExamples(): Promise<GeneratedExamples> {
  const net = new FakeCosmosNetwork();
  // A fixed chain clock: block times in the examples do not depend on the day they were made.
  net.now = Date.parse('2026-01-15T12:00:00Z');
  const osmosis = net.chain('osmosis-1');
  osmosis.setBalance(OSMOSIS_USER, 'uosmo', 12_500_000n);
  await net.start();
  const store = await sqliteTestStore();
  const ctx = buildContext(loadConfig([], {}));
  const { key } = await createKey(store.store, 'example');
  const access = await createAccess(
    store.store,
    {
      // The defaults (ANON_RATE_PER_SECOND, ANON_BURST), so that the 429 example says what a default server says.
      anonymous: { ratePerSecond: ctx.config.anonRatePerSecond, burst: ctx.config.anonBurst },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'examples:',
    },
    silentLog,
  );
  const { rpc, rest } = net.settings();
  const tx = testTxService({ store: store.store, registry: ctx.registry, rpc, rest, runWorker: true });
  const app = await buildApp(ctx, { access, tx });
  // The answer of the error handler to an exception nobody expected (no endpoint throws one on purpose).
  app.get('/__examples/unexpected', { schema: { hide: true } }, async () => {
    throw new Error('an unexpected failure');
  });
  await app.ready();
  await tx.start();
  try {
    return await collect(app, ctx.lifecycle, key, osmosis);
  } finally {
    await tx.stop();
    await app.close();
    await access.close();
    await store.cleanup();
    await net.stop();
  }
}

async function collect(
  app: FastifyInstance,
  lifecycle: { draining: boolean; closing: boolean },
  key: string,
  osmosis: ReturnType<FakeCosmosNetwork['chain']>,
): Promise<GeneratedExamples> {
  const out: GeneratedExamples = { operations: {}, errors: {} };
  type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; body?: unknown; anonymous?: boolean; raw?: string };
  const send = (c: Call): Promise<LightMyRequestResponse> =>
    app.inject({
      method: c.method,
      url: c.url,
      headers: {
        ...(c.anonymous ? {} : { authorization: key }),
        ...(c.body !== undefined || c.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(c.raw !== undefined ? { payload: c.raw } : c.body !== undefined ? { payload: JSON.stringify(c.body) } : {}),
    });
  const json = (res: LightMyRequestResponse) =>
    String(res.headers['content-type']).startsWith('application/json') ? (res.json() as unknown) : res.body;
  /** Records the answer of `call` as an example of its operation; it must answer `status`. */
  const op = async (operation: string, call: Call, summary: string, status = 200, name = 'example') => {
    const res = await send(call);
    if (res.statusCode !== status)
      throw new Error(`${operation}: expected ${status}, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
    ((out.operations[operation] ??= {})[String(status)] ??= {})[name] = { summary, value: abbreviate(json(res)) };
    return res;
  };
  /** Records the answer of `call` as a named example of a shared error response. */
  const error = async (response: string, name: string, call: Call, summary: string, status: number) => {
    const res = await send(call);
    if (res.statusCode !== status)
      throw new Error(`${response}.${name}: expected ${status}, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
    (out.errors[response] ??= {})[name] = { summary, value: json(res) };
  };
  const body = (k: string) => EXAMPLES[k];

  // Operator endpoints.
  await op('GET /health', { method: 'GET', url: '/health' }, 'an instance on the offline defaults');
  await op('GET /health/live', { method: 'GET', url: '/health/live' }, 'the process answers');
  await op('GET /health/ready', { method: 'GET', url: '/health/ready' }, 'the instance takes requests');

  // Info and assets (lists abbreviated).
  await op('GET /v2/info/chains', { method: 'GET', url: q('/v2/info/chains', { chain_ids: 'osmosis-1' }) }, 'Osmosis');
  await op('GET /v2/info/bridges', { method: 'GET', url: '/v2/info/bridges' }, 'the bridges this instance routes over');
  await op('GET /v2/fungible/venues', { method: 'GET', url: '/v2/fungible/venues' }, 'the swap venues');
  await op(
    'GET /v2/fungible/assets',
    { method: 'GET', url: q('/v2/fungible/assets', { chain_ids: 'cosmoshub-4', native_only: 'true' }) },
    'native assets of the Cosmos Hub',
  );
  const between = { source_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1' };
  await op(
    'GET /v2/fungible/assets_between_chains',
    { method: 'GET', url: q('/v2/fungible/assets_between_chains', between) },
    'assets that move between the Cosmos Hub and Osmosis',
  );
  for (const k of [
    'POST /v2/fungible/assets_between_chains',
    'POST /v2/fungible/assets_from_source',
    'POST /v2/fungible/recommend_assets',
    'POST /v2/fungible/ibc_origin_assets',
    'POST /v2/fungible/route',
    'POST /v2/fungible/msgs',
    'POST /v2/fungible/msgs_direct',
    'POST /junction/routes',
  ]) {
    const [method, url] = k.split(' ') as ['POST', string];
    await op(k, { method, url, body: body(k) }, 'the answer to the request example');
  }

  // Chain-facing endpoints, against the local Osmosis node.
  await op(
    'POST /v2/info/balances',
    { method: 'POST', url: '/v2/info/balances', body: body('POST /v2/info/balances') },
    'the balance read from the chain node',
  );
  const submitted = await op(
    'POST /v2/tx/submit',
    { method: 'POST', url: '/v2/tx/submit', body: body('POST /v2/tx/submit') },
    'broadcast accepted into the mempool; tracking started',
  );
  const hash = (submitted.json() as { tx_hash: string }).tx_hash;
  // The chain includes it (a bank send: no transfer to follow), and the worker sees it complete.
  osmosis.include([{ type: 'message', attributes: [{ key: 'sender', value: SIGNED_OSMOSIS_TX_SENDER }] }], {
    txBytes: Buffer.from(SIGNED_OSMOSIS_TX, 'base64'),
  });
  const status = q('/v2/tx/status', { chain_id: 'osmosis-1', tx_hash: hash });
  await eventually(
    async () =>
      ((await send({ method: 'GET', url: status })).json() as { state?: string }).state === 'STATE_COMPLETED_SUCCESS',
    60_000,
    'the example transaction to complete',
  );
  await op('GET /v2/tx/status', { method: 'GET', url: status }, 'the submitted transaction, included and complete');
  await op(
    'GET /junction/tx/events',
    { method: 'GET', url: q('/junction/tx/events', { chain_id: 'osmosis-1', tx_hash: hash }) },
    'a transaction already complete: one event, then the stream ends',
  );
  await op(
    'POST /v2/tx/track',
    { method: 'POST', url: '/v2/tx/track', body: body('POST /v2/tx/track') },
    'tracking started',
  );

  // Key holders' extensions.
  await op(
    'GET /junction/usage',
    { method: 'GET', url: q('/junction/usage', { month: '2026-01' }) },
    "the key's statistics of a month",
  );
  const created = await op(
    'POST /junction/webhooks',
    { method: 'POST', url: '/junction/webhooks', body: body('POST /junction/webhooks') },
    'registered; the secret is shown only here',
  );
  const id = (created.json() as { id: string }).id;
  await op('GET /junction/webhooks', { method: 'GET', url: '/junction/webhooks' }, "the key's webhooks");
  await op(
    'GET /junction/webhooks/{id}/deliveries',
    { method: 'GET', url: `/junction/webhooks/${id}/deliveries` },
    'deliveries of a webhook',
  );
  await op('DELETE /junction/webhooks/{id}', { method: 'DELETE', url: `/junction/webhooks/${id}` }, 'removed');

  // Errors, shared by the operations that can answer them.
  const route = body('POST /v2/fungible/route') as Record<string, unknown>;
  await error(
    'BadRequest',
    'invalid_field',
    { method: 'POST', url: '/v2/fungible/route', body: { ...route, amount_in: '10 ATOM' } },
    'a field that does not fit its schema: the message names it',
    400,
  );
  await error(
    'BadRequest',
    'malformed_json',
    { method: 'POST', url: '/v2/fungible/route', raw: '{"source_asset_denom": ' },
    'a body that is not JSON',
    400,
  );
  await error(
    'BadRequest',
    'bad_price',
    {
      method: 'POST',
      url: '/v2/fungible/route',
      body: { ...route, amount_in: '5000000000000' },
    },
    'price safety: the swap would lose too much of its USD value (ErrorInfo BAD_PRICE_ERROR; allow_unsafe returns it with a warning)',
    400,
  );
  await error(
    'Unauthorized',
    'missing_key',
    { method: 'GET', url: '/junction/usage', anonymous: true },
    'a feature for key holders, called without a key',
    401,
  );
  await error(
    'NotFound',
    'multi_tx_required',
    {
      method: 'POST',
      url: '/v2/fungible/route',
      body: {
        // USDC itself now arrives in one transaction (the burn mints to a Noble forwarding account); a swap on
        // Osmosis after it cannot ride along, so OSMO over CCTP takes a second transaction.
        source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        source_asset_chain_id: '1',
        dest_asset_denom: 'uosmo',
        dest_asset_chain_id: 'osmosis-1',
        amount_in: '100000000',
        bridges: ['CCTP', 'IBC'],
      },
    },
    'only a route of several transactions exists (ErrorInfo MULTI_TX_REQUIRED): set allow_multi_tx',
    404,
  );
  await error(
    'NotFound',
    'no_route',
    {
      method: 'POST',
      url: '/v2/fungible/route',
      body: { ...route, bridges: ['CCTP'] },
    },
    'no route at all (ErrorInfo NO_ROUTE, with the reason in metadata.explanation)',
    404,
  );
  await error(
    'NotFound',
    'tx_not_found',
    { method: 'GET', url: q('/v2/tx/status', { chain_id: 'osmosis-1', tx_hash: 'AB'.repeat(32) }) },
    'a transaction neither submitted nor tracked here',
    404,
  );
  await error('NotFound', 'unknown_path', { method: 'GET', url: '/v2/info/chain' }, 'a path with no endpoint', 404);
  // The anonymous burst, then one more.
  for (let i = 0; ; i++) {
    const res = await send({ method: 'GET', url: '/v2/info/bridges', anonymous: true });
    if (res.statusCode === 429) {
      (out.errors.TooManyRequests ??= {}).rate_limited = {
        summary: 'the shared anonymous limit is spent (Retry-After says when to retry)',
        value: res.json(),
      };
      break;
    }
    if (i > 10_000) throw new Error('the anonymous limit never refused');
  }
  await error(
    'InternalError',
    'unexpected',
    { method: 'GET', url: '/__examples/unexpected' },
    'an unexpected failure: logged with its stack, nothing internal in the answer',
    500,
  );
  // Last: the instance drains (SIGTERM), then closes and refuses what still arrives.
  lifecycle.draining = true;
  await op('GET /health', { method: 'GET', url: '/health' }, 'draining after SIGTERM', 503);
  await op('GET /health/ready', { method: 'GET', url: '/health/ready' }, 'draining after SIGTERM', 503);
  lifecycle.closing = true;
  await error(
    'Unavailable',
    'shutting_down',
    { method: 'GET', url: '/v2/info/bridges' },
    'the instance is shutting down (or a dependency the request needs is down): retry, another instance answers',
    503,
  );
  return out;
}
