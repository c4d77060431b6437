/** Where things are, from the repository root. */
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');
/** The built app the server serves (the server's own `WEB_DIST` variable, if set). */
export const webDist = process.env.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist');
/** Screenshots and the server log of the last run (git-ignored: `tests/**\/artifacts/`). */
export const artifactsDir = join(repoRoot, 'tests', 'e2e', 'artifacts');
/** What the server sent over SMTP during the run, one JSON file a message (`support/mailbox.ts`). */
export const mailDir = join(artifactsDir, 'mail');
