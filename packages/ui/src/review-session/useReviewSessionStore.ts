/**
 * The React life of an editor's review session and of the task it shows, the same in every
 * editor: the session is created once per mount, started on mount and disposed on unmount; the
 * autosave switch follows the host or the device preference; the host's callbacks are read on
 * every event, so new callbacks on each render still win. "Open the next task" switches the task
 * until the host passes another one.
 */
import { useEffect, useRef, useState } from 'react';

/** What the hook needs of a session store. */
export interface StartableSession {
  getState(): { start(): Promise<void>; dispose(): void; setAutosave(on: boolean): void };
}

/**
 * Creates the session with `create` (given a getter of the host's latest callbacks), starts it on
 * mount and disposes it on unmount.
 */
export function useReviewSessionStore<Session extends StartableSession, Events>(
  create: (getEvents: () => Events) => Session,
  events: Events,
  autosave: boolean,
): Session {
  const latest = useRef(events);
  latest.current = events;
  const [session] = useState<Session>(() => create(() => latest.current));
  useEffect(() => {
    void session.getState().start();
    return () => session.getState().dispose();
  }, [session]);
  useEffect(() => session.getState().setAutosave(autosave), [session, autosave]);
  return session;
}

/** The task an editor shows, and the key that remounts its instance when the task changes. */
export interface OpenedTask {
  taskId: string | null;
  externalId: string | null;
  /** Remounts the editor's instance (a fresh session) for another task, user or mode. */
  key: string;
  /** The host's `onOpenTask`, or opening the task in place when the host has none. */
  onOpenTask: (taskId: string) => void;
}

/** The host's task wins; a task opened from "next task" applies until the host passes another. */
export function useOpenedTask(props: {
  taskId?: string | null;
  externalId?: string | null;
  userId?: string | null;
  readOnly?: boolean;
  onOpenTask?: (taskId: string) => void;
}): OpenedTask {
  const [openedTaskId, setOpenedTaskId] = useState<string | null>(null);
  const hostKey = `${props.taskId ?? ''}|${props.externalId ?? ''}`;
  const [lastHostKey, setLastHostKey] = useState(hostKey);
  if (hostKey !== lastHostKey) {
    setLastHostKey(hostKey);
    setOpenedTaskId(null);
  }
  const taskId = openedTaskId ?? props.taskId ?? null;
  const externalId = openedTaskId ? null : (props.externalId ?? null);
  return {
    taskId,
    externalId,
    key: `${taskId}|${externalId}|${props.userId ?? ''}|${props.readOnly ? 'ro' : 'rw'}`,
    onOpenTask: props.onOpenTask ?? setOpenedTaskId,
  };
}
