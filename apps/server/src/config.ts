import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this file so the server runs the same from any working directory. */
export const repoRoot = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

/** Everything the server reads from its environment, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Public origin of the app and the API (one origin serves both). */
  origin: string;
  dataDir: string;
  /** Real PostgreSQL when set; embedded PGlite in `dataDir/pglite` otherwise. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contractPath: string;
  webDist: string;
  /** Creates the demo tenants, users, workspaces and batches on start (idempotent). */
  seedDemoData: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, '.data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    origin: (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Reviewdesk <no-reply@reviewdesk.test>',
    contractPath: resolve(env.CONTRACT_PATH ?? join(repoRoot, 'openapi', 'reviewdesk.yaml')),
    webDist: resolve(env.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist')),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
  };
}
