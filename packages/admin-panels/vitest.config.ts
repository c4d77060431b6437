import { defineConfig } from 'vitest/config';
import { workspaceSource } from '../../workspace-source';

export default defineConfig({
  // The other @reviewdesk packages from their source, not their dist/ (packages/LAYOUT.md).
  plugins: [workspaceSource()],
  test: {
    name: 'admin-panels',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
