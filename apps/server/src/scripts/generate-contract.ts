// Writes src/contract/generated from the contract (see src/contract/generate.ts).
// Usage: tsx src/scripts/generate-contract.ts [path/to/contract.yaml]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateContractFiles } from '../contract/generate.js';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const contractPath = resolve(process.argv[2] ?? join(serverDir, '..', '..', 'openapi', 'reviewdesk.yaml'));
const outDir = join(serverDir, 'src', 'contract', 'generated');

mkdirSync(outDir, { recursive: true });
for (const [name, text] of Object.entries(await generateContractFiles(contractPath, serverDir))) {
  writeFileSync(join(outDir, name), text);
}
console.log(`generated src/contract/generated from ${contractPath}`);
