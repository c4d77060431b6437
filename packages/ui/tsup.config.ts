import { defineConfig } from 'tsup';

// JavaScript and declarations only; the CSS bundles are written by the repository's scripts/build-package-css.mjs so
// that styles.css and styles.layer.css come from the same source in the same order.
export default defineConfig({
  entry: [
    'src/index.ts',
    'src/embed/index.ts',
    'src/review-session/index.ts',
    'src/template-fields/index.ts',
    'src/docai/index.ts',
  ],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
