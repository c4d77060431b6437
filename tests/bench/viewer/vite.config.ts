// The page engine's benchmark page: tests/bench/viewer-bench.ts builds it with this config and
// serves the result with the generated PDFs (see tests/bench/README.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const viewerPackage = path.resolve(here, '../../../packages/document-viewer');

export default defineConfig({
  root: here,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  resolve: {
    // The baseline imports pdf.js directly: use the very copy react-pdf uses.
    alias: { 'pdfjs-dist': path.join(viewerPackage, 'node_modules/pdfjs-dist') },
    dedupe: ['react', 'react-dom'],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: process.env.RD_BENCH_OUT ?? path.join(here, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // RD_BENCH_MINIFY=0 keeps function names readable in a CPU profile.
    minify: process.env.RD_BENCH_MINIFY !== '0',
  },
});
