import { describe, expect, it } from 'vitest';
import { checkWebhookTarget, isPublicAddress } from './webhook-target.js';

/** A resolver answering from a table, as DNS would (no network in tests). */
const dns =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const a = table[host];
    if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return a;
  };

describe('webhook targets', () => {
  it('refuses loopback, private, link-local, metadata and their IPv6 forms; accepts public addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('checks the address a URL names in any form, and every address its host resolves to', async () => {
    const resolve = dns({ 'hooks.example': ['93.184.215.14'], 'rebind.example': ['93.184.215.14', '10.0.0.7'] });
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://2130706433/', // decimal 127.0.0.1
      'http://0x7f.0.0.1/', // hex
      'http://0177.0.0.1/', // octal
      'http://[::1]/',
      'http://[::ffff:169.254.169.254]/latest/meta-data',
      'http://169.254.169.254/latest/meta-data',
      'https://rebind.example/hook',
    ])
      expect((await checkWebhookTarget(url, [], resolve)).problem, url).toMatch(/must be a public address/);
    expect((await checkWebhookTarget('https://hooks.example/hook', [], resolve)).problem).toBeUndefined();
    expect((await checkWebhookTarget('ftp://hooks.example/', [], resolve)).problem).toBe(
      'must be an http or https URL',
    );
    expect(await checkWebhookTarget('https://nowhere.example/', [], resolve)).toEqual({
      problem: 'host nowhere.example does not resolve',
      unresolved: true,
    });
    // The operator's allow-list.
    expect((await checkWebhookTarget('http://127.0.0.1:9000/x', ['127.0.0.1'], resolve)).problem).toBeUndefined();
  });

  it("never says which internal address a name resolved to (a key holder would read the operator's DNS)", async () => {
    const resolve = dns({ 'db.corp.internal': ['10.20.30.40'], 'meta.example': ['93.184.215.14', '169.254.169.254'] });
    for (const [url, host] of [
      ['http://db.corp.internal:5432/', 'db.corp.internal'],
      ['https://meta.example/hook', 'meta.example'],
    ] as const) {
      const { problem } = await checkWebhookTarget(url, [], resolve);
      expect(problem).toBe(
        `must be a public address: ${host} resolves to a loopback, private, link-local or reserved address (an operator may allow it with WEBHOOK_ALLOW_HOSTS)`,
      );
    }
    // An address the caller wrote itself is named as such.
    expect((await checkWebhookTarget('http://10.0.0.1/', [], resolve)).problem).toMatch(/: 10\.0\.0\.1 is a loopback/);
  });
});
