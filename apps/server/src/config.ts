import type { KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MICROSOFT_CLOUD } from './connectors/graph.js';
import { DEMO_VENDOR_PUBLIC_KEY, parseVendorPublicKey } from './domain/licences/vendor-key.js';
import type { BlobStoreSetting } from './storage/blob-storage.js';

/** Repository root, found from this file so the server runs the same from any working directory. */
export const repoRoot = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

/** Everything the server reads from its environment, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Public origin of the app and the API (one origin serves both). */
  origin: string;
  dataDir: string;
  /**
   * Where file bytes live (BLOB_STORE): `local`, the default, is `dataDir/blobs`; `s3` an
   * S3-compatible bucket (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, S3_PREFIX,
   * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY or the AWS SDK's own chain) that several machines share.
   */
  blobStore: BlobStoreSetting;
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
  /**
   * How often an idle worker looks for work although no notification came (WORKER_POLL_SECONDS,
   * default 30): a safety net, as workers wake on the database's notification of queued work.
   */
  workerPollMs: number;
  /**
   * Threads for the stages' CPU-bound page work and engine processes, shared by the workers of the
   * process (PIPELINE_THREADS, default the number of CPUs).
   */
  pipelineThreads: number;
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
  /**
   * A language model behind the OpenAI chat completions API for summaries and the DocAI assistant
   * (LLM_URL, the base such as https://api.openai.com/v1, with LLM_MODEL and LLM_API_KEY); unset:
   * both work offline with extractive methods that quote the task's own text.
   */
  llmUrl: string | undefined;
  llmModel: string | undefined;
  llmApiKey: string | undefined;
  /**
   * Port of the SMTP receiver of the workspaces' import addresses (MAIL_IMPORT_PORT); undefined:
   * no receiver runs. With the demo data and no MAIL_IMPORT_PORT, the demo port on loopback, so
   * mail import can be tried at once; `MAIL_IMPORT_PORT=off` turns it off.
   */
  mailImportPort: number | undefined;
  /** Whether the port is the demo's default rather than the operator's choice (a busy one is then skipped, not fatal). */
  mailImportPortIsDemoDefault: boolean;
  /** Interface the receiver listens on (MAIL_IMPORT_HOST, default the server's HOST; loopback for the demo default). */
  mailImportHost: string;
  /** Largest message it accepts (MAIL_IMPORT_MAX_MESSAGE_BYTES, default 50 MB). */
  mailImportMaxMessageBytes: number;
  /** Microsoft Graph for SharePoint connections (MICROSOFT_GRAPH_URL; another cloud, e.g. https://graph.microsoft.us/v1.0). */
  microsoftGraphUrl: string;
  /** The Microsoft identity platform that signs connections in (MICROSOFT_LOGIN_URL). */
  microsoftLoginUrl: string;
  /** The built folder monitor people download (FOLDER_MONITOR_FILE, default tools/folder-monitor/dist/folder-monitor.mjs). */
  folderMonitorFile: string;
  /**
   * How often this process sends the task notifications workspaces ask for
   * (NOTIFICATION_INTERVAL_SECONDS, default 10; 0 = never, e.g. when other replicas send them).
   */
  notificationIntervalMs: number;
  /**
   * The licence vendor's Ed25519 public key that activation codes must be signed with
   * (LICENCE_PUBLIC_KEY, PEM or 32 bytes in base64). Without it a server with demo data trusts the
   * demo vendor key; a server without demo data then activates no code.
   */
  licenceVendorKey: KeyObject | undefined;
  /**
   * Queues the workers of this process read (WORKER_QUEUES, default `default`). A pipeline step
   * redirected to another queue is run only by workers that read that queue, e.g. a dedicated
   * worker started with WORKER_QUEUES=priority.
   */
  workerQueues: string[];
  /** Queues a developer may redirect a pipeline step to (ADDITIONAL_QUEUES, default none). */
  additionalQueues: string[];
  /**
   * Hook services run after a workspace's recognizer, by name (RECOGNIZER_HOOKS, `name=url` pairs
   * separated by spaces or commas). Workspaces pick theirs with SdWorkspace/RecognizerHooks.
   */
  recognizerHooks: Record<string, string>;
}

export const DEFAULT_QUEUE = 'default';
const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;

/** Queue names from the environment; a name a worker could not match exactly throws. */
function queueList(env: NodeJS.ProcessEnv, name: string, fallback: string[]): string[] {
  const values = (env[name] ?? '').split(/[\s,]+/).filter(Boolean);
  for (const value of values) {
    if (!QUEUE_NAME.test(value))
      throw new Error(`${name} lists queue names of letters, digits, . _ -, not ${JSON.stringify(value)}.`);
  }
  return values.length > 0 ? [...new Set(values)] : fallback;
}

