import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Host-owned libraries stay imports: two copies of React Query would split the cache.
  external: ['@tanstack/react-query', 'openapi-fetch', 'openapi-react-query'],
});
