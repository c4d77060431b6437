// Batches (SdBatch). Thin: the rules are in domain/batches.ts.
import { type BatchCreateInput, batchPage, createBatch, deleteBatch } from '../../domain/batches.js';
import { type HandlerMap, requires } from '../handler.js';

export const batchHandlers: HandlerMap = {
  SdBatch_Post: requires(['Batches.CreateBatch'], ({ body, session, services }) =>
    createBatch(services.db, session, body as BatchCreateInput),
  ),
  SdBatch_GetWithPagination: requires(['Batches.ListBatches'], ({ params, body, session, services }) =>
    batchPage(services.db, session, String(params.workspaceId), body as Record<string, unknown>),
  ),
  SdBatch_DeleteById: requires(['Batches.Delete'], async ({ params, session, services }) => {
    await deleteBatch(services.db, session, String(params.id));
    return undefined;
  }),
};
