/**
 * Dependencies the packages import only dynamically (loaded when first needed). Vite's dependency
 * scan does not follow such imports from the stories, so it would find them while tests run,
 * optimise them and reload the page under a running test ("Vite unexpectedly reloaded a test").
 * Listed as `package > dependency` (the packages are the root's dev dependencies for this), so
 * they are optimised before the first story.
 */
export const ON_DEMAND_DEPENDENCIES = [
  '@reviewdesk/admin-panels > uplot',
  '@reviewdesk/transcript-editor > wavesurfer.js',
  '@reviewdesk/transcript-editor > wavesurfer.js/dist/plugins/regions.esm.js',
];
