// @vitest-environment node
// The trainer reads a training set a window of pages at a time and keeps only the words and labels
// of each page: a template set of 500 pages never has more than one window of stored JSON alive.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type LearnableFields, trainingDocuments } from './train-model.js';
import {
  PAGES_PER_READ,
  type TrainingPageRow,
  type TrainingPageSource,
  trainingPageWindows,
} from './training-pages.js';

// A collection on demand, to count which stored pages are still reachable.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const TASKS = 25;
const PAGES_PER_TASK = 20;
const FIELDS: LearnableFields = { values: new Set(['order']), tables: new Map() };
const taskId = (t: number) => `00000000-0000-4000-8000-${String(t).padStart(12, '0')}`;

/** A stored page as recognition and labelling leave it: 300 words with their characters, one labelled value. */
function storedPage(task: number, page: number): TrainingPageRow {
  const entities = Array.from({ length: 300 }, (_, i) => ({
    text: `word${i}`,
    boundingBox: { left: i, top: page, right: i + 8, bottom: page + 10, x: i, y: page, width: 8, height: 10 },
    confidence: 0.99,
    chars: Array.from({ length: 6 }, (_, c) => ({ char: 'w', box: { x: i + c, y: page, width: 1, height: 10 } })),
  }));
  const order = {
    pageNumber: page,
    content: `PO-${task}-${page}`,
    boundingBox: { left: 5, top: 5, right: 60, bottom: 15 },
  };
  return {
    task_id: taskId(task),
    page_number: page,
    ocr: { pageNumber: page, entities },
    document: {
      entities: [
        { pageNumber: page, keyValues: [order], templateBuilderField: { fieldUniqueId: 'order', keyValues: [order] } },
      ],
    },
  };
}

/**
 * The stored pages in task and page order, each window made when it is asked for (as the database
 * answers), with a weak reference to every page handed out; before each read, the pages handed out
 * earlier that are still reachable are counted.
 */
function pageStore() {
  const all = Array.from({ length: TASKS * PAGES_PER_TASK }, (_, i) => ({
    task: Math.floor(i / PAGES_PER_TASK) + 1,
    page: (i % PAGES_PER_TASK) + 1,
  }));
  const handedOut: Array<WeakRef<object>> = [];
  const reads: Array<{ after: { taskId: string; pageNumber: number } | null; limit: number }> = [];
  let mostAlive = 0;
  const source: TrainingPageSource = {
    async trainingPagesAfter(taskIds, after, limit) {
      reads.push({ after, limit });
      // A turn of the event loop, then a collection: what the trainer still holds survives it.
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      mostAlive = Math.max(mostAlive, handedOut.filter((ref) => ref.deref() !== undefined).length);
      const from = after ? all.findIndex((p) => taskId(p.task) === after.taskId && p.page === after.pageNumber) + 1 : 0;
      const window = all
        .slice(from, from + limit)
        .filter((p) => taskIds.includes(taskId(p.task)))
        .map((p) => storedPage(p.task, p.page));
      for (const row of window) handedOut.push(new WeakRef(row.ocr as object));
      return window;
    },
  };
  return { source, reads, mostAlive: () => mostAlive };
}

describe('reading a training set', () => {
  const ids = Array.from({ length: TASKS }, (_, t) => taskId(t + 1));

  it('reads 500 pages a window at a time, each after the last page of the one before', async () => {
    const store = pageStore();
    const documents = await trainingDocuments(trainingPageWindows(store.source, ids), FIELDS);
    expect(store.reads.every((read) => read.limit === PAGES_PER_READ)).toBe(true);
    // Ten full windows, then an empty read that ends the set.
    expect(store.reads).toHaveLength((TASKS * PAGES_PER_TASK) / PAGES_PER_READ + 1);
    expect(store.reads[0]?.after).toBeNull();
    expect(store.reads[1]?.after).toEqual({ taskId: taskId(3), pageNumber: 10 });
    expect(documents).toHaveLength(TASKS);
    for (const [t, document] of documents.entries()) {
      expect(document.pages).toHaveLength(PAGES_PER_TASK);
      expect(document.pages.every((words) => words.length === 300)).toBe(true);
      expect(document.labels.map((l) => l.text)).toEqual(
        Array.from({ length: PAGES_PER_TASK }, (_, p) => `PO-${t + 1}-${p + 1}`),
      );
    }
  });

  it('does not hold the stored pages: at most one window of them is alive while it reads', async () => {
    const store = pageStore();
    const documents = await trainingDocuments(trainingPageWindows(store.source, ids), FIELDS);
    expect(documents).toHaveLength(TASKS);
    // Holding every window read would leave 450 pages alive at the last read.
    expect(store.mostAlive()).toBeLessThanOrEqual(PAGES_PER_READ);
    // The documents keep the words and labels only, none of the stored JSON (characters, copies of boxes).
    const word = documents[0]?.pages[0]?.[0];
    expect(Object.keys(word ?? {}).sort()).toEqual(['box', 'text']);
    expect(Object.keys(word?.box ?? {}).sort()).toEqual(['bottom', 'left', 'right', 'top']);
  });

  it('reads a set that fits in one window once, and an empty set with one read', async () => {
    const store = pageStore();
    const few = await trainingDocuments(trainingPageWindows(store.source, ids.slice(0, 2)), FIELDS);
    expect(few.map((d) => d.pages.length)).toEqual([PAGES_PER_TASK, PAGES_PER_TASK]);
    expect(store.reads).toHaveLength(1);
    const none = pageStore();
    expect(await trainingDocuments(trainingPageWindows(none.source, []), FIELDS)).toEqual([]);
    expect(none.reads).toHaveLength(1);
  });
});
