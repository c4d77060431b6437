// Writes dist/styles.css and dist/styles.layer.css from src/styles/index.css of the package it
// runs in (every package's `build` script: `node ../../scripts/build-package-css.mjs`).
// One source, two outputs: the layered file is the plain one wrapped in `@layer reviewdesk`,
// so hosts that use cascade layers can put our rules below their own.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const root = process.cwd();
const entry = resolve(root, 'src/styles/index.css');
const IMPORT = /^@import\s+['"]([^'"]+)['"];\s*$/gm;

/** Inlines relative `@import`s depth-first, each file once, keeping source order. */
async function inline(file, seen) {
  if (seen.has(file)) return '';
  seen.add(file);
  const css = await readFile(file, 'utf8');
  let out = '';
  let last = 0;
  for (const match of css.matchAll(IMPORT)) {
    out += css.slice(last, match.index);
    out += await inline(resolve(dirname(file), match[1]), seen);
    last = match.index + match[0].length;
  }
  return out + css.slice(last);
}

const plain = (await inline(entry, new Set())).trim();
if (/(^|[\s,}])(:root|html|body)\s*[{,]/.test(plain)) {
  throw new Error('styles must stay scoped to .rd-root: found a :root/html/body selector');
}
const indented = plain
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n');

await mkdir(resolve(root, 'dist'), { recursive: true });
await writeFile(resolve(root, 'dist/styles.css'), `${plain}\n`);
await writeFile(resolve(root, 'dist/styles.layer.css'), `@layer reviewdesk {\n${indented}\n}\n`);
console.log('css: dist/styles.css, dist/styles.layer.css');
