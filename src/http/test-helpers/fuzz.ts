/**
 * Fuzzing helpers shared by the fuzz suites: the budget and seed (fixed by default so a CI run is replayable;
 * FUZZ_RUNS and FUZZ_SEED change them, FUZZ_SEED=random explores), request values derived from an OpenAPI schema,
 * and hostile JSON.
 */
import fc from 'fast-check';

/** fast-check options of every fuzz property: a fixed budget and a replayable seed. */
export function fuzzParameters(runs: number): { numRuns: number; seed?: number } {
  const n = Number(process.env.FUZZ_RUNS ?? runs);
  const seedEnv = process.env.FUZZ_SEED;
  // fast-check prints the seed (and path) of a failure: FUZZ_SEED=<seed> replays it.
  if (seedEnv === 'random') return { numRuns: n };
  return { numRuns: n, seed: seedEnv === undefined ? 20_261_123 : Number(seedEnv) };
}

type Schema = Record<string, unknown>;

/** Real values for well-known field names, so that generated requests get past lookups into the handlers. */
export interface Hints {
  chainIds: readonly string[];
  denoms: readonly string[];
  addresses: readonly string[];
}

/** Hexadecimal strings of `min`..`max` digits. */
export const hex = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: min, maxLength: max });

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('', ' ', '0', '-1', 'null', 'true', '1e3', '%00'),
);

/**
 * Hostile values: deep nesting (beyond the depth limit), strings of every awkward kind and size, keys that reach
 * prototypes or shadow methods, numbers JSON.parse turns into Infinity or -0, lists beyond their caps.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\ud800',
    '\udfff\ud800',
    '\u202e\u0644',
    '😀'.repeat(50),
    'x'.repeat(300),
    '9'.repeat(79),
    '9'.repeat(5_000),
    { toString: {} },
    { toString: 1, valueOf: 'x', hasOwnProperty: null },
    { constructor: {} },
    [[[[[[[[]]]]]]]],
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    1e-300,
    [],
    {},
  ),
  fc.integer({ min: 33, max: 200 }).map((d) => JSON.parse(`${'['.repeat(d)}${']'.repeat(d)}`) as unknown),
  fc.integer({ min: 65, max: 2_000 }).map((n) => Array.from({ length: n }, (_, i) => `v${i}`)),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'a'.repeat(n)),
);

/** Any JSON value (small). */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value of the right kind most of the time, any JSON or a hostile value sometimes. */
function mostly<T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: good, weight: 20 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** Resolves `#/components/schemas/X` references against the document. */
function deref(doc: Schema, s: Schema): Schema {
  let out = s;
  for (let i = 0; typeof out.$ref === 'string' && i < 10; i++) {
    const name = (out.$ref as string).replace('#/components/schemas/', '');
    out = ((doc.components as Schema).schemas as Record<string, Schema>)[name]!;
  }
  if (Array.isArray(out.allOf) && out.allOf.length === 1) {
    const { allOf, ...rest } = out;
    return { ...deref(doc, allOf[0] as Schema), ...rest };
  }
  return out;
}

function stringFor(name: string, s: Schema, hints: Hints): fc.Arbitrary<string> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as string[]));
  const max = typeof s.maxLength === 'number' ? s.maxLength : 64;
  const sized = fc.oneof(
    { arbitrary: text, weight: 6 },
    // Right at and just beyond the documented limit.
    { arbitrary: fc.constantFrom(max, max + 1).map((n) => 'z'.repeat(Math.min(n, 100_000))), weight: 1 },
  );
  if (/chain_id$|^chain_ids$/.test(name))
    return fc.oneof({ arbitrary: fc.constantFrom(...hints.chainIds), weight: 6 }, { arbitrary: sized, weight: 1 });
  if (/denom/.test(name))
    return fc.oneof({ arbitrary: fc.constantFrom(...hints.denoms), weight: 6 }, { arbitrary: sized, weight: 1 });
  if (/address/.test(name))
    return fc.oneof({ arbitrary: fc.constantFrom(...hints.addresses), weight: 4 }, { arbitrary: sized, weight: 1 });
  if (/^amount|bps|fee$|percent|seconds/.test(name)) {
    return fc.oneof(
      { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String), weight: 6 },
      { arbitrary: fc.constantFrom('1.5', '-1', '1e6', (2n ** 256n).toString()), weight: 1 },
      { arbitrary: sized, weight: 1 },
    );
  }
  if (name === 'tx_hash')
    return fc.oneof(
      hex(64, 64),
      hex(64, 64).map((h) => `0x${h}`),
      sized,
    );
  return sized;
}

/** Values for one OpenAPI (3.0) schema: mostly valid against it, sometimes not, sometimes hostile. */
export function valueOf(doc: Schema, schema: Schema, hints: Hints, name = '', depth = 0): fc.Arbitrary<unknown> {
  const s = deref(doc, schema);
  const plain = (): fc.Arbitrary<unknown> => {
    if (depth > 8) return fc.constant(null);
    if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
      return fc.oneof(...((s.anyOf ?? s.oneOf) as Schema[]).map((b) => valueOf(doc, b, hints, name, depth + 1)));
    }
    switch (s.type) {
      case 'string':
        return stringFor(name, s, hints);
      case 'integer':
        return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.constantFrom(2 ** 53, -1));
      case 'number':
        return fc.double({ noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const max = typeof s.maxItems === 'number' ? s.maxItems : 4;
        const items = valueOf(doc, (s.items ?? {}) as Schema, hints, name, depth + 1);
        return fc.oneof(
          { arbitrary: fc.array(items, { maxLength: Math.min(max, 3) }), weight: 8 },
          { arbitrary: fc.array(items, { minLength: max + 1, maxLength: max + 1 }), weight: max <= 64 ? 1 : 0 },
        );
      }
      case 'object': {
        const props = (s.properties ?? {}) as Record<string, Schema>;
        const required = new Set((s.required ?? []) as string[]);
        if (Object.keys(props).length === 0) {
          const extra =
            s.additionalProperties && typeof s.additionalProperties === 'object'
              ? (s.additionalProperties as Schema)
              : {};
          return fc.dictionary(
            name === 'chain_ids_to_addresses' || name === 'chains' || name.endsWith('affiliates')
              ? fc.constantFrom(...hints.chainIds)
              : fc.string({ maxLength: 8 }),
            valueOf(doc, extra, hints, name, depth + 1),
            { maxKeys: 3 },
          );
        }
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(props))
          record[k] = required.has(k)
            ? mostly(valueOf(doc, v, hints, k, depth + 1))
            : fc.option(mostly(valueOf(doc, v, hints, k, depth + 1)), { nil: undefined, freq: 3 });
        return fc.record(record).chain((o) =>
          fc.oneof(
            { arbitrary: fc.constant(o), weight: 8 },
            {
              arbitrary: fc
                .dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 })
                .map((extra) => ({ ...extra, ...o })),
              weight: 1,
            },
          ),
        );
      }
      default:
        return anyJson;
    }
  };
  return s.nullable
    ? fc.oneof({ arbitrary: plain(), weight: 6 }, { arbitrary: fc.constant(null), weight: 1 })
    : plain();
}

/** Request texts that are not (valid) JSON at all, or JSON that attacks the parser rather than the schema. */
export const hostileBodies: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '[1,]',
    '{"a":1,"a":2}',
    '\ufeff{}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '1e309',
    '"\\ud800"',
    'null',
    '[]',
    '\u0000',
  ),
  fc.integer({ min: 33, max: 100_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.integer({ min: 33, max: 50_000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
  fc.string({ maxLength: 40 }),
);
