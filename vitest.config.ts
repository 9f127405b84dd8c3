import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that load the machine on their own (a full production build, a deployment started from it): they run in
 * a project of their own after every other file has finished, one at a time, so they neither starve nor are starved
 * by the rest of the suite (the build also rewrites dist/, which the HTTP and browser tests serve from).
 */
const SERIAL = ['test/production.test.ts'];

export default defineConfig({
  test: {
    // The registry build and the HTTP app are shared per file; keep files isolated but few workers on 2 cores.
    pool: 'forks',
    // Bounds for reporting a hung test, not expectations of speed: tests wait on conditions, and on a busy 2-core
    // machine a set-up (anvil, contract deployments, a cold solc cache) can take minutes where it takes seconds alone.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERIAL],
          // Builds the explorer page (dist/explorer/) once per run: the HTTP and browser tests serve it.
          globalSetup: ['test/build-explorer.setup.ts'],
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'serial',
          include: SERIAL,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
