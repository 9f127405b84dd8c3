/**
 * Shared by the endpoint tests: the real application built from the default (offline) configuration, plus checks
 * every response must pass (JSON content type, body valid against the route's TypeBox schema, error body shape).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import type { AppContext } from '../../context.js';
import { buildApp } from '../app.js';
import { ErrorBody } from '../../wire/common.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the context and app once; call from a file's top level and `await` in beforeAll. `env`: settings. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const ctx = buildContext(loadConfig([], env));
  const app = await buildApp(ctx);
  await app.ready();
  return { app, ctx };
}

const ajv = new Ajv({ strict: false, allErrors: true });
const compiled = new WeakMap<TSchema, ValidateFunction>();

/** Validates a value against a TypeBox schema and fails the test with ajv's errors. */
export function expectSchema(schema: TSchema, value: unknown): void {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  const ok = validate(value);
  expect(ok ? [] : validate.errors?.slice(0, 5)).toEqual([]);
}

function expectJsonType(res: LightMyRequestResponse): void {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
}

/** A 2xx JSON response whose body matches the schema; returns the parsed body. */
export function okBody<T = Record<string, unknown>>(res: LightMyRequestResponse, schema: TSchema): T {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expectJsonType(res);
  const body = res.json();
  expectSchema(schema, body);
  return body as T;
}

/** An error response: status, gRPC code, JSON `{code, message, details}`; the message must match `message`. */
export function expectError(res: LightMyRequestResponse, status: number, code: number, message: RegExp | string): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expectJsonType(res);
  const body = res.json();
  expectSchema(ErrorBody, body);
  expect(body.code).toBe(code);
  expect(body.details).toEqual([]);
  if (typeof message === 'string') expect(body.message).toContain(message);
  else expect(body.message).toMatch(message);
}

/** POST with a JSON body (a string is sent verbatim, for malformed bodies). */
export function post(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return app.inject({ method: 'POST', url, payload: typeof body === 'string' ? body : JSON.stringify(body), headers });
}

/** A route's operations by kind, in order ("transfer", "evm_swap", "cctp_transfer", ...). */
export function operationKinds(route: { operations: object[] }): (string | undefined)[] {
  return route.operations.map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)));
}
