// pdf.js wiring for one <DocumentPages>/<PageThumbnails> mount: a worker of our own (bundled from
// pdfjs-dist, never a CDN) created on mount and destroyed on unmount, and the getDocument options
// that tell pdf.js where the host serves CMaps, standard fonts and wasm decoders. Nothing here
// touches pdf.js's GlobalWorkerOptions, so two viewers on a page never share or fight over one.
import { useEffect, useMemo, useState } from 'react';
import { pdfjs } from 'react-pdf';
import type { PdfAssets } from './types';

/** Where the host serves `node_modules/pdfjs-dist/{cmaps,standard_fonts,wasm}` by default. */
export const DEFAULT_PDF_ASSETS_BASE = '/pdfjs/';

/** URL of the bundled worker: bundlers (Vite, webpack 5, Rollup plugins) emit the file locally. */
export function bundledWorkerUrl(): URL {
  return new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);
}

export interface PdfDocumentOptions {
  worker: InstanceType<typeof pdfjs.PDFWorker>;
  cMapUrl: string;
  cMapPacked: true;
  standardFontDataUrl: string;
  wasmUrl: string;
  isEvalSupported: false;
  disableFontFace: true;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** Resolves the asset folders from the prop (each folder may be overridden on its own). */
export function resolvePdfAssets(assets: PdfAssets | undefined): Required<Omit<PdfAssets, 'baseUrl' | 'workerSrc'>> {
  const base = withSlash(assets?.baseUrl ?? DEFAULT_PDF_ASSETS_BASE);
  return {
    cMapUrl: withSlash(assets?.cMapUrl ?? `${base}cmaps/`),
    standardFontDataUrl: withSlash(assets?.standardFontDataUrl ?? `${base}standard_fonts/`),
    wasmUrl: withSlash(assets?.wasmUrl ?? `${base}wasm/`),
  };
}

function createWorker(workerSrc: string | undefined): InstanceType<typeof pdfjs.PDFWorker> {
  const port = new Worker(workerSrc ?? bundledWorkerUrl(), { type: 'module', name: 'rd-pdfjs' });
  // create() (not the constructor) is the typed entry that accepts a port of our own.
  return pdfjs.PDFWorker.create({ port, name: 'rd-pdfjs' });
}

/**
 * The pdf.js options of one mount, stable while the assets do not change (react-pdf reloads the
 * documents when the options object changes). The worker lives exactly as long as the mount.
 */
export function usePdfDocumentOptions(assets: PdfAssets | undefined): PdfDocumentOptions | null {
  const { cMapUrl, standardFontDataUrl, wasmUrl } = resolvePdfAssets(assets);
  const workerSrc = assets?.workerSrc;
  const [options, setOptions] = useState<PdfDocumentOptions | null>(null);
  useEffect(() => {
    const worker = createWorker(workerSrc);
    setOptions({
      worker,
      cMapUrl,
      cMapPacked: true,
      standardFontDataUrl,
      wasmUrl,
      isEvalSupported: false,
      // Glyphs drawn as paths, not through FontFace objects added to the host's document: each
      // font added to a document makes the browser lay out all of its text again, and every
      // page (a PDF of its own) added its fonts, so the first layout after a page painted (the
      // reader's first click, right after opening) paid for every box label of the viewer and
      // every line of the host page. No text layer is drawn, so the fonts serve nothing else.
      disableFontFace: true,
    });
    return () => {
      setOptions(null);
      worker.destroy();
    };
  }, [workerSrc, cMapUrl, standardFontDataUrl, wasmUrl]);
  return options;
}

/** Memoised `file` argument of react-pdf's <Document> (a new object would reload the page). */
export function usePdfFile(url: string, httpHeaders: Record<string, string> | undefined) {
  const headersKey = httpHeaders ? JSON.stringify(httpHeaders) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers are compared by value
  return useMemo(() => (httpHeaders ? { url, httpHeaders, withCredentials: false } : { url }), [url, headersKey]);
}
