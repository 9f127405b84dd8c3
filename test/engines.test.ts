/**
 * package.json declares the Node versions Junction runs on (22 LTS and 24 are supported; 20.19+ still passes the
 * suite and is accepted, see docs/versioning.md); every installed package must accept the oldest release of each
 * major line the range admits, or `npm ci` warns (EBADENGINE) and the claim is untrue. Packages whose latest versions
 * need Node 22 are pinned through `overrides` to versions that still support Node 20 (content-disposition, cookie,
 * starknet; see docs/operations.md). `.nvmrc` names the major line CI runs.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

/** The oldest version of each alternative of the range (`^20.19.0 || ^22.13.0 || >=24` → 20.19.0, 22.13.0, 24.0.0). */
const oldestOfEachLine = (range: string) =>
  new semver.Range(range).set.map(
    (comparators) => semver.minVersion(comparators.map((c) => c.value).join(' '))!.version,
  );

describe('declared Node versions', () => {
  it('admits the supported lines, 22 LTS and 24, and the one .nvmrc names', () => {
    for (const v of ['22.13.0', '22.23.3', '24.0.0', '24.9.0'])
      expect(semver.satisfies(v, pkg.engines.node), v).toBe(true);
    const nvmrc = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
    expect(semver.satisfies(`${nvmrc}.99.0`, pkg.engines.node) || semver.satisfies(nvmrc, pkg.engines.node)).toBe(true);
    expect(oldestOfEachLine(pkg.engines.node)).toEqual(['20.19.0', '22.13.0', '24.0.0']);
  });

  it('every locked package supports the oldest release of each admitted line, and the one running', () => {
    const refusing: string[] = [];
    for (const [name, entry] of Object.entries(lock.packages)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!range || name === '') continue;
      for (const v of [...oldestOfEachLine(pkg.engines.node), process.versions.node])
        if (!semver.satisfies(v, range)) refusing.push(`${name} needs node ${range} (not ${v})`);
    }
    expect(refusing).toEqual([]);
  });

  it('the running Node is within the declared range', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
