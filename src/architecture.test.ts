/**
 * The shape of the code, checked (README "Architecture"): the wire types sit below the engine, the HTTP layer sits
 * above everything it serves, and no module needs itself to load. Read from the production modules' import graph
 * (tests may drive the HTTP server from anywhere: they are the top of the stack, not part of it).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, readImportGraph, type ImportEdge } from './test-helpers/import-graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const graph = readImportGraph(ROOT);

/** Imports that reach into src/http/ from a module outside it. */
function upwardIntoHttp(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => e.to.startsWith('src/http/') && !e.from.startsWith('src/http/'))
    .map((e) => `${e.from} → ${e.to}`);
}

/** Imports from src/wire/ to anything of src/ outside it: the wire types are the bottom layer. */
function wireImportsAbove(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => e.from.startsWith('src/wire/') && !e.to.startsWith('src/wire/'))
    .map((e) => `${e.from} → ${e.to}`);
}

/** The concrete bridge and venue lists, which only context.ts hands to the engine. */
const PLUG_IN_LISTS = ['src/bridges/index.ts', 'src/venues/index.ts'];
const ENGINE = ['src/routing/', 'src/messages/', 'src/route-txs/', 'src/tx/'];

/** Imports (type-only ones too) of a plug-in list from the engine, which receives the sets instead. */
function engineImportsPlugInLists(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => PLUG_IN_LISTS.includes(e.to) && ENGINE.some((dir) => e.from.startsWith(dir)))
    .map((e) => `${e.from} → ${e.to}`);
}

/** Load-time cycles: static imports that stay in the compiled JavaScript. */
function runtimeCycles(modules: readonly string[], edges: readonly ImportEdge[]): string[][] {
  return cycles(
    modules,
    edges.filter((e) => e.runtime && !e.dynamic),
  );
}

describe('architecture', () => {
  it('reads the whole source tree', () => {
    expect(graph.modules.length).toBeGreaterThan(200);
    expect(graph.modules).toContain('src/routing/engine.ts');
    expect(graph.edges.some((e) => e.from === 'src/http/app.ts' && e.runtime)).toBe(true);
  });

  it('no module outside src/http/ imports from src/http/', () => {
    expect(upwardIntoHttp(graph.edges)).toEqual([]);
  });

  it('src/wire/ (schemas and input limits) imports nothing above it', () => {
    expect(wireImportsAbove(graph.edges)).toEqual([]);
  });

  it('routing/, messages/, route-txs/ and tx/ receive the bridge and venue sets (no import of the concrete lists)', () => {
    expect(engineImportsPlugInLists(graph.edges)).toEqual([]);
  });

  it('no runtime import cycle in src/', () => {
    expect(runtimeCycles(graph.modules, graph.edges)).toEqual([]);
  });

  it('the checks find what they look for (a synthetic graph with one of each fault)', () => {
    const modules = ['src/routing/a.ts', 'src/routing/b.ts', 'src/routing/c.ts', 'src/http/app.ts', 'src/wire/x.ts'];
    const edge = (from: string, to: string, runtime = true): ImportEdge => ({ from, to, runtime, dynamic: false });
    const edges = [
      edge('src/routing/a.ts', 'src/routing/b.ts'),
      edge('src/routing/b.ts', 'src/routing/c.ts'),
      edge('src/routing/c.ts', 'src/routing/a.ts'),
      edge('src/routing/a.ts', 'src/http/app.ts', false),
      edge('src/wire/x.ts', 'src/routing/a.ts', false),
      edge('src/http/app.ts', 'src/wire/x.ts'),
      edge('src/messages/build.ts', 'src/bridges/index.ts', false),
      edge('src/context.ts', 'src/bridges/index.ts'),
      edge('src/routing/a.ts', 'src/bridges/set.ts'),
    ];
    expect(runtimeCycles(modules, edges)).toEqual([['src/routing/a.ts', 'src/routing/b.ts', 'src/routing/c.ts']]);
    // A cycle closed only by a type import is not a load-time cycle.
    expect(runtimeCycles(modules, [...edges.slice(0, 2), edge('src/routing/c.ts', 'src/routing/a.ts', false)])).toEqual(
      [],
    );
    expect(upwardIntoHttp(edges)).toEqual(['src/routing/a.ts → src/http/app.ts']);
    expect(wireImportsAbove(edges)).toEqual(['src/wire/x.ts → src/routing/a.ts']);
    expect(engineImportsPlugInLists(edges)).toEqual(['src/messages/build.ts → src/bridges/index.ts']);
  });
});
