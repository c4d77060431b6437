// Public surface of the page engine; the viewer (src/viewer) and src/index.ts import from here.
export { DocumentPages } from './DocumentPages';
export { defaultPagesMessages } from './messages';
export { PageThumbnails } from './PageThumbnails';
export { DEFAULT_PDF_ASSETS_BASE } from './pdfjs-setup';
export type * from './types';
