// Sharing a task: by e-mail to people (SdTask/Share), its link (SdTaskShare/GetShareTaskUrl) and
// the share history (SdTaskShare/GetTaskShareHistoryDetails). Rules live in src/domain/sharing.
import { taskShareHistory } from '../../domain/sharing/share-history.js';
import { shareTaskUrl, shareTaskWithUsers } from '../../domain/sharing/task-share.js';
import { taskCallerOf } from '../callers.js';
import { defineHandlers, requires } from '../handler.js';

export const taskShareHandlers = defineHandlers({
  // Sharing with people outside the workspace also needs Workspace.AddUsers (checked in the domain).
  SdTask_Share: requires(['Task.View'], async (input) =>
    shareTaskWithUsers(input.services, taskCallerOf(input), input.body),
  ),

  SdTaskShare_GetShareTaskUrl: requires(['Task.View'], async (input) =>
    shareTaskUrl(input.services, taskCallerOf(input), input.query.taskId),
  ),

  SdTaskShare_GetTaskShareHistoryDetails: requires(['Task.View'], async (input) =>
    taskShareHistory(taskCallerOf(input), input.params.taskId),
  ),
});
