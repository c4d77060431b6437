// The pages of a training set read a window at a time: a template set may hold up to 500 pages and
// a neural one 50,000, each page with its stored text layer and labelled document (JSON far larger
// than the words and labels training keeps), so the trainer never asks for them all at once. Each
// window is turned into training documents before the next is read, and nothing keeps it after.
/** How many pages one read brings: a few MB of stored JSON at most. */
export const PAGES_PER_READ = 50;

/** A stored page as training reads it. */
export interface TrainingPageRow {
  task_id: string;
  page_number: number;
  document: unknown;
  ocr: unknown;
}

/** Where the pages come from (the templates repository). */
export interface TrainingPageSource {
  trainingPagesAfter(
    taskIds: string[],
    after: { taskId: string; pageNumber: number } | null,
    limit: number,
  ): Promise<TrainingPageRow[]>;
}

/** The pages of the tasks, task by task and page by page, in windows of `pagesPerRead`. */
export async function* trainingPageWindows(
  source: TrainingPageSource,
  taskIds: string[],
  pagesPerRead = PAGES_PER_READ,
): AsyncGenerator<TrainingPageRow[]> {
  let after: { taskId: string; pageNumber: number } | null = null;
  let more = true;
  while (more) {
    const window = await source.trainingPagesAfter(taskIds, after, pagesPerRead);
    const last = window.at(-1);
    if (!last) return;
    after = { taskId: last.task_id, pageNumber: last.page_number };
    more = window.length === pagesPerRead;
    yield window;
  }
}
