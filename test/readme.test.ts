/**
 * The README's quick start stays true: its `curl` requests are parsed out of the README and sent to the whole
 * application on the offline defaults (access layer, transaction service, embedded store), and every field its
 * abbreviated answers show must be in the real answer with that value (lists: the entries shown, in order). The SDK
 * snippet runs against a listening server. The README starts with the two set-up commands, and its links lead
 * somewhere.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAccess, type AccessService } from '../src/auth/access.js';
import { silentLog } from '../src/auth/log.js';
import { sqliteTestStore, type TestStore } from '../src/auth/test-helpers/servers.js';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { buildApp } from '../src/http/app.js';
import { testTxService } from '../src/tx/test-helpers/service.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The text of a `## ` section, up to the next one. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = text.indexOf('\n## ', start + 4);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Fenced blocks of a text, in order, with their language. */
function blocks(text: string): { lang: string; body: string }[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));
}

/** Words of a shell command line: single-quoted strings kept whole (they may span lines), no expansion. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const m of command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

interface CurlRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A `curl -s URL [-H 'k: v'] [-d 'body']` command as the README writes them. */
function parseCurl(command: string): CurlRequest {
  const words = shellWords(command);
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${command}`);
  const req: CurlRequest = { method: 'GET', url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-s') continue;
    if (w === '-H') {
      const [k, ...v] = words[++i]!.split(':');
      req.headers[k!.trim().toLowerCase()] = v.join(':').trim();
    } else if (w === '-d') {
      req.body = words[++i]!;
      req.method = 'POST';
    } else if (w === '-X') req.method = words[++i] as 'GET' | 'POST';
    else if (!w.startsWith('-')) req.url = w.replace(/^(https?:\/\/)?(localhost|127\.0\.0\.1):8080/, '');
    else throw new Error(`curl option the test does not know: ${w}`);
  }
  return req;
}

/** Where the shown value differs from the real one (empty: it is part of it). */
function notIn(shown: unknown, real: unknown, at = '$'): string[] {
  if (Array.isArray(shown)) {
    if (!Array.isArray(real)) return [`${at}: a list in the README, ${JSON.stringify(real)} in the answer`];
    if (shown.length > real.length) return [`${at}: ${shown.length} entries shown, ${real.length} answered`];
    return shown.flatMap((s, i) => notIn(s, real[i], `${at}[${i}]`));
  }
  if (shown && typeof shown === 'object') {
    if (!real || typeof real !== 'object' || Array.isArray(real))
      return [`${at}: an object in the README, ${JSON.stringify(real)} in the answer`];
    return Object.entries(shown).flatMap(([k, v]) =>
      k in real ? notIn(v, (real as Record<string, unknown>)[k], `${at}.${k}`) : [`${at}.${k}: not in the answer`],
    );
  }
  return shown === real ? [] : [`${at}: ${JSON.stringify(shown)} in the README, ${JSON.stringify(real)} answered`];
}

/** Each curl command of the quick start with the answer shown after it. */
const quickStart = (() => {
  const out: { request: CurlRequest; shown: unknown }[] = [];
  const found = blocks(section(README, 'Quick start'));
  for (let i = 0; i < found.length; i++) {
    if (found[i]!.lang !== 'sh' || !found[i]!.body.trim().startsWith('curl')) continue;
    const answer = found[i + 1];
    if (answer?.lang !== 'json') throw new Error(`no JSON answer after: ${found[i]!.body}`);
    out.push({ request: parseCurl(found[i]!.body.trim()), shown: JSON.parse(answer.body) });
  }
  return out;
})();

let app: FastifyInstance;
let access: AccessService;
let store: TestStore;
beforeAll(async () => {
  store = await sqliteTestStore();
  const ctx = buildContext(loadConfig([], {}));
  access = await createAccess(
    store.store,
    {
      anonymous: { ratePerSecond: ctx.config.anonRatePerSecond, burst: ctx.config.anonBurst },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'readme:',
    },
    silentLog,
  );
  app = await buildApp(ctx, { access, tx: testTxService({ store: store.store, registry: ctx.registry }) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await access?.close();
  await store?.cleanup();
});

describe('README', () => {
  it('starts with exactly the two set-up commands', () => {
    const [first] = blocks(README);
    expect(README.startsWith('# Junction\n\n```sh\n')).toBe(true);
    expect(
      first!.body
        .trim()
        .split('\n')
        .map((l) => l.split('#')[0]!.trim()),
    ).toEqual(['npm ci && npm start', 'npm test']);
  });

  it('has a quick start of four kinds of call: a transfer, a swap, a route with its transaction, a status', () => {
    const urls = quickStart.map((q) => q.request.url.split('?')[0]);
    expect(urls).toEqual([
      '/v2/fungible/route',
      '/v2/fungible/route',
      '/v2/fungible/msgs_direct',
      '/v2/tx/track',
      '/v2/tx/status',
    ]);
  });

  it.each(quickStart.map((q, i) => [i + 1, q.request.method, q.request.url, q] as const))(
    'quick-start call %i (%s %s) answers what the README shows',
    async (_n, _method, _url, { request, shown }) => {
      const res = await app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      });
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
      expect(notIn(shown, res.json())).toEqual([]);
    },
  );

  it('the comparison fails on a wrong figure, a missing field and a list longer than the answer', () => {
    expect(notIn({ a: '1', l: [{ b: 2 }] }, { a: '1', c: 3, l: [{ b: 2, d: 4 }, {}] })).toEqual([]);
    expect(notIn({ a: '2' }, { a: '1' })).toHaveLength(1);
    expect(notIn({ x: 1 }, { a: '1' })).toHaveLength(1);
    expect(notIn({ l: [1, 2] }, { l: [1] })).toHaveLength(1);
  });

  it('the SDK snippet gets the amount its comment states, from a listening server', async () => {
    const snippet = blocks(section(README, 'Use it from the SDK')).find((b) => b.lang === 'ts')!.body;
    const stated = /console\.log\([^)]*\); \/\/ (\d+)/.exec(snippet)?.[1];
    expect(stated).toBeDefined();
    const server = await buildApp(buildContext(loadConfig([], {})));
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    // A module of its own beside this file, so that it resolves @skip-go/client as the README's reader would.
    const file = path.join(ROOT, 'test', `readme-sdk-snippet-${process.pid}.tmp.ts`);
    writeFileSync(file, `${snippet.replace("'http://127.0.0.1:8080'", JSON.stringify(url))}\nexport {};\n`);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await import(file);
      expect(log).toHaveBeenCalledWith(stated);
    } finally {
      log.mockRestore();
      rmSync(file, { force: true });
      await server.close();
    }
  });

  it('its links lead to headings it has and files that exist', () => {
    const anchors = new Set(
      [...README.matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s+/g, '-'),
      ),
    );
    for (const [, target] of README.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^https?:/.test(target!)) continue;
      if (target!.startsWith('#')) expect(anchors.has(target!.slice(1)), target).toBe(true);
      else expect(existsSync(path.join(ROOT, target!.split('#')[0]!)), target).toBe(true);
    }
  });
});
