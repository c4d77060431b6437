import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { workspaceSource } from '../../workspace-source';

export default defineConfig({
  // The @reviewdesk packages from their source, not their dist/ (packages/LAYOUT.md).
  plugins: [react(), workspaceSource()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
  },
});
