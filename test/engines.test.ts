/**
 * package.json declares the Node versions Junction runs on; every installed package must agree, or `npm ci` warns
 * (EBADENGINE) and the claim is untrue. Packages whose latest versions need Node 22 are pinned through `overrides`
 * to versions that support Node 20 (content-disposition, cookie, starknet; see the README's Node section).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('declared Node versions', () => {
  it('every locked package supports the oldest Node that package.json accepts, and the one running', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const refusing: string[] = [];
    for (const [name, entry] of Object.entries(lock.packages)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (!range || name === '') continue;
      for (const v of [oldest, process.versions.node])
        if (!semver.satisfies(v, range)) refusing.push(`${name} needs node ${range} (not ${v})`);
    }
    expect(refusing).toEqual([]);
  });

  it('the running Node is within the declared range', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
