/** What the home view tells its host. */

/** A task the person opens from the home view (a search hit or a task ready for review). */
export interface HomeOpenTaskEvent {
  taskId: string;
  workspaceId: string;
  displayName: string;
  /** The workspace's task type, when known (`Invoice`, `Transcript`, …). */
  taskType: string | null;
  /** The task is a recording: open it in the transcript editor. */
  media: boolean;
  /** The task is in the history (review is over). */
  fromHistory: boolean;
  /** A search hit's page (documents): open the task there. */
  pageNumber: number | null;
  /** A search hit's start time in seconds (recordings): play from there. */
  startTimeSeconds: number | null;
  /** A search hit's matched words (documents): shown on its page. */
  matchedWords: string | null;
}

/** A page of the app the person opens from their bookmarks (`link` is the app's route). */
export interface HomeOpenLinkEvent {
  link: string;
  target: string | null;
}
