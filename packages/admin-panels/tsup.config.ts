import { defineConfig } from 'tsup';

// JavaScript and declarations only; the CSS bundles are written by the repository's scripts/build-package-css.mjs so
// that styles.css and styles.layer.css come from the same source in the same order.
export default defineConfig({
  // The profile, the workspace settings, the tenant settings and licensing are entries of their own
  // (and their mounts others), so that none carries the others' screens or strings; the main entry
  // and /embed gather the administration screens for hosts that show them all.
  entry: {
    index: 'src/index.ts',
    embed: 'src/embed.ts',
    profile: 'src/profile/index.ts',
    'profile-embed': 'src/profile/embed.ts',
    workspace: 'src/workspace/index.ts',
    'workspace-embed': 'src/workspace/embed.ts',
    tenant: 'src/tenant/index.ts',
    'tenant-embed': 'src/tenant/embed.ts',
    licensing: 'src/licensing/index.ts',
    'licensing-embed': 'src/licensing/embed.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
