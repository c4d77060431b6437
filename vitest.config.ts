import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and API suites; each workspace
// owns its own vitest config (environment, setup files, browser mode).
export default defineConfig({
  test: {
    // One worker per core. Vitest's default for `run` is one core fewer, which on a 2-core machine
    // is a single worker: every file one after another. It also puts every isolated project whose
    // maxWorkers is 1 into the group it runs last, one file at a time, after all the others.
    // Projects that must run one file at a time (e2e, embed, the stories) still say so with
    // `fileParallelism: false`.
    maxWorkers: '100%',
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'tools/*/vitest.config.ts',
      'tests',
      'tests/vitest.e2e.config.ts',
      'tests/embed/vitest.config.ts',
      '.storybook',
    ],
  },
});
