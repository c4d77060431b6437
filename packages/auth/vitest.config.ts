import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'auth',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
  },
});
