/**
 * The deployment files pass their lints (scripts/lint-deploy.ts, `npm run lint:deploy` in CI: no container engine
 * runs there), and each rule of the lints catches the fault it is for.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintCompose, lintDockerfile } from '../scripts/lint-deploy.js';

const read = (f: string) => readFileSync(new URL(`../${f}`, import.meta.url), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const haproxy = read('deploy/haproxy.cfg');
const node = read('.nvmrc').trim();

describe('Dockerfile', () => {
  it('passes: multi-stage, pinned Node.js of .nvmrc, production dependencies only, non-root, health check', () => {
    expect(lintDockerfile(dockerfile, node)).toEqual([]);
  });

  it.each([
    ['an unknown instruction', (t: string) => t.replace('WORKDIR /app', 'WORKDIRR /app'), 'Unknown instruction'],
    ['a root final stage', (t: string) => t.replace(/^USER node$/m, ''), 'runs as root'],
    ['no health check', (t: string) => t.replace(/^HEALTHCHECK[\s\S]*?\n(?=STOPSIGNAL)/m, ''), 'HEALTHCHECK'],
    ['one stage', (t: string) => t.slice(t.indexOf('FROM ${NODE_IMAGE} AS runtime')), 'multi-stage'],
    ['an unpinned base', (t: string) => t.replace('node:22.23.3-bookworm-slim', 'node:latest'), 'pinned'],
    ['another Node.js line', (t: string) => t.replace('node:22.23.3', 'node:20.19.0'), 'not Node.js'],
    ['the build context in the image', (t: string) => `${t}\nCOPY . .\n`, 'copies from the build context'],
    [
      'dev dependencies kept',
      (t: string) => t.replace(' && npm prune --omit=dev --no-audit --no-fund', ''),
      'production',
    ],
  ])('catches %s', (_what, mutate, message) => {
    expect(lintDockerfile(mutate(dockerfile), node).join('\n')).toContain(message);
  });
});

describe('compose.yaml', () => {
  it('passes: two instances on PostgreSQL and Redis behind one port, against the compose-spec schema', () => {
    expect(lintCompose(compose, haproxy)).toEqual([]);
  });

  it.each([
    [
      'a key the compose spec does not have',
      (t: string) =>
        t.replace('    healthcheck:\n      test: ["CMD", "redis', '    helthcheck:\n      test: ["CMD", "redis'),
      'must NOT have additional properties',
    ],
    [
      'a setting Junction does not have',
      (t: string) => t.replace('TRUST_PROXY:', 'TRUST_PROXIES:'),
      'TRUST_PROXIES is not a Junction setting',
    ],
    ['no shared database', (t: string) => t.replace(/^ {4}DATABASE_URL: .*\n/m, ''), 'no shared DATABASE_URL'],
    [
      'a grace period shorter than the drain',
      (t: string) => t.replace('stop_grace_period: 20s', 'stop_grace_period: 5s'),
      'stop_grace_period',
    ],
    [
      'a drain shorter than the proxy needs',
      (t: string) => t.replace('DRAIN_SECONDS: "6"', 'DRAIN_SECONDS: "2"'),
      'does not outlast',
    ],
    [
      'not waiting for PostgreSQL',
      (t: string) =>
        t.replace(/postgres:\n {6}condition: service_healthy/, 'postgres:\n      condition: service_started'),
      'does not wait for postgres',
    ],
    ['one instance', (t: string) => t.replace(/^ {2}junction-2:\n {4}<<: \*junction\n/m, ''), 'fewer than two'],
    [
      'an instance published beside the proxy',
      (t: string) =>
        t.replace('  junction-2:\n    <<: *junction\n', '  junction-2:\n    <<: *junction\n    ports: ["8081:8080"]\n'),
      'exactly one service',
    ],
  ])('catches %s', (_what, mutate, message) => {
    expect(lintCompose(mutate(compose), haproxy).join('\n')).toContain(message);
  });

  it('catches a proxy that does not check or reach every instance', () => {
    expect(lintCompose(compose, haproxy.replace(/^ {2}server junction-2 .*$/m, '')).join('\n')).toContain('junction-2');
    expect(lintCompose(compose, haproxy.replace('GET /health/ready', 'GET /health')).join('\n')).toContain(
      'health check',
    );
  });
});
