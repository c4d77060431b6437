import { defineConfig } from 'vitest/config';
import { workspaceSource } from '../../workspace-source';

export default defineConfig({
  // The other @reviewdesk packages from their source, not their dist/ (packages/LAYOUT.md).
  plugins: [workspaceSource()],
  test: {
    name: 'api-client',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // Type tests (`*.test-d.ts`) prove that wrong paths, bodies and missing arguments do not compile.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    restoreMocks: true,
  },
});
