import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'folder-monitor',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
