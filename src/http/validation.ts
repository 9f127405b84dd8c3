/**
 * Request validation. Query strings need coercion (`include_evm=true` → boolean, a single `chain_ids=x` → array);
 * JSON bodies must not be coerced, so a number where a string belongs is an error, not a silent conversion.
 * Validation failures become one code-3 message that names the field at fault.
 */
import { Ajv, type ErrorObject, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

// validateSchema off: the schemas are TypeBox output, valid by construction; checking each against the JSON-Schema
// meta-schema compiled that meta-schema for both instances at start-up (about 45 ms).
const base: Options = {
  allErrors: false,
  strict: false,
  useDefaults: true,
  removeAdditional: false,
  validateSchema: false,
};
// verbose: errors carry the value, so a parameter given several times (an array where one value is expected) is
// named as such rather than as a value of the wrong type.
const queryAjv = new Ajv({ ...base, coerceTypes: 'array', verbose: true });
const bodyAjv = new Ajv({ ...base, coerceTypes: false });

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Validators not compiled yet, oldest first: compileNextValidator() works through them after start-up. */
const uncompiled = new Set<() => unknown>();

/**
 * Fastify asks for every route's validators while it starts; compiling them all there (~150 ms of Ajv code
 * generation) was a tenth of a cold start. Each validator is compiled on its first use instead, or by the warm-up
 * that runs once the server listens (compileNextValidator), whichever comes first: the answers are the same.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  let compiled: Validate | undefined;
  const compile = (): Validate => {
    if (compiled) return compiled;
    uncompiled.delete(compile);
    return (compiled = ajv.compile(schema as object) as Validate);
  };
  const validate: Validate = (data) => {
    const v = compile();
    const ok = v(data);
    validate.errors = v.errors ?? null;
    return ok;
  };
  uncompiled.add(compile);
  return validate as ReturnType<FastifySchemaCompiler<unknown>>;
};

/** Compiles one validator still waiting; false once none is left. */
export function compileNextValidator(): boolean {
  uncompiled.values().next().value?.();
  return uncompiled.size > 0;
}

/** `/operations/0/transfer/channel` → `operations[0].transfer.channel`. */
function fieldPath(instancePath: string, missing?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missing) parts.push(missing);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/** One sentence naming the field and what is wrong with it. */
export function describeValidationError(errors: ErrorObject[], part: string | undefined): string {
  const e = errors[0];
  if (!e) return 'invalid request';
  const where = part === 'querystring' ? 'query parameter' : part === 'params' ? 'path parameter' : 'field';
  switch (e.keyword) {
    case 'required':
      return `missing required ${where} ${fieldPath(e.instancePath, (e.params as { missingProperty: string }).missingProperty)}`;
    case 'enum':
      return `invalid ${where} ${fieldPath(e.instancePath) || '(root)'}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'additionalProperties':
      return `unknown ${where} ${fieldPath(e.instancePath, (e.params as { additionalProperty: string }).additionalProperty)}`;
    case 'type':
      if (part === 'querystring' && Array.isArray(e.data) && (e.params as { type: string }).type !== 'array')
        return `invalid query parameter ${fieldPath(e.instancePath)}: given ${e.data.length} times; give it once`;
      return `invalid ${where} ${fieldPath(e.instancePath) || '(root)'}: must be ${(e.params as { type: string }).type}`;
    default:
      return `invalid ${where} ${fieldPath(e.instancePath) || '(root)'}: ${e.message ?? 'is not valid'}`;
  }
}

/** `name[]` and `name[3]`: how axios, qs and PHP spell a repeated query parameter. */
const BRACKETED = /^([A-Za-z_]\w*)\[\d*\]$/;

/**
 * A query string with `chain_ids[]=a&chain_ids[]=b` (axios's default for an array) read as `chain_ids=a&chain_ids=b`,
 * the form the wire uses (repeated keys). Unknown query parameters are ignored, so without this such a filter was
 * silently dropped and the answer covered every chain. Undefined when there is nothing to fold.
 */
export function foldBracketedKeys(query: Record<string, unknown>): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(query)) {
    const name = BRACKETED.exec(key)?.[1];
    if (!name) continue;
    out ??= Object.assign(Object.create(null) as Record<string, unknown>, query);
    const values = [out[name], query[key]].flat().filter((v) => v !== undefined);
    delete out[key];
    out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}
