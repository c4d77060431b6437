// Batches (SdBatch). Thin: the rules are in domain/batches.ts.
import { batchPage, createBatch, deleteBatch } from '../../domain/batches.js';
import { defineHandlers, requires } from '../handler.js';

export const batchHandlers = defineHandlers({
  SdBatch_Post: requires(['Batches.CreateBatch'], ({ body, session, services }) =>
    createBatch(services.db, session, body),
  ),
  SdBatch_GetWithPagination: requires(['Batches.ListBatches'], ({ params, body, session, services }) =>
    batchPage(services.db, session, params.workspaceId, body),
  ),
  SdBatch_DeleteById: requires(['Batches.Delete'], async ({ params, session, services }) => {
    await deleteBatch(services.db, session, params.id);
    return undefined;
  }),
});
