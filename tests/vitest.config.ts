import { defineConfig } from 'vitest/config';

// The `contract` project. The `e2e` project has its own file, vitest.e2e.config.ts (listed next to
// this directory in the root vitest.config.ts): a container config here would rename its projects
// to "<container> (contract)" and "<container> (e2e)", and `--project e2e` would no longer match.
export default defineConfig({
  test: {
    name: 'contract',
    include: ['contract/**/*.test.ts'],
    environment: 'node',
  },
});
