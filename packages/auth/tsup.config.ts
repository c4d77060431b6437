import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // React and oidc-client-ts come from the host's install; bundling them would load two copies.
  external: ['react', 'react-dom', 'react/jsx-runtime', 'oidc-client-ts', '@reviewdesk/api-client'],
});
