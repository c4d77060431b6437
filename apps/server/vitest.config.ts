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
    // The files share one module registry per worker: importing the server's module graph took
    // ~2.5 s per file, about 390 s of the suite's 154 files. Each file opens its own databases and
    // servers, so nothing but modules is shared; a file that replaces a module for its tests does so
    // with vi.doMock and a fresh import (see read-qr-codes.test.ts), not a hoisted vi.mock.
    isolate: false,
  },
});
