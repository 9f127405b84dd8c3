/**
 * Validators are compiled on first use or by the start-up warm-up, whichever comes first; either way they answer
 * the same, with Ajv's errors where Fastify reads them.
 */
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
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
