import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The `embed` project: the viewer's /embed entry in host pages (a hostile one, two instances,
// one without React) on the real server in the system Chromium. Needs the packages and apps/web
// built, like e2e. Run from the repository root:
//   pnpm exec vitest run --config tests/embed/vitest.config.ts
export default defineConfig({
  // Vite's cache outside the repository (the project root is this folder).
  cacheDir: join(tmpdir(), 'reviewdesk-embed-vitest'),
  test: {
    name: 'embed',
    root: import.meta.dirname,
    include: ['**/*.embed.test.ts'],
    environment: 'node',
    globalSetup: ['../e2e/support/global-setup.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 240_000,
    teardownTimeout: 20_000,
  },
});
