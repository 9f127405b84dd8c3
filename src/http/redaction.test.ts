/**
 * Request URLs in the logs: a caller that puts its API key in the query string instead of the authorization header
 * (`?api_key=jct_…`) must not have it written to the log with the URL Fastify logs for every request.
 */
import { describe, expect, it } from 'vitest';
import { capturingLogger } from '../auth/test-helpers/servers.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from './app.js';
import { urlForLog } from './redaction.js';

const KEY = 'jct_0123456789ab_' + 'Zq9-_x'.repeat(7) + 'A';

describe('urlForLog', () => {
  it.each([
    [`/v2/info/bridges?api_key=${KEY}`, '/v2/info/bridges?api_key=[redacted]'],
    [`/x?authorization=Bearer%20${KEY}&chain_ids=osmosis-1`, '/x?authorization=[redacted]&chain_ids=osmosis-1'],
    [`/x?k=${KEY}`, '/x?k=[redacted]'],
    [`/x?token=abc&access%5Fkey=abc&apiKey=abc`, '/x?token=[redacted]&access%5Fkey=[redacted]&apiKey=[redacted]'],
    [`/junction/webhooks/${KEY}`, '/junction/webhooks/[redacted]'],
  ])('%s', (url, logged) => {
    expect(urlForLog(url)).toBe(logged);
  });

  it('leaves ordinary URLs alone', () => {
    for (const url of [
      '/v2/info/chains?chain_ids=osmosis-1&chain_ids=cosmoshub-4&include_evm=true',
      '/v2/tx/status?chain_id=osmosis-1&tx_hash=ABCD',
      '/v2/info/bridges',
      '/x?flag&%ZZ=1',
    ])
      expect(urlForLog(url)).toBe(url);
  });
});

describe('request logs', () => {
  it('never contain an API key sent in the query string', async () => {
    const { logger, lines } = capturingLogger('info');
    const app = await buildApp(buildContext(loadConfig([], {})), { logger });
    await app.inject({ url: `/v2/info/bridges?api_key=${KEY}` });
    await app.inject({ url: `/v2/info/chains?chain_ids=osmosis-1&authorization=${encodeURIComponent(KEY)}` });
    await app.inject({ url: `/no/such/path?key=${KEY}` });
    await app.close();
    const requests = lines.filter((l) => l.includes('incoming request'));
    expect(requests).toHaveLength(3);
    expect(requests[1]).toContain('chain_ids=osmosis-1');
    const text = lines.join('');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(KEY.slice(17));
  });
});
