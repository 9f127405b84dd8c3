/**
 * No secret leaves: every URL setting of src/config.ts is configured with a password, a provider key in its path and
 * a key in its query, and the price API key is set; then every endpoint is asked while the upstream answers 429,
 * fails with an answer echoing the URL it was asked (key included), answers garbage, or is down — and no answer
 * (body or header), error, /health or /metrics output may contain any of those secrets.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import bs58 from 'bs58';
import { bech32 } from 'bech32';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { loadConfig, SETTINGS } from '../config.js';
import { buildContext, type AppContext } from '../context.js';
import { buildApp } from './app.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { createAccess } from '../auth/access.js';
import { createKey } from '../auth/keys-command.js';
import { silentLog } from '../auth/log.js';
import type { AccessService } from '../auth/index.js';
import { testTxService } from '../tx/test-helpers/service.js';
import type { TxService } from '../tx/service.js';
import { post } from './test-helpers/app.js';

type Mode = '429' | 'echo' | 'garbage' | 'down';
let mode: Mode = '429';

/** Whatever is asked: a 429 or 500 that quotes the request's URL (as some providers do), or HTML instead of JSON. */
const upstream = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (mode === '429') res.writeHead(429, { 'content-type': 'text/plain' }).end(`rate limited: ${req.url}`);
    else if (mode === 'echo')
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `bad path ${req.url}` }));
    else res.writeHead(200, { 'content-type': 'text/html' }).end(`<html>${req.url}</html>`);
  });
});
/** A port nobody listens on (Redis here), and the upstream's address. */
let closedPort = 0;
let base = '';

/** Secrets per setting, each distinct so a leak names its source. */
const secrets: string[] = [];
function secretUrl(tag: string, host = () => base): string {
  const password = `pw-${tag}-Zq81xKe`;
  const key = `Key${tag}0123456789abcdefXYZ`;
  const query = `QsecRet${tag}99x`;
  secrets.push(password, key, query);
  return `${host()}/v2/${key}?api_key=${query}`.replace('://', `://op-${tag}:${password}@`);
}
const PRICE_KEY = 'PriceKey-9f8e7d6c5b4a3210';

const URL_SETTINGS = Object.entries(SETTINGS).filter(([, s]) => s.kind === 'url?');

let app: FastifyInstance;
let ctx: AppContext;
let store: TestStore;
let tx: TxService;
let access: AccessService;
let apiKey = '';
let env: Record<string, string> = {};

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  env = Object.fromEntries(URL_SETTINGS.map(([, s]) => [s.env, secretUrl(s.env)]));
  // The database and Redis are not reached here (the store is the embedded one): their URLs must still not show.
  env.DATABASE_URL = secretUrl('DATABASE_URL', () => 'postgres://127.0.0.1:1');
  env.REDIS_URL = secretUrl('REDIS_URL', () => `redis://127.0.0.1:${closedPort}`);
  env.OSMOSIS_POOL_IDS = '1,1135';
  env.PRICE_API_KEY = PRICE_KEY;
  secrets.push(PRICE_KEY);
  const rpc = ['osmosis-1', '1', 'solana'].map((c) => `${c}=${secretUrl(`RPC-${c}`)}`).join(',');
  const rest = `osmosis-1=${secretUrl('REST-osmosis-1')}`;
  env.CHAIN_RPC_URLS = rpc;
  env.CHAIN_REST_URLS = rest;
  const config = loadConfig([], env);
  ctx = buildContext(config);
  store = await sqliteTestStore();
  apiKey = (await createKey(store.store, 'integrator')).key;
  access = await createAccess(
    store.store,
    {
      anonymous: { ratePerSecond: 0, burst: 1 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'unused:',
    },
    silentLog,
  );
  tx = testTxService({
    store: store.store,
    registry: ctx.registry,
    rpc,
    rest,
    attestationUrl: config.cctpAttestationUrl,
  });
  app = await buildApp(ctx, { tx, access });
  await app.ready();
  ctx.liveMarket.start(app.log);
});

afterAll(async () => {
  await ctx?.liveMarket.stop();
  await app?.close();
  await access?.close();
  await store?.cleanup();
  if (upstream.listening) upstream.close();
});

const owner = Keypair.generate();
const OSMO_ADDRESS = bech32.encode('osmo', bech32.toWords(Buffer.alloc(20, 1)));
const evmAccount = privateKeyToAccount(generatePrivateKey());

async function signedTxs(): Promise<Record<string, string>> {
  const sol = new Transaction({ feePayer: owner.publicKey, recentBlockhash: bs58.encode(Buffer.alloc(32, 7)) }).add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000 }),
  );
  sol.sign(owner);
  const evm = await evmAccount.signTransaction({
    chainId: 1,
    to: evmAccount.address,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: 1_000_000_000n,
    maxPriorityFeePerGas: 1n,
    nonce: 0,
  });
  return {
    solana: sol.serialize().toString('base64'),
    '1': Buffer.from(evm.slice(2), 'hex').toString('base64'),
    'osmosis-1': Buffer.from('a cosmos tx the node will be asked to broadcast').toString('base64'),
  };
}

