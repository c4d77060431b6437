// Recognizer hooks: services the server knows by name (RECOGNIZER_HOOKS) that a workspace runs
// after its recognizer, in the order it lists them (SdWorkspace/RecognizerHooks). Post-processing
// sends each hook the task's pages — text and what was found so far — and adds the entities the
// hook answers with. A hook that cannot be reached, answers an error or something that is not a
// list of entities of the task's pages fails the task (PostProcessingFailed) naming the hook, so a
// result is never delivered without the checks the workspace asked for.
import type { ServerConfig } from '../../config.js';
import { TASK_STATUS as S } from '../../domain/tasks/flags.js';
import type { Entity, PageText } from '../documents/index.js';
import { TaskFailure } from '../worker/stage.js';

const HOOK_TIMEOUT_MS = 30_000;

export interface HookInput {
  taskId: string;
  workspaceId: string;
  tenantId: string;
  pages: readonly PageText[];
  entities: readonly Entity[];
}

function checkEntities(hook: string, value: unknown, pageCount: number): Entity[] {
  const entities = (value as { entities?: unknown } | null)?.entities;
  if (!Array.isArray(entities)) {
    throw new TaskFailure(S.PostProcessingFailed, `The hook ${hook} answered without a list of entities.`);
  }
  for (const entity of entities) {
    const e = entity as Partial<Entity> | null;
    const page = e?.pageNumber;
    if (typeof e?.type !== 'string' || typeof e.category !== 'string' || !Number.isInteger(page)) {
      throw new TaskFailure(
        S.PostProcessingFailed,
        `The hook ${hook} answered an entity without type, category or page.`,
      );
    }
    if ((page as number) < 1 || (page as number) > pageCount) {
      throw new TaskFailure(
        S.PostProcessingFailed,
        `The hook ${hook} answered an entity of page ${page}, which the task does not have.`,
      );
    }
  }
  return entities as Entity[];
}

/** Runs the workspace's hooks in order; each sees what the ones before it added. */
export async function runRecognizerHooks(
  config: ServerConfig,
  hooks: readonly string[],
  input: HookInput,
  signal: AbortSignal,
): Promise<{ entities: Entity[]; ran: string[] }> {
  const added: Entity[] = [];
  for (const hook of hooks) {
    const url = Object.hasOwn(config.recognizerHooks, hook) ? config.recognizerHooks[hook] : undefined;
    if (!url) {
      throw new TaskFailure(S.PostProcessingFailed, `The hook ${hook} is no longer configured on this server.`);
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          hook,
          taskId: input.taskId,
          workspaceId: input.workspaceId,
          tenantId: input.tenantId,
          pages: input.pages.map((p) => ({ pageNumber: p.pageNumber, text: p.text })),
          entities: [...input.entities, ...added],
        }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(HOOK_TIMEOUT_MS)]),
      });
    } catch (error) {
      throw new TaskFailure(
        S.PostProcessingFailed,
        `The hook ${hook} could not be reached (${(error as Error).message}).`,
      );
    }
    if (!response.ok) {
      throw new TaskFailure(S.PostProcessingFailed, `The hook ${hook} answered ${response.status}.`);
    }
    const body: unknown = await response.json().catch(() => null);
    added.push(...checkEntities(hook, body, input.pages.length));
  }
  return { entities: added, ran: [...hooks] };
}
