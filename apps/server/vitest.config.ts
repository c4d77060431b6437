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
    // Each file in a process of its own (vitest's default). Sharing one process and module registry
    // (`isolate: false`) took ~470 s off the suite, but one fresh-clone run in three then died of a
    // V8 fatal error ("Check failed: jit_page_->allocations_.erase(addr) == 1", in
    // UnregisterWasmAllocation) after some hundred files had each made and dropped their WebAssembly
    // databases and engines in the one process, and every file after it went unrun. Files that
    // replace a module for their tests still do it with vi.doMock and a fresh import (see
    // pipeline/documents/testing/counted-tool-runs.ts), which works either way.
  },
});
