/**
 * JSON endpoints take JSON: a body of another content type (or none) is HTTP's 415 with the wire error body naming
 * the type, not a request read as empty; JSON with parameters or a `+json` type is accepted; an empty body passes
 * whatever its type (the SDK sends the JSON type on GET requests without a body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const BODY = JSON.stringify({ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4' });
const post = (headers: Record<string, string>, payload = BODY) =>
  t.app.inject({ method: 'POST', url: '/v2/fungible/assets_from_source', payload, headers });

describe('content types', () => {
  it.each([
    ['text/plain', '"text/plain"'],
    ['application/x-www-form-urlencoded', '"application/x-www-form-urlencoded"'],
    ['multipart/form-data; boundary=x', '"multipart/form-data"'],
  ])('a %s body is 415 with the wire error', async (type, named) => {
    const res = await post({ 'content-type': type });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      code: 3,
      message: `unsupported content-type ${named}: send the body as JSON with content-type: application/json`,
      details: [],
    });
  });

  it('a body without a content type is 415 too', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 3, message: expect.stringContaining('(none)') });
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/vnd.api+json'])(
    '%s is JSON',
    async (type) => {
      expect((await post({ 'content-type': type })).statusCode).toBe(200);
    },
  );

  it('an empty body passes whatever its type: validation names the missing field', async () => {
    const res = await post({ 'content-type': 'text/plain' }, '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 3, message: expect.stringContaining('source_asset_denom') });
    const get = await t.app.inject({
      method: 'GET',
      url: '/v2/info/chains',
      headers: { 'content-type': 'application/json' },
    });
    expect(get.statusCode).toBe(200);
  });
});
