// Transcript/PredefinedSpeakers: the workspace's speakers, read by everybody who works in the
// workspace and kept by reviewers from the transcript editor or by managers from the settings
// (the same permissions as the predefined texts). Rules live in src/domain/transcripts.
import { getPredefinedSpeakers, patchPredefinedSpeakers } from '../../domain/transcripts/predefined-speakers.js';
import { defineHandlers, requires } from '../handler.js';

export const transcriptSpeakerHandlers = defineHandlers({
  Transcript_GetPredefinedSpeakers: requires(['Workspace.View'], async ({ params, session, services }) =>
    getPredefinedSpeakers(services.db, session, params.workspaceId),
  ),
  Transcript_PatchPredefinedSpeakers: requires(
    ['Workspace.Edit', 'Task.Review'],
    async ({ params, body, session, services }) =>
      patchPredefinedSpeakers(services.db, session, params.workspaceId, body, new Date()),
  ),
});
