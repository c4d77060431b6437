/**
 * Where a task is reviewed: recordings on the transcripts route, everything else in the document
 * viewer (both route by the task's type again, so an old link still lands right). A search hit
 * carries where its passage is: `page` (and the matched `words`, boxed there) for documents, `time`
 * (seconds) for recordings. Shared by
 * the task list and the home view; kept apart from both so neither pulls in the other's package.
 */
export interface TaskToOpen {
  taskId: string;
  workspaceId: string;
  fromHistory: boolean;
  media: boolean;
  pageNumber?: number | null;
  startTimeSeconds?: number | null;
  matchedWords?: string | null;
}

export function taskAddress({
  taskId,
  workspaceId,
  fromHistory,
  media,
  pageNumber,
  startTimeSeconds,
  matchedWords,
}: TaskToOpen): string {
  const query = new URLSearchParams({ taskId, workspaceId });
  if (fromHistory) query.set('fromHistory', 'true');
  if (media && typeof startTimeSeconds === 'number') query.set('time', String(startTimeSeconds));
  if (!media && typeof pageNumber === 'number') {
    query.set('page', String(pageNumber));
    if (matchedWords) query.set('words', matchedWords);
  }
  return `/task/viewer${media ? '/transcripts' : ''}?${query}`;
}
