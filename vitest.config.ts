import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    // Builds the explorer page (dist/explorer/) once per run: the HTTP and browser tests serve it.
    globalSetup: ['test/build-explorer.setup.ts'],
    // The registry build and the HTTP app are shared per file; keep files isolated but few workers on 2 cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
