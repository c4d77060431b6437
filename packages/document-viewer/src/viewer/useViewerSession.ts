/**
 * The stores of one mounted viewer: the review session (started on mount, disposed on unmount,
 * autosave following the host or the device preference) and the UI store, whose OCR layer choice
 * is kept on the device.
 */
import { useApiClient, usePreferences } from '@reviewdesk/ui';
import { useReviewSessionStore } from '@reviewdesk/ui/review-session';
import { useEffect, useState } from 'react';
import { createReviewSession, type ReviewSession, type SessionEvents } from '../session/session.js';
import { createViewerUiStore, type ViewerUiStore } from './ui-store.js';

export interface ViewerSessionOptions {
  taskId?: string | null;
  externalId?: string | null;
  userId?: string | null;
  readOnly?: boolean;
  autosave: boolean;
  /** The host's latest callbacks: read on every event, so new callbacks on each render still win. */
  events: SessionEvents;
}

export function useViewerSession(options: ViewerSessionOptions): ReviewSession {
  const client = useApiClient();
  return useReviewSessionStore(
    (getEvents) =>
      createReviewSession({
        client,
        taskId: options.taskId,
        externalId: options.externalId,
        userId: options.userId || 'anonymous',
        readOnly: options.readOnly,
        autosave: options.autosave,
        getEvents,
      }),
    options.events,
    options.autosave,
  );
}

/** The viewer's UI store, opening with the device's OCR layer choice and keeping it there (off by default). */
export function useViewerUi(): ViewerUiStore {
  const storedOcrLayer = usePreferences((p) => p.ocrLayer);
  const setPreferences = usePreferences((p) => p.setPreferences);
  const [ui] = useState<ViewerUiStore>(() => createViewerUiStore({ ocrLayer: storedOcrLayer }));
  useEffect(
    () =>
      ui.subscribe((state, previous) => {
        if (state.ocrLayer !== previous.ocrLayer && !state.selectingText) setPreferences({ ocrLayer: state.ocrLayer });
      }),
    [ui, setPreferences],
  );
  return ui;
}
