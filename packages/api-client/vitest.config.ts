import { defineConfig } from 'vitest/config';

export default defineConfig({
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
