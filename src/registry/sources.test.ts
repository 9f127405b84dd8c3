import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRegistry } from './build.js';
import { loadDataFiles } from './data-files.js';
import type { Registry } from './registry.js';
import {
  chainRegistryVersion,
  loadRegistrySources,
  sourcesFromPackage,
  trimSources,
  writeSourcesSnapshot,
} from './sources.js';

const dir = mkdtempSync(path.join(tmpdir(), 'junction-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything a registry serves: chains, listed assets with their parsed traces, channel ends. */
function contents(r: Registry) {
  const ids = [...r.chains.keys()];
  return {
    chains: ids.map((id) => r.chain(id)),
    assets: ids.map((id) => [...r.listedAssets(id)]),
    channels: ids.map((id) => r.channelsFrom(id)),
    ibcPaths: r.knownIbcPathCount,
  };
}

describe('registry sources', () => {
  const data = loadDataFiles();
  const full = sourcesFromPackage();

  it('a registry built from the trimmed sources equals one built from the package', () => {
    const fromPackage = contents(buildRegistry(data, full));
    const fromTrimmed = contents(buildRegistry(data, trimSources(full)));
    expect(fromPackage.assets.flat().length).toBeGreaterThan(1500);
    expect(fromTrimmed).toEqual(fromPackage);
  });

  it('round-trips through the snapshot file, which is much smaller than the package', () => {
    const file = path.join(dir, 'sources.json');
    const bytes = writeSourcesSnapshot(file);
    expect(bytes).toBeLessThan(5 * 2 ** 20);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(chainRegistryVersion());
    const loaded = loadRegistrySources(file);
    expect(loaded).not.toBe(full);
    expect(contents(buildRegistry(data, loaded))).toEqual(contents(buildRegistry(data, full)));
  });

  it('ignores a snapshot written from another package version or field list, and a missing one', () => {
    const file = path.join(dir, 'stale.json');
    writeSourcesSnapshot(file);
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(
      file,
      JSON.stringify({
        ...snapshot,
        version: '0.0.1',
        sources: { chains: [], assetLists: [], ibcData: [], nonCosmosAssetLists: [] },
      }),
    );
    expect(loadRegistrySources(file).chains.length).toBe(full.chains.length);
    writeFileSync(
      file,
      JSON.stringify({
        ...snapshot,
        format: '[]',
        sources: { chains: [], assetLists: [], ibcData: [], nonCosmosAssetLists: [] },
      }),
    );
    expect(loadRegistrySources(file).chains.length).toBe(full.chains.length);
    expect(loadRegistrySources(path.join(dir, 'absent.json')).chains.length).toBe(full.chains.length);
  });
});
