/**
 * Reads the import graph of src/ for the architecture test: which module imports which, and whether the import is
 * there at run time. `import type` and `export type` vanish from the compiled JavaScript, so they neither load a
 * module nor close a cycle; everything else (`import { type A }` included: with verbatimModuleSyntax it stays as
 * `import {} from`) does. Parsed with TypeScript's own parser, so no regular expression guesses at syntax.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  from: string;
  to: string;
  /** Loaded when the importing module loads (false: type-only, erased). */
  runtime: boolean;
  /** A dynamic `import()`: loaded later, so it never closes a load-time cycle. */
  dynamic: boolean;
}

export interface ImportGraph {
  /** Module paths relative to the root, with forward slashes (`src/routing/engine.ts`). */
  modules: string[];
  edges: ImportEdge[];
}

const isTest = (file: string) => /\.test\.ts$/.test(file) || file.includes('/test-helpers/');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined; // a package
  const abs = path.resolve(path.dirname(fromFile), spec);
  return abs.endsWith('.js') ? abs.slice(0, -3) + '.ts' : abs;
}

function importsOf(file: string): { spec: string; runtime: boolean; dynamic: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { spec: string; runtime: boolean; dynamic: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, runtime: !node.importClause?.isTypeOnly, dynamic: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, runtime: !node.isTypeOnly, dynamic: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ spec: arg.text, runtime: true, dynamic: true });
    } else if (ts.isImportTypeNode(node)) {
      return; // `typeof import('x')` in a type position
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The graph of the production modules under `root/src` (tests and test helpers left out unless asked). */
export function readImportGraph(root: string, options: { withTests?: boolean } = {}): ImportGraph {
  const files = tsFiles(path.join(root, 'src')).filter((f) => options.withTests || !isTest(path.relative(root, f)));
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const edges: ImportEdge[] = [];
  for (const file of files) {
    for (const { spec, runtime, dynamic } of importsOf(file)) {
      const target = resolve(file, spec);
      if (target) edges.push({ from: rel(file), to: rel(target), runtime, dynamic });
    }
  }
  return { modules: files.map(rel), edges };
}

/** Strongly connected components with more than one module (or a module importing itself): the import cycles. */
export function cycles(modules: readonly string[], edges: readonly Pick<ImportEdge, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, string[]>(modules.map((m) => [m, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  // Tarjan's algorithm, iterative (the graph has hundreds of modules; recursion depth is not a concern, clarity is).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const strongConnect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        if (!next.has(w)) continue;
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const m of modules) if (!index.has(m)) strongConnect(m);
  return found;
}
