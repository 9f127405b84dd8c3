import { loadDataFiles } from '../../src/registry/data-files.js';
import { buildRegistry } from '../../src/registry/build.js';
import { loadRegistrySources } from '../../src/registry/sources.js';
import type { InProcessCase } from '../types.js';

/** The start-up work of building the registry from chain-registry data, data/ and viem (inputs already loaded). */
export const registryBuild: InProcessCase = {
  kind: 'in-process',
  name: 'registry-build',
  description: 'buildRegistry(): chains, assets, channels and voucher index from chain-registry, viem and data/',
  iterations: 5,
  setup: () => {
    const data = loadDataFiles();
    const sources = loadRegistrySources();
    return () => buildRegistry(data, sources);
  },
};
