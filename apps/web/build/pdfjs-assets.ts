/**
 * Serves pdf.js's CMaps, standard fonts and wasm decoders at /pdfjs/ (the document viewer's default
 * `pdfAssets.baseUrl`): from the installed pdfjs-dist in dev, copied into dist/pdfjs at build.
 * The viewer bundles the pdf.js worker itself; these folders are fetched only when a PDF needs them.
 */

import { createReadStream, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import type { Plugin } from 'vite';

const FOLDERS = ['cmaps', 'standard_fonts', 'wasm'];

/** pdfjs-dist as the document viewer resolves it (the exact version it depends on). */
function pdfjsRoot(): string {
  const viewer = createRequire(import.meta.url).resolve('@reviewdesk/document-viewer/package.json');
  return dirname(createRequire(viewer).resolve('pdfjs-dist/package.json'));
}

const TYPES: Record<string, string> = {
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function pdfjsAssets(): Plugin {
  const root = pdfjsRoot();
  let outDir = 'dist';
  return {
    name: 'reviewdesk:pdfjs-assets',
    configResolved(config) {
      outDir = config.build.outDir.startsWith(sep) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/pdfjs', (request, response, next) => {
        const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
        const [folder] = path.split('/').filter(Boolean);
        const file = join(root, path);
        if (!folder || !FOLDERS.includes(folder) || !file.startsWith(join(root, folder))) return next();
        try {
          if (!statSync(file).isFile()) return next();
        } catch {
          return next();
        }
        response.setHeader('Content-Type', TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
        createReadStream(file).pipe(response);
      });
    },
    async writeBundle() {
      await Promise.all(
        FOLDERS.map((folder) => cp(join(root, folder), join(outDir, 'pdfjs', folder), { recursive: true })),
      );
    },
  };
}
