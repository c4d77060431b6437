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
  /** Imports a few fixture files as demo tasks on start, for the workers to process (SEED_DEMO_TASKS, default with the demo data). */
  seedDemoTasks: boolean;
  /** Processing workers this process runs (WORKERS, default 1; 0 = none, e.g. an API-only replica). */
  workers: number;
  /** How long a worker's claim on a task lasts without a heartbeat (WORKER_LEASE_SECONDS, default 60). */
  workerLeaseMs: number;
  /** How often the scheduler looks for dead workers, stuck tasks and files to remove (SCHEDULER_INTERVAL_SECONDS, default 30). */
  schedulerIntervalMs: number;
  /**
   * Partner origins that may frame the reference app besides its own origin (FRAME_ANCESTORS,
   * space- or comma-separated; default none: same origin only). Identity pages are never framed.
   */
  frameAncestors: string[];
  /**
   * A translation service speaking the LibreTranslate API (TRANSLATION_URL, with TRANSLATION_API_KEY
   * when it asks for one); unset: Apertium from Debian's packages, offline, for the pairs installed.
   */
  translationUrl: string | undefined;
  translationApiKey: string | undefined;
}

/** Origins from the environment; anything that is not a bare http(s) origin throws (a typo must not open framing to all). */
function originList(env: NodeJS.ProcessEnv, name: string): string[] {
  const values = (env[name] ?? '').split(/[\s,]+/).filter(Boolean);
  for (const value of values) {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
      throw new Error(`${name} must list origins such as https://partner.example, not ${JSON.stringify(value)}.`);
    }
  }
  return values.map((value) => value.replace(/\/$/, ''));
}

/** A whole number ≥ `min` from the environment, else the default (a typo must not disable workers silently: it throws). */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(raw)}.`);
  }
  return value;
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
    translationUrl: env.TRANSLATION_URL || undefined,
    translationApiKey: env.TRANSLATION_API_KEY || undefined,
    mailFrom: env.MAIL_FROM ?? 'Reviewdesk <no-reply@reviewdesk.test>',
    contractPath: resolve(env.CONTRACT_PATH ?? join(repoRoot, 'openapi', 'reviewdesk.yaml')),
    webDist: resolve(env.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist')),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    seedDemoTasks: env.SEED_DEMO_DATA !== 'false' && env.SEED_DEMO_TASKS !== 'false',
    workers: wholeNumber(env, 'WORKERS', 1, 0),
    workerLeaseMs: wholeNumber(env, 'WORKER_LEASE_SECONDS', 60, 5) * 1000,
    schedulerIntervalMs: wholeNumber(env, 'SCHEDULER_INTERVAL_SECONDS', 30, 1) * 1000,
    frameAncestors: originList(env, 'FRAME_ANCESTORS'),
  };
}
