// SdTask/GetTaskMetaFields: the key/value properties a task was imported with (`metadata` of
// Import/Process), as a list of TaskMetaField, in key order.
import { type TaskCaller, taskById } from './task-access.js';

export async function taskMetaFields(caller: TaskCaller, taskId: string) {
  const task = await taskById(caller, taskId);
  const metadata = (task.metadata ?? {}) as Record<string, string | null>;
  return Object.keys(metadata)
    .sort()
    .map((key) => ({ taskId: task.id, key, value: metadata[key] ?? null }));
}
