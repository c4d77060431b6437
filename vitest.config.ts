import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and API suites; each workspace
// owns its own vitest config (environment, setup files, browser mode).
export default defineConfig({
  test: {
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
