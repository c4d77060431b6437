/**
 * Global setup of the e2e project: starts the reference server on a free port with a fresh
 * embedded database (a temporary DATA_DIR, demo data seeded) serving the built app, and stops it,
 * with its whole process group, afterwards, and the SMTP server its mail goes to (`mailbox.ts`).
 * Builds nothing: the root test command builds first.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRunMailbox } from './mailbox';
import { artifactsDir, webDist } from './paths';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /** Port of the server's SMTP receiver of the workspaces' import addresses, on 127.0.0.1. */
    mailImportPort: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `The e2e tests need the built app, but ${join(webDist, 'index.html')} does not exist. ` +
        'Run `pnpm run build` (or `pnpm --filter @reviewdesk/web run build`) first.',
    );
  }
  await rm(artifactsDir, { recursive: true, force: true });
  await mkdir(artifactsDir, { recursive: true });
  // Invitations, confirmations and notifications travel over SMTP, as in production.
  const mailbox = await startRunMailbox();
  const server = await startServer({ logFile: join(artifactsDir, 'server.log'), smtpUrl: mailbox.url }).catch(
    async (error: unknown) => {
      await mailbox.stop();
      throw error;
    },
  );
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailImportPort', server.mailImportPort);
  return async () => {
    await server.stop();
    await mailbox.stop();
  };
}
