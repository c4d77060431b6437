import { defineConfig } from 'vitest/config';
import { workspaceSource } from '../../workspace-source';

export default defineConfig({
  // The other @reviewdesk packages from their source, not their dist/ (packages/LAYOUT.md).
  plugins: [workspaceSource()],
  test: {
    name: 'task-list',
    environment: 'jsdom',
    // One jsdom for all of this package's files instead of a new one per file (about a second each,
    // the largest part of a file's time); the setup file cleans the page and storage after each test.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