/** `name=url` pairs of hook services; a pair without a name or an http(s) URL throws. */
function hookList(env: NodeJS.ProcessEnv, name: string): Record<string, string> {
  const hooks: Record<string, string> = {};
  for (const pair of (env[name] ?? '').split(/[\s,]+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    const hookName = pair.slice(0, at);
    const url = pair.slice(at + 1);
    if (at < 1 || !QUEUE_NAME.test(hookName) || !/^https?:\/\/./.test(url)) {
      throw new Error(
        `${name} lists name=url pairs such as redact=https://hooks.example/redact, not ${JSON.stringify(pair)}.`,
      );
    }
    hooks[hookName] = url;
  }
  return hooks;
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

/** BLOB_STORE and its S3_* settings; a bucket is required for `s3`, any other value is refused. */
export function blobStoreOf(env: NodeJS.ProcessEnv): BlobStoreSetting {
  const kind = (env.BLOB_STORE ?? 'local').trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`BLOB_STORE must be local or s3, not ${JSON.stringify(env.BLOB_STORE)}.`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('BLOB_STORE=s3 needs S3_BUCKET, the bucket that holds the files.');
  const prefix = env.S3_PREFIX?.trim().replace(/^\/+/, '') ?? '';
  return {
    kind: 's3',
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

/** The SMTP port of mail import on a demo server (unprivileged, the usual one for a local test receiver). */
export const DEMO_MAIL_IMPORT_PORT = 2525;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const mailImportSetting = env.MAIL_IMPORT_PORT?.trim();
  const mailImportPortIsDemoDefault = !mailImportSetting && env.SEED_DEMO_DATA !== 'false';
  const mailImportPort =
    mailImportSetting === 'off'
      ? undefined
      : mailImportSetting
        ? wholeNumber(env, 'MAIL_IMPORT_PORT', 0, 0)
        : mailImportPortIsDemoDefault
          ? DEMO_MAIL_IMPORT_PORT
          : undefined;
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, '.data'));
  return {
    port,
    host,
    origin: (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    blobStore: blobStoreOf(env),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    translationUrl: env.TRANSLATION_URL || undefined,
    translationApiKey: env.TRANSLATION_API_KEY || undefined,
    llmUrl: env.LLM_URL?.replace(/\/+$/, '') || undefined,
    llmModel: env.LLM_MODEL || undefined,
    llmApiKey: env.LLM_API_KEY || undefined,
    mailFrom: env.MAIL_FROM ?? 'Reviewdesk <no-reply@reviewdesk.test>',
    contractPath: resolve(env.CONTRACT_PATH ?? join(repoRoot, 'openapi', 'reviewdesk.yaml')),
    webDist: resolve(env.WEB_DIST ?? join(repoRoot, 'apps', 'web', 'dist')),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    seedDemoTasks: env.SEED_DEMO_DATA !== 'false' && env.SEED_DEMO_TASKS !== 'false',
    workers: wholeNumber(env, 'WORKERS', 1, 0),
    workerLeaseMs: wholeNumber(env, 'WORKER_LEASE_SECONDS', 60, 5) * 1000,
    workerPollMs: wholeNumber(env, 'WORKER_POLL_SECONDS', 30, 1) * 1000,
    pipelineThreads: wholeNumber(env, 'PIPELINE_THREADS', availableParallelism(), 1),
    schedulerIntervalMs: wholeNumber(env, 'SCHEDULER_INTERVAL_SECONDS', 30, 1) * 1000,
    frameAncestors: originList(env, 'FRAME_ANCESTORS'),
    mailImportPort,
    mailImportPortIsDemoDefault,
    // The receiver has no AUTH: the demo's default listens on loopback only.
    mailImportHost: env.MAIL_IMPORT_HOST ?? (mailImportPortIsDemoDefault ? '127.0.0.1' : host),
    mailImportMaxMessageBytes: wholeNumber(env, 'MAIL_IMPORT_MAX_MESSAGE_BYTES', 50 * 1024 * 1024, 1024),
    microsoftGraphUrl: (env.MICROSOFT_GRAPH_URL ?? MICROSOFT_CLOUD.graph).replace(/\/$/, ''),
    microsoftLoginUrl: (env.MICROSOFT_LOGIN_URL ?? MICROSOFT_CLOUD.login).replace(/\/$/, ''),
    folderMonitorFile: resolve(
      env.FOLDER_MONITOR_FILE ?? join(repoRoot, 'tools', 'folder-monitor', 'dist', 'folder-monitor.mjs'),
    ),
    notificationIntervalMs: wholeNumber(env, 'NOTIFICATION_INTERVAL_SECONDS', 10, 0) * 1000,
    licenceVendorKey: env.LICENCE_PUBLIC_KEY
      ? parseVendorPublicKey(env.LICENCE_PUBLIC_KEY)
      : env.SEED_DEMO_DATA !== 'false'
        ? parseVendorPublicKey(DEMO_VENDOR_PUBLIC_KEY)
        : undefined,
    workerQueues: queueList(env, 'WORKER_QUEUES', [DEFAULT_QUEUE]),
    additionalQueues: queueList(env, 'ADDITIONAL_QUEUES', []).filter((q) => q !== DEFAULT_QUEUE),
    recognizerHooks: hookList(env, 'RECOGNIZER_HOOKS'),
  };
}
