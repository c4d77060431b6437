// Starts the reference server: `pnpm --filter @reviewdesk/server run start`.
import { buildServer } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const server = await buildServer(config, { logger: true });
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(`Reviewdesk on ${config.origin} (database: ${server.database.kind})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
