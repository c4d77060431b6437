// SdTask/ClearTaskDetectedFields: takes the machine-detected fields and tables off a task's pages so
// that people label or review it from a clean page (what a labelling workspace needs when the
// built-in recognizer's guesses would only get in the way). What people put there stays: values
// labelled for the template's fields and entities a person added. Refused while a worker still
// processes the task (NotReadyYet) or someone else holds its checkout (CheckedOutByOtherUser); the
// pages get new versions, so a viewer that still shows the old ones sees a conflict, not a loss.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import { refuseIfHeldByOther } from './checkout.js';
import { actorOfCaller, findTask, inTransaction, nowOf, type ReviewCaller, userOf } from './context.js';
import { REVIEW_EVENT, recordReviewEvent } from './events.js';
import { statusRefusal } from './guards.js';
import { asResult, ReviewRefusal, succeeded } from './outcome.js';

interface PageEntity {
  templateBuilderField?: unknown;
  addedBy?: string | null;
  addedByExternal?: string | null;
}

/** Whether an entity came from a person (labelled or added in the viewer) rather than a recognizer. */
export const placedByPerson = (entity: PageEntity) =>
  Boolean(entity.templateBuilderField) || Boolean(entity.addedBy) || Boolean(entity.addedByExternal);

export function clearDetectedFields(caller: ReviewCaller, taskId: string) {
  return asResult(async () => {
    const found = await findTask(caller, { taskId });
    const actor = actorOfCaller(caller);
    await inTransaction(caller, async ({ store, tasks }) => {
      const now = nowOf(caller);
      const task = await store.lockTask(found.id);
      if (!task) throw new ReviewRefusal(TaskErrorCode.NotFound, 'The task does not exist.');
      const bad = statusRefusal(task.status, 'save');
      if (bad) throw new ReviewRefusal(bad.code, bad.message);
      await refuseIfHeldByOther(store, task, userOf(caller), now);
      const versions = new Map((await store.pageVersions(task.id)).map((p) => [p.page_number, p.version]));
      let removed = 0;
      let changedPages = 0;
      for (const page of await store.pageDocuments(task.id)) {
        const entities = (page.document.entities as PageEntity[] | undefined) ?? [];
        const kept = entities.filter(placedByPerson);
        const tables = (page.document.tables as unknown[] | undefined) ?? [];
        if (kept.length === entities.length && tables.length === 0) continue;
        removed += entities.length - kept.length + tables.length;
        const version = versions.get(page.page_number) ?? 1;
        await store.savePage(
          task.id,
          page.page_number,
          version,
          { ...page.document, entities: kept, tables: [] },
          userOf(caller),
          now,
        );
        changedPages += 1;
      }
      if (changedPages > 0) await store.addDocumentVersions(task.id, changedPages);
      await recordReviewEvent(
        tasks,
        actor,
        task.id,
        REVIEW_EVENT.DetectedFieldsCleared,
        `Detected fields cleared by ${actor.label}: ${removed} recognised value(s) and table(s) removed from ${changedPages} page(s).`,
        { removed, pages: changedPages },
      );
    });
    return succeeded(true as boolean);
  });
}
