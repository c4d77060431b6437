// The export writers live in formats/exports, below both the domain and the pipeline; the
// integration stage takes them from here.
export * from '../../formats/exports/index.js';
