/**
 * Host pages for the embedding scenarios. The viewer's `/embed` entry (the built package) is
 * bundled with Vite into one script, as a host without React would ship it, and the pages are
 * served by Playwright on the server's own origin under /embed-host/, so the viewer talks to the
 * real API without CORS and the host's CSS is the only thing that differs from the app.
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { repoRoot } from '../../e2e/support/paths';

const viewerPackage = join(repoRoot, 'packages', 'document-viewer');

let bundle: Promise<string> | null = null;

/** The embed entry with everything it imports (React included), as one IIFE exposing `ReviewdeskViewer` (built with Vite, a root dev dependency). */
export function viewerBundle(): Promise<string> {
  bundle ??= build({
    configFile: false,
    // Vite's cache goes to the system temp folder, not next to the tests.
    cacheDir: join(tmpdir(), 'reviewdesk-embed-vite'),
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      // Everything in one file: a host page includes one script.
      assetsInlineLimit: Number.POSITIVE_INFINITY,
      lib: {
        entry: join(viewerPackage, 'dist', 'embed.js'),
        formats: ['iife'],
        name: 'ReviewdeskViewer',
        fileName: () => 'viewer.js',
      },
    },
  }).then((output) => {
    const outputs = Array.isArray(output) ? output : [output];
    for (const result of outputs) {
      if (!('output' in result)) continue;
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
    throw new Error('The viewer bundle was not produced.');
  });
  return bundle;
}

const files: Record<string, { path: string; type: string }> = {
  'ui.css': { path: join(repoRoot, 'packages', 'ui', 'dist', 'styles.css'), type: 'text/css' },
  'viewer.css': { path: join(viewerPackage, 'dist', 'styles.css'), type: 'text/css' },
  'pdf.worker.min.mjs': {
    path: join(viewerPackage, 'node_modules', 'pdfjs-dist', 'build', 'pdf.worker.min.mjs'),
    type: 'text/javascript',
  },
};

/** Serves /embed-host/<page>.html (from tests/embed/hosts), the bundle, the styles and the pdf.js worker. */
export async function serveHostPages(page: Page, baseUrl: string, settings: Record<string, unknown>): Promise<void> {
  await page.route(`${baseUrl}/embed-host/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.replace('/embed-host/', '');
    if (name === 'viewer.js') {
      await route.fulfill({ contentType: 'text/javascript', body: await viewerBundle() });
    } else if (name === 'settings.js') {
      await route.fulfill({
        contentType: 'text/javascript',
        body: `window.EMBED_SETTINGS = ${JSON.stringify(settings)};`,
      });
    } else if (files[name]) {
      const file = files[name];
      await route.fulfill({ contentType: file.type, body: await readFile(file.path) });
    } else {
      await route.fulfill({
        contentType: 'text/html',
        body: await readFile(join(import.meta.dirname, '..', 'hosts', name)),
      });
    }
  });
}
