/**
 * What "Finish" does (button and shortcut): asks for confirmation first when the workspace wants
 * it (showModalFinishReview), else finishes at once. Nothing happens outside review mode.
 */
import { useCallback } from 'react';
import { useViewer } from '../context.js';

export function useFinishRequest(): () => void {
  const { session, ui } = useViewer();
  return useCallback(() => {
    const state = session.getState();
    if (state.mode !== 'review') return;
    if (state.init?.workspaceConfig.showModalFinishReview) ui.getState().set({ confirmFinishOpen: true });
    else void state.finish();
  }, [session, ui]);
}
