// Summaries of recordings (Index: IsSummarizable, CreateOrUpdateVideoTextualSummary,
// GetVideoTextualSummary, GetSummaryCostsInfo, and the additions CancelVideoTextualSummary and
// UploadVideoTextualSummary). Thin: the rules are in domain/summaries/.
import {
  cancelSummary,
  getSummary,
  isSummarizable,
  requestSummary,
  summaryCosts,
  uploadSummary,
} from '../../domain/summaries/summaries.js';
import { defineHandlers, requires } from '../handler.js';

export const summaryHandlers = defineHandlers({
  Index_IsSummarizable: requires(['Index.VideoTextualSummary'], () => isSummarizable()),
  Index_CreateOrUpdateVideoTextualSummary: requires(['Index.VideoTextualSummary'], ({ body, session, services }) =>
    requestSummary(services, session, body),
  ),
  Index_GetVideoTextualSummary: requires(['Index.VideoTextualSummary'], ({ params, session, services }) =>
    getSummary(services, session, params.taskId),
  ),
  Index_CancelVideoTextualSummary: requires(['Index.VideoTextualSummary'], ({ params, session, services }) =>
    cancelSummary(services, session, params.taskId),
  ),
  Index_UploadVideoTextualSummary: requires(['Index.VideoTextualSummary'], ({ body, session, services }) =>
    uploadSummary(services, session, body),
  ),
  Index_GetSummaryCostsInfo: requires(['Index.VideoTextualSummary'], ({ params, session, services }) =>
    summaryCosts(services, session, params.taskId),
  ),
});
