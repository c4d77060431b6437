// Writes src/domain/abilities.md from the table in src/domain/abilities.ts.
import { writeFileSync } from 'node:fs';
import { renderAbilitiesMarkdown } from '../domain/abilities.js';

const target = new URL('../domain/abilities.md', import.meta.url);
writeFileSync(target, renderAbilitiesMarkdown());
console.log(`wrote ${target.pathname}`);
