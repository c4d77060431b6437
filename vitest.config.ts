import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and API suites; each workspace
// owns its own vitest config (environment, setup files, browser mode).
export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs one file at a time on a 2-core
    // machine, while most files wait on a database, a browser or a child process: two files at
    // once use both cores. Projects that share one server or one browser page keep their files in
    // sequence (fileParallelism: false in their configs).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
