/**
 * The README and the pages in docs/ stay true where they quote the code or the data: every path they name exists,
 * every setting they name is one (with the default they state), every metric they name is served, the bridge and
 * venue tables list what runs, the figures they quote from data/ are the data's, and the deployment page's settings
 * are compose.yaml's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { sqliteTestStore, type TestStore } from '../src/auth/test-helpers/servers.js';
import { BRIDGE_SET } from '../src/bridges/index.js';
import { SETTINGS } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { testTxService } from '../src/tx/test-helpers/service.js';
import { VENUE_PLUGINS } from '../src/venues/index.js';
import { OPERATION_KINDS } from '../src/wire/operation.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');
const data = (f: string) => JSON.parse(read(`data/${f}`)) as Record<string, unknown>;
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = Object.fromEntries(PAGES.map((p) => [p, read(p)]));
/** Every `inline code` span of every page, with where it is. */
const spans = PAGES.flatMap((page) => [...text[page]!.matchAll(/`([^`\n]+)`/g)].map((m) => ({ page, code: m[1]! })));

let app: FastifyInstance;
let store: TestStore;
let metrics = '';
let openapi = '';
beforeAll(async () => {
  store = await sqliteTestStore();
  const ctx = buildContext(loadConfig([], {}));
  app = await buildApp(ctx, { tx: testTxService({ store: store.store, registry: ctx.registry }) });
  metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  openapi = (await app.inject({ method: 'GET', url: '/openapi.json' })).body;
});
afterAll(async () => {
  await app?.close();
  await store?.cleanup();
});

describe('README and docs/', () => {
  it('name only paths that exist', () => {
    const missing: string[] = [];
    for (const { page, code } of spans) {
      const m = /^((?:src|data|test|scripts|docs|deploy|bench|web)\/[\w./@-]*)/.exec(code);
      if (!m || /[<*…]/.test(code)) continue;
      const file = m[1]!.replace(/[.:]+$/, '');
      if (!existsSync(path.join(ROOT, file))) missing.push(`${page}: ${file}`);
    }
    for (const page of PAGES)
      for (const [, target] of text[page]!.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^(https?|mailto):/.test(target!)) continue;
        if (!existsSync(path.join(ROOT, path.dirname(page), target!))) missing.push(`${page}: link ${target}`);
      }
    expect(missing).toEqual([]);
  });

  it('name only settings that exist, with their defaults', () => {
    const envs = new Map(Object.values(SETTINGS).map((s) => [s.env as string, String(s.default)]));
    // Upper-case names that are not settings: the wire's enum values and reasons, test and build variables.
    const constants = new Set<string>([...openapi.matchAll(/"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"/g)].map((m) => m[1]!));
    for (const other of [
      'NO_ROUTE',
      'EVENT_STREAM_LIMIT',
      'MULTI_TX_REQUIRED',
      'HIGH_LOSS_ERROR',
      'LOW_INFO_ERROR',
      'VENUE_PLUGINS',
      'TEST_DATABASE_URL',
      'TEST_REDIS_URL',
      'CHROMIUM_PATH',
      'FUZZ_RUNS',
      'FUZZ_SEED',
      'JUNCTION_SOLC_CACHE',
      'POSTGRES_PASSWORD',
      'JUNCTION_REVISION',
      'NODE_ENV',
      'NODE_IMAGE',
      'BENCH_DURATION',
      'BENCH_CONNECTIONS',
      'BENCH_WORKERS',
      'BENCH_COLD_RUNS',
      'BENCH_NODE_ARGS',
      'BENCH_NICE',
      'BENCH_TX_COUNT',
      'BENCH_TX_WINDOW_S',
      'FAST_PREFERENCE_BPS',
      'SIGN_MODE_DIRECT',
      'STATE_SUBMITTED',
      'FEE_BEHAVIOR_DEDUCTED',
      'FEE_BEHAVIOR_ADDITIONAL',
    ])
      constants.add(other);
    const unknown = new Set<string>();
    for (const { page, code } of spans) {
      const name = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(=.*)?$/.exec(code)?.[1];
      if (name && !envs.has(name) && !constants.has(name)) unknown.add(`${page}: ${name}`);
    }
    expect([...unknown]).toEqual([]);
    const wrongDefaults: string[] = [];
    for (const page of PAGES)
      for (const [, name, value] of text[page]!.matchAll(/`([A-Z][A-Z0-9_]+)` \((\d+)\)/g))
        if (envs.has(name!) && envs.get(name!) !== value) wrongDefaults.push(`${page}: ${name} (${value})`);
    expect(wrongDefaults).toEqual([]);
  });

  it('name only metrics /metrics serves', () => {
    const served = new Set([...metrics.matchAll(/^# HELP (\S+)/gm)].map((m) => m[1]!));
    const named = new Set<string>();
    for (const { code } of spans)
      for (const [, name] of code.matchAll(/\b(junction_[a-z0-9_]+)(?![*\w])/g)) named.add(name!);
    expect([...named].filter((n) => !served.has(n) && !served.has(n.replace(/_(count|sum|bucket)$/, '')))).toEqual([]);
    expect(named.size).toBeGreaterThan(12);
  });

  it('list the bridges and venues that run', () => {
    const readme = text['README.md']!;
    const bridges = readme.slice(readme.indexOf('\n## Bridges\n'), readme.indexOf('\n## Swap venues\n'));
    const rows = [...bridges.matchAll(/^\| [^|]+\(`([A-Z0-9_]+)`\) \| `(\w+)` \|/gm)];
    expect(rows.map((r) => r[1]).sort()).toEqual(BRIDGE_SET.info.map((b) => b.id).sort());
    for (const [, , kind] of rows) expect(OPERATION_KINDS as readonly string[]).toContain(kind);
    const venues = readme.slice(readme.indexOf('\n## Swap venues\n'), readme.indexOf('\n## Transactions and status\n'));
    expect([...venues.matchAll(/^\| `([\w-]+)` \| `([\w-]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`).sort()).toEqual(
      VENUE_PLUGINS.map((v) => `${v.name} ${v.chainId}`).sort(),
    );
  });

  it('quote the figures of data/ as they are', () => {
    const bridges = text['docs/bridges.md']!;
    const goFast = data('go-fast.json') as {
      fee_bps: number;
      max_amount_usd: number;
      min_amount_usd: Record<string, number>;
    };
    expect(bridges).toContain(`\`fee_bps\` (${goFast.fee_bps})`);
    expect(bridges).toContain(`maximum (${goFast.max_amount_usd.toLocaleString('en').replace(',', ' ')} USD)`);
    expect(bridges).toContain(
      `minimum (${goFast.min_amount_usd['1']} USD from\nEthereum, ${goFast.min_amount_usd._default} USD elsewhere)`,
    );
    const relay = data('smart-relay-fees.json') as {
      cctp: { evm_to_noble: Record<string, string>; noble_to_evm: Record<string, string> };
    };
    expect(bridges).toContain(`${relay.cctp.evm_to_noble['1']} uusdc from Ethereum`);
    expect(bridges).toContain(`${Number(relay.cctp.noble_to_evm['1']) / 1e6} USDC to Ethereum`);
    expect(bridges).toContain(`${Number(relay.cctp.noble_to_evm['42161']) / 1e6} USDC to the L2s`);
    const durations = data('bridge-durations.json') as { eureka_seconds: Record<string, number> };
    expect(bridges).toContain(
      `${durations.eureka_seconds['1']} s from Ethereum (finality), ${durations.eureka_seconds['cosmoshub-4']} s from the Hub`,
    );
    expect(bridges).toContain(
      `table ${(data('stargate.json') as { protocol_fee_ppm: number }).protocol_fee_ppm / 100} bps`,
    );
    const fees = data('ibc-transfer-fees.json') as {
      chains: Record<string, { ack_fee: { amount: string }[]; timeout_fee: { amount: string }[] }>;
    };
    const neutron = fees.chains['neutron-1']!;
    expect(text['docs/routing.md']).toContain(
      `${neutron.ack_fee[0]!.amount} untrn ack + ${neutron.timeout_fee[0]!.amount} untrn timeout`,
    );
  });

  it("the deployment page's settings are compose.yaml's", () => {
    const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; stop_grace_period?: string }>;
    };
    const junction = compose.services['junction-1']!;
    const rows = [...text['docs/deployment.md']!.matchAll(/^\| `([a-zA-Z_]+)` \| `([^`]+)`/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [, name, value] of rows) {
      const actual = name === 'stop_grace_period' ? junction.stop_grace_period : junction.environment?.[name!];
      expect(String(actual), name).toBe(value);
    }
  });
});
