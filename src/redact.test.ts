import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { looksLikeKey, REDACTED, Redactor, scrubUrl, secretFragments } from './redact.js';
import { describeFailure } from './upstream-failure.js';
import { AnswerTooLargeError } from './upstream-answer.js';
import { splitCredentials } from './url-credentials.js';

describe('redaction', () => {
  it('tells provider keys from ordinary path segments', () => {
    // Alchemy-, Infura- and QuickNode-shaped keys (random, made up here).
    for (const key of ['Zk3pQ9xW2mR7vT1yB8nL4cF6hJ0sD5gA', '9f1c2e3d4b5a69788796a5b4c3d2e1f0', 'a1b2c3d4e5f6'])
      expect(looksLikeKey(key), key).toBe(true);
    for (const word of ['v2', 'rpc', 'cosmos', 'ethereum-mainnet', 'lcd', 'bank', 'v1beta1'])
      expect(looksLikeKey(word), word).toBe(false);
  });

  it('finds the userinfo, key-like segments and query values of a URL', () => {
    expect(
      secretFragments(
        'https://alice:s%40cret-pass@eth.example/v2/Zk3pQ9xW2mR7vT1yB8nL4cF6hJ0sD5gA?api_key=k&x=1',
      ).sort(),
    ).toEqual(['Zk3pQ9xW2mR7vT1yB8nL4cF6hJ0sD5gA', 'alice', 'k', 's%40cret-pass', 's@cret-pass'].sort());
  });

  it('a URL in free text keeps its host and plain path only', () => {
    expect(scrubUrl('https://u:p@eth.example/v2/Zk3pQ9xW2mR7vT1yB8nL4cF6hJ0sD5gA?key=1')).toBe(
      `https://eth.example/v2/${REDACTED}?${REDACTED}`,
    );
    expect(scrubUrl('https://docs.example/v2/route')).toBe('https://docs.example/v2/route');
  });

  it('removes every configured secret from any text, and URLs from free text', () => {
    const config = loadConfig([], {
      NEUTRON_LCD_URL: 'https://op:hunter2hunter2@lcd.example/key/Zk3pQ9xW2mR7vT1yB8nL4cF6hJ0sD5gA',
      CHAIN_RPC_URLS: '1=https://eth.example/v3/9f1c2e3d4b5a69788796a5b4c3d2e1f0',
      PRICE_API_KEY: 'cg-live-secret-123',
    });
    const r = Redactor.fromConfig(config);
    const answer = JSON.stringify({
      a: 'Zk3pQ9xW2mR7vT1yB8nL4cF6hJ0sD5gA and hunter2hunter2',
      b: 'key 9f1c2e3d4b5a69788796a5b4c3d2e1f0 sent with cg-live-secret-123',
    });
    const out = r.exact(answer);
    for (const s of ['Zk3pQ9xW2mR7vT1yB8nL4cF6hJ0sD5gA', 'hunter2hunter2', '9f1c2e3d', 'cg-live-secret-123'])
      expect(out).not.toContain(s);
    expect(JSON.parse(out)).toBeTruthy();
    expect(r.text('failed: https://x:y@other.example/k/a1b2c3d4e5f6a1b2?t=1 timed out')).toBe(
      `failed: https://other.example/k/${REDACTED}?${REDACTED} timed out`,
    );
    // Short words are not replaced everywhere (they would mangle answers), only inside URLs.
    expect(new Redactor(['op']).exact('operator')).toBe('operator');
  });
});

describe('upstream failures by chain and kind', () => {
  const who = 'node for chain 1';
  it('reads the status, timeout, size and JSON failures of each client', () => {
    expect(describeFailure(who, Object.assign(new Error('x'), { status: 429 }))).toBe(`${who} answered HTTP 429`);
    expect(describeFailure(who, new Error('failed to get balance of account A: Error: 503 Service Unavailable'))).toBe(
      `${who} answered HTTP 503`,
    );
    expect(describeFailure(who, new Error('429 Too Many Requests: slow down'))).toBe(`${who} answered HTTP 429`);
    expect(describeFailure(who, Object.assign(new Error('The operation was aborted'), { name: 'TimeoutError' }))).toBe(
      `${who} did not answer in time`,
    );
    expect(describeFailure(who, new Error('wrap', { cause: new AnswerTooLargeError(1024) }))).toBe(
      `${who} sent an answer larger than 1024 bytes`,
    );
    expect(describeFailure(who, new SyntaxError('Unexpected token < in JSON at position 0'))).toBe(
      `${who} sent an answer that is not JSON`,
    );
    expect(describeFailure(who, new TypeError('fetch failed: https://u:p@x.example/KEY'))).toBe(
      `${who} could not be reached`,
    );
  });

  it('moves URL credentials to a Basic authorization header', () => {
    expect(splitCredentials('https://al%40ice:p%3Ass@node.example/rpc')).toEqual({
      url: 'https://node.example/rpc',
      authorization: `Basic ${Buffer.from('al@ice:p:ss').toString('base64')}`,
    });
    expect(splitCredentials('https://node.example/rpc').authorization).toBeUndefined();
  });
});
