import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contract',
    include: ['contract/**/*.test.ts'],
    environment: 'node',
  },
});
