import { defineConfig } from 'vitest/config';

// The `e2e` project: the built app on the real server, driven in the system Chromium
// (tests/e2e/README.md). Run from the repository root: `pnpm exec vitest run --project e2e`.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // Starts the server (fresh embedded database, the built app) once, stops it afterwards.
    globalSetup: ['e2e/support/global-setup.ts'],
    // One server and one browser: files one after another, tests in order.
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
