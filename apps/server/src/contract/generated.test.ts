// The checked-in types of src/contract/generated must be what the contract gives today: a contract
// change without `pnpm run generate` fails here, before a handler is typed from stale types.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateContractFiles } from './generate.js';
import { Permission, TaskErrorCode } from './generated/enums.js';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const contractPath = join(serverDir, '..', '..', 'openapi', 'reviewdesk.yaml');

describe('generated contract types', () => {
  it('are up to date with openapi/reviewdesk.yaml (run `pnpm --filter @reviewdesk/server run generate`)', async () => {
    const files = await generateContractFiles(contractPath, serverDir);
    for (const [name, text] of Object.entries(files)) {
      const checkedIn = readFileSync(join(serverDir, 'src', 'contract', 'generated', name), 'utf8');
      expect(checkedIn, `src/contract/generated/${name} is stale`).toBe(text);
    }
  });

  it('names every value of an enumeration after the contract (x-enum-varnames)', () => {
    expect(TaskErrorCode.CheckedOutByOtherUser).toBe(3);
    expect(TaskErrorCode.ContextOutputLanguageSameAsInput).toBe(1026);
    expect(Permission['Task.Review']).toBe('Task.Review');
  });
});
