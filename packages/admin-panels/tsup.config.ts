import { defineConfig } from 'tsup';

// JavaScript and declarations only; the CSS bundles are written by the repository's scripts/build-package-css.mjs so
// that styles.css and styles.layer.css come from the same source in the same order.
export default defineConfig({
  // The profile is an entry of its own (and its mount another), so no entry carries the others' screens.
  entry: {
    index: 'src/index.ts',
    embed: 'src/embed.ts',
    profile: 'src/profile/index.ts',
    'profile-embed': 'src/profile/embed.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
