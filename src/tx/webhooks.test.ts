/**
 * Caller text that reaches the webhook tables: a URL or a webhook id holding NUL, a control character or a lone
 * surrogate is answered as a refused URL or an unknown webhook, on both stores, never a database error (PostgreSQL
 * refuses NUL in text, which surfaced as HTTP 500) and never stored as other text than the caller gave. And the cap
 * on webhooks per key holds against registrations sent at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestStore, sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  registerWebhook,
  webhookUrlProblem,
} from './webhooks.js';

describe('webhookUrlProblem', () => {
  it.each([
    ['NUL in the path', 'https://example.com/a\u0000b'],
    ['NUL before the scheme (the parser strips it)', '\u0000https://example.com/'],
    ['a newline at the end (the parser strips it)', 'https://example.com/hook\n'],
    ['a tab inside (the parser removes it)', 'https://exa\tmple.com/'],
    ['a space (the parser re-encodes it)', 'https://example.com/a b'],
    ['DEL', 'https://example.com/\u007f'],
  ])('refuses %s', (_what, url) => {
    expect(webhookUrlProblem(url)).toBe('must not contain spaces or control characters');
  });

  it('refuses a lone surrogate (stored as U+FFFD by PostgreSQL, re-encoded by the parser)', () => {
    expect(webhookUrlProblem('https://example.com/\ud800')).toMatch(/well-formed Unicode/);
  });

  it('refuses port 0 (no delivery could ever connect)', () => {
    expect(webhookUrlProblem('https://example.com:0/hook')).toBe('must not name port 0');
    expect(webhookUrlProblem('http://example.com:00/hook')).toBe('must not name port 0');
    expect(webhookUrlProblem('https://example.com:8443/hook')).toBeUndefined();
  });

  it('accepts an ordinary URL, non-ASCII included', () => {
    expect(webhookUrlProblem('https://example.com/hooks/junction?x=1')).toBeUndefined();
    expect(webhookUrlProblem('https://bücher.example/größe')).toBeUndefined();
  });
});

describe.each([
  ['embedded SQLite', sqliteTestStore],
  ['PostgreSQL', postgresTestStore],
] as const)('webhook ids from callers on %s', (_name, open) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.cleanup());

  it.each([
    ['NUL', '\u0000'],
    ['NUL after a real prefix', 'wh_0123456789abcdef\u0000'],
    ['a lone surrogate', 'wh_\ud800'],
    ['another shape', '../../etc'],
  ])('an id with %s names no webhook (not a database error)', async (_what, id) => {
    await createWebhook(t.store, 'key-ids', 'https://example.com/hook', Date.now());
    expect(await deleteWebhook(t.store, 'key-ids', id, Date.now())).toBe(false);
    expect(await listDeliveries(t.store, 'key-ids', id)).toBeUndefined();
  });

  it('a real id still works', async () => {
    const hook = await createWebhook(t.store, 'key-ids', 'https://example.com/hook', Date.now());
    expect(await listDeliveries(t.store, 'key-ids', hook.id)).toEqual([]);
    expect(await deleteWebhook(t.store, 'key-ids', hook.id, Date.now())).toBe(true);
  });
});

describe.each([
  ['embedded SQLite', sqliteTestStore],
  ['PostgreSQL', postgresTestStore],
] as const)('the cap on webhooks per key on %s', (_name, open) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.cleanup());

  it('holds when 30 registrations arrive at once (each counted before any was written, all passed)', async () => {
    for (let i = 0; i < 3; i++) await createWebhook(t.store, 'key-cap', `https://example.com/old/${i}`, Date.now());
    // One store, as the server has: on PostgreSQL a pool of connections, so the registrations run side by side.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        registerWebhook(t.store, 'key-cap', `https://example.com/new/${i}`, Date.now(), 5),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(2);
    expect(await listWebhooks(t.store, 'key-cap')).toHaveLength(5);
    // Another key is not held back by this one.
    expect(await registerWebhook(t.store, 'key-other', 'https://example.com/o', Date.now(), 5)).toBeDefined();
  });
});
