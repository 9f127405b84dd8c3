/**
 * Validators are compiled on first use or by the start-up warm-up, whichever comes first; either way they answer
 * the same, with Ajv's errors where Fastify reads them.
 */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { buildTestApp } from './test-helpers/app.js';
import { compileNextValidator, validatorCompiler } from './validation.js';

const schema = Type.Object(
  { amount_in: Type.String({ pattern: '^[0-9]+$' }), n: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);
type V = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string }[] | null };
const make = (httpPart: string) => validatorCompiler({ schema, httpPart, url: '/x', method: 'POST' }) as V;

describe('lazily compiled validators', () => {
  it('validate before anything compiled them, and report errors on themselves', () => {
    const v = make('body');
    expect(v({ amount_in: '10' })).toBe(true);
    expect(v.errors ?? null).toBeNull();
    expect(v({ amount_in: 10 })).toBe(false);
    expect(v.errors?.[0]).toMatchObject({ instancePath: '/amount_in', keyword: 'type' });
    expect(v({ amount_in: '10', extra: 1 })).toBe(false);
    expect(v.errors?.[0]?.keyword).toBe('additionalProperties');
  });

  it('the warm-up compiles each waiting validator once, then reports none left; answers are unchanged', () => {
    while (compileNextValidator());
    const a = make('body');
    const b = make('querystring');
    expect(compileNextValidator()).toBe(true);
    expect(compileNextValidator()).toBe(false);
    expect(a({ amount_in: '1', n: 2 })).toBe(true);
    // Query strings are coerced ("2" → 2); bodies are not.
    expect(b({ amount_in: '1', n: '2' })).toBe(true);
    expect(a({ amount_in: '1', n: '2' })).toBe(false);
  });

  it('a validator used before the warm-up reaches it is not compiled again', () => {
    while (compileNextValidator());
    const v = make('body');
    expect(v({ amount_in: '1' })).toBe(true);
    expect(compileNextValidator()).toBe(false);
  });
});

describe('a query parameter given more than once', () => {
  it('is named as repeated, not as a value of the wrong type', async () => {
    const { app } = await buildTestApp();
    for (const [url, message] of [
      [
        '/v2/info/chains?include_evm=true&include_evm=false',
        'invalid query parameter include_evm: given 2 times; give it once',
      ],
      [
        '/v2/fungible/venues?only_testnets=true&only_testnets=true&only_testnets=false',
        'invalid query parameter only_testnets: given 3 times; give it once',
      ],
      [
        '/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&source_chain_id=osmosis-1&dest_chain_id=osmosis-1',
        'invalid query parameter source_chain_id: given 2 times; give it once',
      ],
      // A parameter that is a list takes repeats; a wrong value is still named as one.
      ['/v2/info/chains?include_evm=maybe', 'invalid query parameter include_evm: must be boolean'],
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 3, message, details: [] });
    }
    expect((await app.inject({ url: '/v2/info/chains?chain_ids=osmosis-1&chain_ids=cosmoshub-4' })).statusCode).toBe(
      200,
    );
    await app.close();
  });
});

describe('array query parameters in bracket form (axios, qs)', () => {
  it('chain_ids[]=a&chain_ids[]=b filters like chain_ids=a&chain_ids=b instead of being ignored', async () => {
    const { app } = await buildTestApp();
    const ids = async (url: string) =>
      ((await app.inject({ url })).json() as { chains: { chain_id: string }[] }).chains.map((c) => c.chain_id);
    const wanted = ['osmosis-1', 'cosmoshub-4'];
    expect(await ids('/v2/info/chains?chain_ids=osmosis-1&chain_ids=cosmoshub-4')).toEqual(wanted);
    expect(await ids('/v2/info/chains?chain_ids[]=osmosis-1&chain_ids[]=cosmoshub-4')).toEqual(wanted);
    expect(await ids('/v2/info/chains?chain_ids%5B0%5D=osmosis-1&chain_ids%5B1%5D=cosmoshub-4')).toEqual(wanted);
    expect(await ids('/v2/info/chains?chain_ids=osmosis-1&chain_ids[]=cosmoshub-4')).toEqual(wanted);
    // A scalar parameter in bracket form is one value.
    const between = await app.inject({
      url: '/v2/fungible/assets_between_chains?source_chain_id[]=cosmoshub-4&dest_chain_id=osmosis-1',
    });
    expect(between.statusCode).toBe(200);
    await app.close();
  });
});
