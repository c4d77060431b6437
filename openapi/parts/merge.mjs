// Joins the contract parts (openapi/parts/*.yaml) into openapi/reviewdesk.yaml while the contract
// is being written by area. Fails on any key defined twice.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const doc = parse(readFileSync(join(here, 'root.yaml'), 'utf8'));
doc.paths ??= {};
doc.components ??= {};
const clashes = [];
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.yaml') && f !== 'root.yaml')
  .sort()) {
  const part = parse(readFileSync(join(here, file), 'utf8')) ?? {};
  for (const tag of part.tags ?? []) {
    if (doc.tags?.some((t) => t.name === tag.name)) clashes.push(`${file}: tags ${tag.name}`);
    else {
      doc.tags ??= [];
      doc.tags.push(tag);
    }
  }
  for (const [path, item] of Object.entries(part.paths ?? {})) {
    if (doc.paths[path]) {
      for (const method of Object.keys(item)) {
        if (doc.paths[path][method]) clashes.push(`${file}: paths ${path} ${method}`);
      }
      Object.assign(doc.paths[path], item);
    } else doc.paths[path] = item;
  }
  for (const [section, entries] of Object.entries(part.components ?? {})) {
    doc.components[section] ??= {};
    for (const [name, value] of Object.entries(entries)) {
      if (doc.components[section][name]) clashes.push(`${file}: components.${section}.${name}`);
      doc.components[section][name] = value;
    }
  }
}
if (clashes.length) {
  console.error(`Defined twice:\n  ${clashes.join('\n  ')}`);
  process.exitCode = 1;
}
writeFileSync(join(here, '..', 'reviewdesk.yaml'), stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }));
console.log(`merged ${Object.keys(doc.paths).length} paths into openapi/reviewdesk.yaml`);
