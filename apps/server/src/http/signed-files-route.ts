// The route behind signed file URLs (outside the contract: a browser's <audio>, <video> or a
// download link sends no bearer token). GET `/files/signed/<token>` serves the blob the
// token names with range requests; a changed token answers 403, an expired one 410. A waveform's
// URL also answers `?pairs=N` with its peaks merged down to at most N pairs (waveform-resolution.ts).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { ResultsScope } from '../db/repositories/results.js';
import { readFileToken, SIGNED_FILES_PATH } from '../domain/results/signed-urls.js';
import { MAX_VIEW_PAIRS, waveformAtResolution } from '../domain/results/waveform-resolution.js';
import type { BlobStorage } from '../storage/blob-storage.js';
import { errorBody } from './errors.js';
import { contentDisposition, sendBlob } from './send-file.js';

export async function registerSignedFiles(app: FastifyInstance, options: { db: Db; storage: BlobStorage }) {
  app.route({
    // Fastify answers HEAD from this GET route itself (exposeHeadRoutes).
    method: 'GET',
    // A wildcard, not `:token`: route parameters are capped at 100 characters, a signed token is longer.
    url: `${SIGNED_FILES_PATH}/*`,
    handler: async (request, reply) => {
      const token = (request.params as { '*': string })['*'];
      const check = await readFileToken(options.db, token);
      if (!check.ok) {
        const [status, message] =
          check.reason === 'expired'
            ? ([410, 'This link has expired; open the task again for a new one.'] as const)
            : ([403, 'This link is not valid.'] as const);
        return reply
          .code(status)
          .type('application/json')
          .send(errorBody(status, 'Forbidden', message));
      }
      const { file } = check;
      // The token names the tenant too: the blob is looked up in that tenant only.
      const blob = await new ResultsScope(options.db, file.tenantId).blob(file.blobId);
      if (!blob)
        return reply
          .code(404)
          .type('application/json')
          .send(errorBody(404, 'NotFound', 'The file no longer exists.'));
      const pairs = (request.query as { pairs?: string }).pairs;
      if (file.view === 'waveform-peaks' && pairs !== undefined) {
        const maxPairs = /^\d{1,8}$/.test(pairs) ? Number(pairs) : 0;
        if (maxPairs < 1 || maxPairs > MAX_VIEW_PAIRS)
          return reply
            .code(400)
            .type('application/json')
            .send(errorBody(400, 'ValidationError', `pairs must be a whole number from 1 to ${MAX_VIEW_PAIRS}.`));
        const peaks = await waveformAtResolution(options.storage, blob, maxPairs);
        return reply
          .code(200)
          .type('application/json')
          .header('Content-Disposition', contentDisposition(file.disposition, file.fileName))
          .send(JSON.stringify(peaks));
      }
      return sendBlob(reply, options.storage, blob, file, request.headers.range);
    },
  });
}
