/**
 * Stories as tests: every story renders (and runs its play function) in real Chromium through
 * vitest browser mode; the a11y addon fails a story on any axe violation.
 * Run from the repository root: `pnpm exec vitest run --project storybook`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { workspaceSource } from '../workspace-source.ts';
import { ON_DEMAND_DEPENDENCIES } from './on-demand-dependencies.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// The system Chromium: browser downloads are not possible on these machines.
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
});

export default defineConfig({
  plugins: [workspaceSource(), storybookTest({ configDir: dirname, storybookScript: 'pnpm run storybook --ci' })],
  publicDir: path.join(dirname, 'public'),
  // Dependencies that stories import only dynamically: Vite would find them mid-run, optimise them
  // and reload the page under a running test ("Vite unexpectedly reloaded a test").
  optimizeDeps: { include: ON_DEMAND_DEPENDENCIES },
  test: {
    name: 'storybook',
    // One story file at a time: stories move focus and the pointer, which two pages of one
    // browser would take from each other.
    fileParallelism: false,
    // Browser mode's default is 15 s for a whole story, while a story's own waits allow up to 15 s
    // for one step (a page drawn by pdf.js, a review finished): a story that loads, types, saves and
    // finishes went past it on a loaded two-core machine. A story that really hangs still fails.
    testTimeout: 45_000,
    browser: {
      enabled: true,
      headless: true,
      provider: chromium,
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1024, height: 720 },
    },
  },
});
