// Labelling-and-training workspaces for the template tests: the workspace row (as the workspace
// wizard leaves it), its members, and tasks imported into it through the API whose pages carry the
// given document, ready for labelling (ToReview), without running the stages.
import { randomUUID } from 'node:crypto';
import type { TestServer } from './harness.js';
import { FIXTURES, importFile } from './task-import.js';

export interface TrainingWorkspaceOptions {
  tenantId: string;
  name: string;
  taskType?: 'CustomTrainTemplate' | 'CustomTrainNeural' | 'Labelling';
}

/** A labelling-and-training workspace every member of the tenant belongs to; returns its id. */
export async function createTrainingWorkspace(t: TestServer, options: TrainingWorkspaceOptions): Promise<string> {
  const db = t.server.database.db;
  const id = randomUUID();
  const taskType = options.taskType ?? 'CustomTrainTemplate';
  await db
    .insertInto('workspaces')
    .values({
      id,
      tenant_id: options.tenantId,
      display_name: options.name,
      description: 'Training workspace',
      task_type: taskType,
      workspace_type: 20,
      template_type: taskType === 'CustomTrainNeural' ? 50 : taskType === 'Labelling' ? 20 : 30,
      languages: JSON.stringify(['en']),
      configuration: JSON.stringify({ name: options.name, id, supportedFileTypes: ['.pdf', '.png', '.jpg', '.tiff'] }),
    })
    .execute();
  const people = await db
    .selectFrom('tenant_memberships')
    .select('user_id')
    .where('tenant_id', '=', options.tenantId)
    .execute();
  if (people.length > 0) {
    await db
      .insertInto('workspace_members')
      .values(
        people.map((p) => ({
          tenant_id: options.tenantId,
          workspace_id: id,
          user_id: p.user_id,
          status: 10,
          added_by: null,
        })),
      )
      .execute();
  }
  return id;
}

/** A page's DocumentResult with the given entities. */
export const documentWith = (entities: Array<Record<string, unknown>>) => ({ version: 0, entities, tables: [] });

/**
 * A task imported into the workspace through the API (so it starts where import puts it), with one
 * page per document and the status ToReview, as the stages would leave it.
 */
export async function taskForLabelling(
  t: TestServer,
  token: string,
  workspaceId: string,
  tenantId: string,
  pages: Array<Record<string, unknown>> = [documentWith([])],
  fields: Record<string, unknown> = {},
): Promise<string> {
  const answer = await importFile(
    t,
    token,
    { workspaceId, ...fields },
    { fileName: 'AmazonWebServices.pdf', content: FIXTURES.invoicePdf(), contentType: 'application/pdf' },
  );
  const taskId = answer.body.result?.taskId;
  if (answer.status !== 200 || !taskId) throw new Error(`import failed: ${JSON.stringify(answer)}`);
  const db = t.server.database.db;
  await db
    .insertInto('task_pages')
    .values(
      pages.map((document, index) => ({
        tenant_id: tenantId,
        task_id: taskId,
        page_number: index + 1,
        width: 612,
        height: 792,
        unit: 'point',
        image_blob_id: null,
        document: JSON.stringify(document),
        ocr: null,
        modified_by: null,
      })),
    )
    .execute();
  await db
    .updateTable('tasks')
    .set({ status: 60, total_pages: pages.length, file_kind: 'pdf', status_changed_on: new Date() })
    .where('id', '=', taskId)
    .execute();
  return taskId;
}
