/**
 * Vite config of the reference app. In dev, everything the server owns (API, OpenID Connect
 * endpoints, server-rendered identity and confirmation pages, SPA settings) is proxied to the
 * reference server, so the browser sees one origin exactly as in production, where the server
 * serves apps/web/dist itself.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { workspaceSource } from '../../workspace-source';
import { pdfjsAssets } from './build/pdfjs-assets';

const server = process.env.REVIEWDESK_SERVER ?? 'http://localhost:8080';

// Prefixes the server answers; `/confirm` and `/Identity` are server-rendered pages (spec §2).
const serverPaths = ['/api', '/connect', '/.well-known', '/Identity', '/_configuration', '/confirm'];

export default defineConfig({
  // The dev server reads the @reviewdesk packages from their source (packages/LAYOUT.md), so a change
  // in a package shows at once; `vite build` bundles their dist/, as a host application would.
  plugins: [react(), pdfjsAssets(), { ...workspaceSource(), apply: 'serve' }],
  server: {
    port: 5173,
    // Forwarding the Host header would make the provider issue URLs for the dev port, which is
    // what we want: the server's PUBLIC_ORIGIN must be the dev origin for redirects to land here.
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: server, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
