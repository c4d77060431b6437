import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // PGlite boots in ~2.5 s and a real PostgreSQL cluster in a few seconds more.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
