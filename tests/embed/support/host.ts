/**
 * Host pages for the embedding scenarios. The viewer's `/embed` entry and the template builder's
 * `/template-builder/embed` entry (the built package) are each bundled with Vite into one script,
 * as a host without React would ship it, and the pages are served by Playwright on the server's own origin under /embed-host/, so the viewer talks to the
 * real API without CORS and the host's CSS is the only thing that differs from the app.
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { repoRoot } from '../../e2e/support/paths';

const viewerPackage = join(repoRoot, 'packages', 'document-viewer');

const bundles = new Map<string, Promise<string>>();

/**
 * An embed entry of the built package with everything it imports (React included), as one IIFE
 * exposing `name` (built with Vite, a root dev dependency): the viewer's `/embed` as
 * `ReviewdeskViewer`, the template builder's `/template-builder/embed` as `ReviewdeskTemplateBuilder`.
 */
function entryBundle(entry: string, name: string): Promise<string> {
  const cached = bundles.get(entry);
  if (cached) return cached;
  const bundle = build({
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
        entry: join(viewerPackage, 'dist', entry),
        formats: ['iife'],
        name,
        fileName: () => entry,
      },
    },
  }).then((output) => {
    const outputs = Array.isArray(output) ? output : [output];
    for (const result of outputs) {
      if (!('output' in result)) continue;
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
    throw new Error(`The bundle of ${entry} was not produced.`);
  });
  bundles.set(entry, bundle);
  return bundle;
}

/** The viewer's embed entry as one script exposing `ReviewdeskViewer`. */
export const viewerBundle = () => entryBundle('embed.js', 'ReviewdeskViewer');

/** The template builder's embed entry as one script exposing `ReviewdeskTemplateBuilder`. */
export const templateBuilderBundle = () => entryBundle('template-builder-embed.js', 'ReviewdeskTemplateBuilder');

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
    } else if (name === 'template-builder.js') {
      await route.fulfill({ contentType: 'text/javascript', body: await templateBuilderBundle() });
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
