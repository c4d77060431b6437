// Commands on one task that fit no larger rule: renaming. The other commands have modules of their
// own (deletion, restart, assignment, selections), as have the reads (task-reads) and how a caller
// reaches a task (task-access). Every state change writes an event.
import { actorOf } from './callers.js';
import { fail } from './command-results.js';
import { recordEvent, TASK_EVENT } from './events.js';
import { type TaskCaller, taskById } from './task-access.js';

export async function renameTask(caller: TaskCaller, taskId: string, displayName: string) {
  const name = displayName.trim();
  if (!name) throw fail(0, 'The display name must not be empty.');
  if (name.length > 255) throw fail(0, 'The display name must be at most 255 characters.');
  const task = await taskById(caller, taskId);
  if (task.display_name === name) return;
  const actor = actorOf(caller.session);
  await caller.repo.transaction(async (tx) => {
    await tx.update(taskId, { displayName: name }, actor.userId);
    await recordEvent(
      tx,
      actor,
      taskId,
      TASK_EVENT.Renamed,
      `Renamed from '${task.display_name}' to '${name}' by ${actor.label}.`,
      {
        from: task.display_name,
        to: name,
      },
    );
  });
}
