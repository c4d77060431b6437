import { defineConfig } from 'tsup';

// JavaScript and declarations only; the CSS bundles are written by the repository's scripts/build-package-css.mjs so
// that styles.css and styles.layer.css come from the same source in the same order.
export default defineConfig({
  entry: ['src/index.ts', 'src/embed.ts', 'src/template-builder.ts', 'src/template-builder-embed.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