/** Every endpoint a caller can reach, error paths included. */
async function everyAnswer(): Promise<LightMyRequestResponse[]> {
  const keyed = { 'content-type': 'application/json', authorization: apiKey };
  const txs = await signedTxs();
  const out: LightMyRequestResponse[] = [];
  const get = (url: string) => app.inject({ method: 'GET', url });
  out.push(await get('/health'), await get('/health/ready'), await get('/health/live'), await get('/metrics'));
  out.push(await get('/v2/info/chains'), await get('/v2/nope'));
  out.push(
    await post(app, '/v2/info/balances', {
      chains: {
        'osmosis-1': { address: OSMO_ADDRESS, denoms: ['uosmo'] },
        '1': {
          address: evmAccount.address,
          denoms: ['ethereum-native', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
        },
        solana: {
          address: owner.publicKey.toBase58(),
          denoms: ['solana-native', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
        },
      },
    }),
  );
  out.push(
    await post(
      app,
      '/v2/info/balances',
      {
        chains: {
          'osmosis-1': { address: OSMO_ADDRESS },
          '1': { address: evmAccount.address },
          solana: { address: owner.publicKey.toBase58() },
        },
      },
      keyed,
    ),
  );
  for (const [chain_id, t] of Object.entries(txs)) {
    out.push(await post(app, '/v2/tx/submit', { chain_id, tx: t }));
    const tracked = await post(app, '/v2/tx/track', { chain_id, tx_hash: hashOf(chain_id) });
    out.push(tracked);
    out.push(await get(`/v2/tx/status?chain_id=${chain_id}&tx_hash=${hashOf(chain_id)}`));
  }
  // The worker looks at what was tracked (asking the failing nodes), then the statuses are read again.
  await tx.worker.tick();
  for (const chain_id of Object.keys(txs))
    out.push(await get(`/v2/tx/status?chain_id=${chain_id}&tx_hash=${hashOf(chain_id)}`));
  out.push(await get('/metrics'), await get('/health'));
  return out;
}

const HASHES: Record<string, string> = {
  solana: bs58.encode(Buffer.alloc(64, 9)),
  '1': `0x${'ab'.repeat(32)}`,
  'osmosis-1': 'CD'.repeat(32),
};
const hashOf = (chain: string) => HASHES[chain]!;

function leaks(answers: LightMyRequestResponse[]): string[] {
  const found: string[] = [];
  for (const a of answers) {
    const text = `${JSON.stringify(a.headers)}\n${a.body}`;
    for (const s of secrets) if (text.includes(s)) found.push(`${a.raw.req.url} (${a.statusCode}): ${s}`);
  }
  return found;
}

/** How each mode's failure reads. */
const KIND: Record<Mode, string> = {
  '429': 'answered HTTP 429',
  echo: 'answered HTTP 500',
  garbage: 'sent an answer that is not JSON',
  down: 'could not be reached',
};

describe('no secret in any answer', () => {
  it('every URL setting and the endpoint lists are configured with secrets (so the scan below means something)', () => {
    expect(URL_SETTINGS.map(([, s]) => s.env).sort()).toEqual(
      [
        'AXELAR_GMP_API_URL',
        'CCTP_ATTESTATION_URL',
        'CCTP_FEES_URL',
        'DATABASE_URL',
        'NEUTRON_LCD_URL',
        'OSMOSIS_LCD_URL',
        'OSMOSIS_SQS_URL',
        'PRICE_API_URL',
        'REDIS_URL',
      ].sort(),
    );
    for (const [, s] of URL_SETTINGS) expect(env[s.env]).toMatch(/:pw-.*@.*\/v2\/Key.*\?api_key=QsecRet/);
  });

  for (const m of ['429', 'echo', 'garbage', 'down'] as const) {
    it(`while the upstream ${m === 'down' ? 'is down' : `answers ${m}`}`, async () => {
      mode = m;
      if (m === 'down') await new Promise((resolve) => upstream.close(resolve));
      // The live pollers (venues, prices) have met this mode's failure before /health is read.
      await ctx.liveMarket.refresh().catch(() => {});
      const answers = await everyAnswer();
      expect(leaks(answers)).toEqual([]);
      // Failures are still described, by chain and kind.
      const balances = answers.find((a) => a.raw.req.url === '/v2/info/balances')!.json();
      const message = balances.chains['1'].denoms['ethereum-native'].error.message as string;
      expect(message).toBe(`balance query failed: node for chain 1 ${KIND[m]}`);
      const universal = answers.filter((a) => a.raw.req.url === '/v2/info/balances')[1]!.json();
      for (const chain of ['1', 'osmosis-1', 'solana'])
        expect(universal.chains[chain].error.message).toBe(`balance query failed: node for chain ${chain} ${KIND[m]}`);
      const submits = answers.filter((a) => a.raw.req.url === '/v2/tx/submit').map((a) => a.json().message);
      expect(submits).toEqual(Object.keys(HASHES).map((c) => `broadcast failed: node for chain ${c} ${KIND[m]}`));
      // The live pollers met the failure too (so /health had something to leak).
      const health = answers.find((a) => a.raw.req.url === '/health')!.json();
      expect(health.checks.prices.ok).toBe(false);
      expect(health.checks['venue:osmosis-poolmanager'].ok).toBe(false);
      expect(answers.every((a) => a.statusCode !== 500)).toBe(true);
    });
  }
});
