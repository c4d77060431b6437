// Assembles the server: database, identity provider and pages, the contract-bound API, the SPA's
// sign-in settings and the built web app, all on one origin.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import { type Contract, loadContract } from './contract/contract.js';
import { ContractValidators } from './contract/validators.js';
import { type DatabaseHandle, openDatabase, pgliteDirOf } from './db/database.js';
import { ensureRoles } from './domain/demo-data.js';
import { seedDemo } from './domain/demo-seed.js';
import { startNotifier } from './domain/notifications/notifier.js';
import { bindContract, type ResponseViolation } from './http/binder.js';
import { errorBody } from './http/errors.js';
import { registerFolderMonitorDownload } from './http/folder-monitor-download.js';
import type { HandlerMap, Services } from './http/handler.js';
import { handlers as defaultHandlers } from './http/handlers/index.js';
import { registerSignedFiles } from './http/signed-files-route.js';
import { identityPages } from './identity/pages.js';
import { createIdentity, type Identity, OIDC_PREFIX } from './identity/provider.js';
import { SPA_SETTINGS_PATH, spaSettings } from './identity/spa-settings.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { startSegmentRenderer } from './pipeline/sharing/segment-renderer.js';
import { startSummariser } from './pipeline/summaries/summarise.js';
import { startModelTrainer } from './pipeline/templates/train-model.js';
import { loadStages } from './pipeline/worker/load-stages.js';
import type { Stage } from './pipeline/worker/stage.js';
import { startWorkers, type Workers } from './pipeline/worker/workers.js';
import { registerApiNoStore, registerSecurityHeaders } from './security/headers.js';
import { blobStorageFor } from './storage/blob-storage.js';
import { registerUploads } from './uploads/tus.js';

export interface BuildOptions {
  /** An already open database (tests share one per file); opened from the config otherwise. */
  database?: DatabaseHandle;
  contract?: Contract;
  handlers?: HandlerMap;
  mailer?: Mailer;
  onResponseViolation?: (violation: ResponseViolation) => void;
  logger?: boolean;
  /** Stages the in-process workers run (config.workers of them); src/pipeline/stages otherwise. */
  stages?: Stage[];
}

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  identity: Identity;
  contract: Contract;
  services: Services;
  outboxDir: string;
  /** The in-process processing workers, when config.workers > 0 and stages are installed. */
  workers: Workers | undefined;
  close(): Promise<void>;
}

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<Server> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir) }));
  const ownsDatabase = !options.database;
  await ensureRoles(database.db);
  if (config.seedDemoData) await seedDemo(database.db);

  const contract = options.contract ?? loadContract(config.contractPath);
  const validators = new ContractValidators(contract);
  const outboxDir = join(config.dataDir, 'outbox');
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(outboxDir, config.mailFrom));
  const services: Services = { db: database.db, config, mailer };
  const identity = await createIdentity(config, database.db);

  const app = Fastify({ logger: options.logger ?? false, trustProxy: true });
  // Before the provider's hook below: its hijacked answers get the headers too.
  await registerSecurityHeaders(app, config);
  registerApiNoStore(app);

  // The provider is a Koa app: it gets the raw request before Fastify reads the body.
  const providerCallback = identity.provider.callback();
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith(`${OIDC_PREFIX}/`) || path.startsWith('/.well-known/')) {
      reply.hijack();
      await providerCallback(request.raw, reply.raw);
    }
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const message = status === 500 ? 'An unexpected server error occurred.' : error.message;
    return reply.code(status).send(errorBody(status, status === 500 ? 'ServerError' : 'ValidationError', message));
  });

  await app.register(identityPages, { provider: identity.provider, db: database.db, mailer, config });
  app.get(SPA_SETTINGS_PATH, async () => spaSettings(config));
  await registerUploads(app, { services, verifyBearer: identity.verifyBearer });
  // Signed, time-limited file URLs (media, waveforms, result downloads) outside the contract.
  await registerSignedFiles(app, { db: database.db, storage: blobStorageFor(config) });
  registerFolderMonitorDownload(app, config);
  bindContract(app, {
    contract,
    validators,
    handlers: options.handlers ?? defaultHandlers,
    services,
    verifyBearer: identity.verifyBearer,
    onResponseViolation: options.onResponseViolation,
  });
  await serveWebApp(app, config.webDist);
  const workers = await startProcessing(config, database, options.stages);
  // Custom model versions train beside the task workers (none in an API-only replica).
  const trainer =
    config.workers > 0
      ? startModelTrainer({ db: database.db, trainerId: `${hostname()}-${process.pid}-trainer` })
      : undefined;
  // Summaries are made beside the task workers too (none in an API-only replica).
  const summariser =
    config.workers > 0
      ? startSummariser({
          db: database.db,
          storage: blobStorageFor(config),
          config,
          workerId: `${hostname()}-${process.pid}-summariser`,
        })
      : undefined;
  // And the cuts of shared media segments (queued as their shares; none in an API-only replica).
  const segmentRenderer =
    config.workers > 0
      ? startSegmentRenderer({
          db: database.db,
          storage: blobStorageFor(config),
          workerId: `${hostname()}-${process.pid}-segments`,
        })
      : undefined;
  const notifier =
    config.notificationIntervalMs > 0
      ? startNotifier({ db: database.db, mailer, origin: config.origin }, config.notificationIntervalMs)
      : undefined;

  return {
    app,
    database,
    identity,
    contract,
    services,
    outboxDir,
    workers,
    async close() {
      await notifier?.stop();
      await workers?.stop();
      await trainer?.stop();
      await summariser?.stop();
      await segmentRenderer?.stop();
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}

/** WORKERS in-process workers (and the scheduler) on the server's database; none when 0 or without stages. */
async function startProcessing(config: ServerConfig, database: DatabaseHandle, given: Stage[] | undefined) {
  if (config.workers < 1) return undefined;
  const stages = given ?? (await loadStages());
  if (stages.length === 0) {
    console.warn('No processing stages are installed (src/pipeline/stages/index.ts): tasks stay queued.');
    return undefined;
  }
  const workers = startWorkers({
    db: database.db,
    notifications: database.notifications,
    storage: blobStorageFor(config),
    config,
    stages,
    count: config.workers,
  });
  // Serve only once an import is sure to wake them (they poll slowly otherwise).
  await workers.listening;
  return workers;
}

/** The built SPA from apps/web/dist, with index.html for every client route. */
async function serveWebApp(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path.startsWith('/Identity/') || path.startsWith('/connect/');
    if (hasWeb && request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(errorBody(404, 'NotFound', `No route for ${request.method} ${path}.`));
  });
}
