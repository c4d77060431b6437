/**
 * The speakers a paragraph can be given: the task's own, then the workspace's that are not on the
 * task (spec §4: workspace speakers stay listed, even after leaving the task). The list keeps its
 * identity while the speakers do not change, so rows do not render again on word edits.
 */
import { useMemo } from 'react';
import { useSession } from '../editor/context.js';
import type { Speaker } from '../session/types.js';

export interface SpeakerOption {
  speaker: Speaker;
  /** On the task (false: offered from the workspace). */
  onTask: boolean;
}

const NONE: readonly Speaker[] = [];

export function useSpeakerOptions(): readonly SpeakerOption[] {
  const onTask = useSession((s) => s.transcript?.speakers ?? NONE);
  const workspace = useSession((s) => s.media?.predefinedSpeakers ?? NONE);
  return useMemo(() => {
    const ids = new Set(onTask.map((s) => s.speakerId));
    return [
      ...onTask.map((speaker) => ({ speaker, onTask: true })),
      ...workspace.filter((s) => !ids.has(s.speakerId)).map((speaker) => ({ speaker, onTask: false })),
    ];
  }, [onTask, workspace]);
}
