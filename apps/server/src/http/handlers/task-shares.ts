// Sharing a task: by e-mail to people (SdTask/Share), its link (SdTaskShare/GetShareTaskUrl), a
// media segment (SdTaskShare/ShareMediaSegment, cut by a worker process: src/pipeline/sharing), the
// render events, and the share history
// (SdTaskShare/GetTaskShareHistoryDetails). Rules live in src/domain/sharing.
import { applySegmentRenderEvents, shareMediaSegment } from '../../domain/sharing/media-segment.js';
import { publicSegment } from '../../domain/sharing/public-segment.js';
import { taskShareHistory } from '../../domain/sharing/share-history.js';
import { shareTaskUrl, shareTaskWithUsers } from '../../domain/sharing/task-share.js';
import { blobStorageFor } from '../../storage/blob-storage.js';
import { taskCallerOf } from '../callers.js';
import { defineHandlers, publicCall, requires } from '../handler.js';

export const taskShareHandlers = defineHandlers({
  // Sharing with people outside the workspace also needs Workspace.AddUsers (checked in the domain).
  SdTask_Share: requires(['Task.View'], async (input) =>
    shareTaskWithUsers(input.services, taskCallerOf(input), input.body),
  ),

  SdTaskShare_GetShareTaskUrl: requires(['Task.View'], async (input) =>
    shareTaskUrl(input.services, taskCallerOf(input), input.query.taskId),
  ),

  // The link is answered at once; a worker cuts the segment and reports through the render events.
  SdTaskShare_ShareMediaSegment: requires(['Task.ShareMediaSegment'], async (input) =>
    shareMediaSegment(input.services, taskCallerOf(input), input.body),
  ),

  // Sent by rendering workers of the caller's tenant; events of other tenants' requests change nothing.
  SdTaskShare_RenderFarmTaskShareMediaSegmentEvents: requires(['Workspace.ForDevelopers'], async (input) => {
    await applySegmentRenderEvents(
      input.services.db,
      input.session.membership.tenant_id,
      input.body,
      input.session.user.id,
    );
    return undefined;
  }),

  // No token: the key of the link is the permission.
  SdTaskShare_Public: publicCall(async (input) =>
    publicSegment(
      input.services.db,
      blobStorageFor(input.services.config),
      input.services.config.origin,
      input.params.accessKey,
    ),
  ),

  SdTaskShare_GetTaskShareHistoryDetails: requires(['Task.View'], async (input) =>
    taskShareHistory(taskCallerOf(input), blobStorageFor(input.services.config), input.params.taskId),
  ),
});
