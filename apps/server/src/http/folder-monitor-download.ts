// GET /downloads/reviewdesk-folder-monitor.mjs: the built folder monitor, as a file to save.
import { createReadStream, existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { FOLDER_MONITOR_PATH } from '../domain/folder-monitor.js';
import { errorBody } from './errors.js';
import { contentDisposition } from './send-file.js';

export function registerFolderMonitorDownload(app: FastifyInstance, config: ServerConfig): void {
  app.get(FOLDER_MONITOR_PATH, async (_request, reply) => {
    if (!existsSync(config.folderMonitorFile)) {
      return reply.code(404).send(errorBody(404, 'NotFound', 'The folder monitor is not built on this server.'));
    }
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', 'reviewdesk-folder-monitor.mjs'))
      .send(createReadStream(config.folderMonitorFile));
  });
}
