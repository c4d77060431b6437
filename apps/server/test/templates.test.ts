// TemplateBuilder calls, labelling statuses and the custom model of a workspace, through the API on
// the real server and database: each call per permission (who may, who may not) and across
// tenants (another tenant's workspace or model is 404 and shows nothing of it).
import { beforeEach, describe, expect, it } from 'vitest';
import { demoId } from '../src/domain/demo-data.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ADMIN, GLOBEX_ID, useTestServer } from './support/harness.js';
import { createTrainingWorkspace, documentWith, taskForLabelling } from './support/training-workspace.js';

const API = '/api/v1';
const INVOICES = demoId('workspace:Supplier invoices');
const RECORDINGS = demoId('workspace:Meeting recordings');

interface Field {
  uniqueId: string;
  workspaceId: string;
  categoryKey: string;
  displayName: string;
  parentCategoryKey?: string | null;
  templateFieldType?: number;
  fieldConfig: { type: number; isRequired: boolean };
  table?: { tableHeaders: Array<{ uniqueId: string; fieldType?: number; isRequired?: boolean }> } | null;
}
interface Model {
  id: string;
  modelName: string;
  versionNumber: number;
  trainingStatus: number;
  averageConfidence?: number | null;
  trainingDurationMinutes?: number | null;
}
interface WorkspaceFields {
  categories: Array<Field & { groupType?: number | null }>;
  fieldOrder: string[];
  fieldsToDetect: string[];
  requiredFields: string[];
}
interface Wrapped<T> {
  succeeded: boolean;
  result?: T;
  errors: Array<{ code: number; message: string }>;
}

const field = (categoryKey: string, extra: Record<string, unknown> = {}) => ({
  categoryKey,
  displayName: categoryKey,
  fieldConfig: { type: 50, isRequired: false },
  ...extra,
});
const TABLE = field('Lines', {
  templateFieldType: 400,
  fieldConfig: { type: 400, isRequired: false },
  table: {
    tableHeaders: [
      { uniqueId: 'Description', fieldType: 50, isRequired: true },
      { uniqueId: 'Amount', fieldType: 101, isRequired: false },
    ],
  },
});

/** An entity labelled for a template field on page 1. */
const labelled = (fieldUniqueId: string, content: string) => ({
  temporaryId: `0.1.${fieldUniqueId}`,
  category: fieldUniqueId,
  pageNumber: 1,
  keyValues: [{ pageNumber: 1, content }],
  templateBuilderField: { fieldUniqueId, keyValues: [{ pageNumber: 1, content }] },
});
/** An entity as a recognizer leaves it. */
const detected = (category: string, content: string) => ({
  temporaryId: `0.1.${category}`,
  category,
  pageNumber: 1,
  keyValues: [{ pageNumber: 1, content, confidence: 0.8 }],
  confidence: 0.8,
});

describe.each(databaseKinds())('templates on %s', (kind) => {
  const t = useTestServer(kind);
  const token = (role: string) => t.tokenFor(demoEmail(role));
  const as = async (role: string, method: string, url: string, options: Record<string, unknown> = {}) =>
    t.call(method, `${API}${url}`, { token: await token(role), ...options });
  const db = () => t.server.database.db;
  let ws: string;

  beforeEach(async () => {
    await t.reset();
    ws = await createTrainingWorkspace(t, { tenantId: ACME_ID, name: 'Delivery notes' });
  });

  const postFields = async (fields: unknown[], role = 'Manager', workspaceId = ws) =>
    as(role, 'POST', '/TemplateBuilder/fields', { query: { workspaceId }, body: fields });
  const fieldsOf = async (workspaceId = ws) =>
    (await as('Manager', 'GET', `/TemplateBuilder/fields/${workspaceId}`)).body as Field[];
  const labellingOf = async (taskId: string) =>
    (await db().selectFrom('tasks').select('labelling_status').where('id', '=', taskId).executeTakeFirstOrThrow())
      .labelling_status;
  const finishReview = async (taskId: string) => {
    const checkout = await as('Reviewer', 'POST', '/Viewer/Checkout', { body: { taskId } });
    expect((checkout.body as Wrapped<unknown>).succeeded, JSON.stringify(checkout.body)).toBe(true);
    const finished = await as('Reviewer', 'PATCH', `/Viewer/Review/Finish/${taskId}`);
    expect((finished.body as Wrapped<unknown>).succeeded, JSON.stringify(finished.body)).toBe(true);
  };
  /** A model version queued from `tasks` labelled tasks of the workspace (fields added first). */
  const queuedModel = async (tasks = 5, templateType = 30): Promise<Model> => {
    if ((await fieldsOf()).length === 0) await postFields([field('OrderNumber')]);
    for (let i = 0; i < tasks; i++) {
      const taskId = await taskForLabelling(t, await token('Manager'), ws, ACME_ID);
      await finishReview(taskId);
    }
    const answer = await as('Manager', 'POST', '/TemplateBuilder/train', {
      query: { workspaceId: ws, templateType: String(templateType) },
    });
    const body = answer.body as Wrapped<Model>;
    expect(body.succeeded, JSON.stringify(body)).toBe(true);
    return body.result as Model;
  };
  const farmEvents = async (events: unknown[], role = 'Developer') =>
    as(role, 'POST', '/TemplateBuilder/RenderFarmTemplateBuilderEvents', { body: events });
  let eventNumber = 0;
  const progress = (modelId: string, trainingStatus: number, data: Record<string, unknown> = {}) => ({
    id: `event-${++eventNumber}`,
    eventType: 'ModelTraining.StatusChanged',
    eventTime: new Date().toISOString(),
    data: { modelId, trainingStatus, ...data },
  });
  const trainedModel = async () => {
    const model = await queuedModel();
    const moved = await farmEvents(
      [31, 33, 40, 41, 43]
        .map((s) => progress(model.id, s))
        .concat(progress(model.id, 50, { averageConfidence: 0.97, trainingDurationMinutes: 1.5 })),
    );
    expect(moved.status, moved.text).toBe(204);
    return model;
  };

  describe('fields', () => {
    it('adds plain, key–value and DynamicTable fields, in order, with their ids and defaults', async () => {
      const answer = await postFields([
        field('OrderNumber', { fieldConfig: { type: 51, isRequired: true } }),
        field('Supplier'),
        field('SupplierName', { parentCategoryKey: 'Supplier' }),
        TABLE,
      ]);
      expect(answer.status, answer.text).toBe(200);
      const created = answer.body as Field[];
      expect(created.map((f) => f.categoryKey)).toEqual(['OrderNumber', 'Supplier', 'SupplierName', 'Lines']);
      for (const f of created) {
        expect(f.uniqueId).toBeTruthy();
        expect(f.workspaceId).toBe(ws);
      }
      expect(created[0]).toMatchObject({ fillColor: '#0011ff1a', strokeColor: '#0011ff', templateFieldType: 51 });
      expect(created[3]?.table?.tableHeaders.map((h) => h.uniqueId)).toEqual(['Description', 'Amount']);
      expect((await fieldsOf()).map((f) => f.uniqueId)).toEqual(created.map((f) => f.uniqueId));
      // More fields go after the existing ones.
      await postFields([field('DeliveryDate', { fieldConfig: { type: 151, isRequired: false } })]);
      expect((await fieldsOf()).map((f) => f.categoryKey)).toEqual([
        'OrderNumber',
        'Supplier',
        'SupplierName',
        'Lines',
        'DeliveryDate',
      ]);
    });

    it('refuses bad definitions with WorkspaceConfigError and stores nothing of the request', async () => {
      await postFields([field('OrderNumber')]);
      const cases: Array<[string, unknown[]]> = [
        ['a key used twice', [field('Total'), field('OrderNumber')]],
        ['a child of a missing parent', [field('Total'), field('Name', { parentCategoryKey: 'Nobody' })]],
        ['a table without columns', [{ ...TABLE, table: { tableHeaders: [] } }]],
        ['a column key used twice', [{ ...TABLE, table: { tableHeaders: [{ uniqueId: 'A1' }, { uniqueId: 'A1' }] } }]],
        ['columns on a plain field', [field('Total', { table: { tableHeaders: [{ uniqueId: 'A' }] } })]],
      ];
      for (const [what, body] of cases) {
        const answer = await postFields(body);
        expect(answer.status, what).toBe(400);
        expect((answer.body as { errors: Array<{ code: number }> }).errors[0]?.code, what).toBe(10);
      }
      // A column key with a dot breaks the contract's own rule: refused before the template is read.
      const dotted = await postFields([field('Total'), field('Total.Net', { parentCategoryKey: 'Total' })]);
      expect(dotted.status).toBe(400);
      expect((await fieldsOf()).map((f) => f.categoryKey)).toEqual(['OrderNumber']);
      const elsewhere = await postFields([field('Total')], 'Manager', INVOICES);
      expect(elsewhere.status).toBe(400);
      expect((elsewhere.body as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(10);
    });

    it('updates a field; its children follow a new key; unknown ids are 404', async () => {
      const [supplier] = (
        await postFields([field('Supplier'), field('SupplierName', { parentCategoryKey: 'Supplier' })])
      ).body as Field[];
      const answer = await as('Manager', 'PUT', '/TemplateBuilder/field', {
        body: {
          ...supplier,
          categoryKey: 'Vendor',
          displayName: 'Vendor',
          fieldConfig: { type: 50, isRequired: true },
        },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ categoryKey: 'Vendor', displayName: 'Vendor', uniqueId: supplier?.uniqueId });
      const stored = await fieldsOf();
      expect(stored.map((f) => [f.categoryKey, f.parentCategoryKey ?? null])).toEqual([
        ['Vendor', null],
        ['SupplierName', 'Vendor'],
      ]);
      const unknown = await as('Manager', 'PUT', '/TemplateBuilder/field', {
        body: { ...supplier, uniqueId: 'no-such-field' },
      });
      expect(unknown.status).toBe(404);
      const missingId = await as('Manager', 'PUT', '/TemplateBuilder/field', { body: field('Vendor') });
      expect(missingId.status).toBe(400);
    });

    it('deletes a field with its children and the values labelled for them', async () => {
      const [order, supplier, name] = (
        await postFields([
          field('OrderNumber'),
          field('Supplier'),
          field('SupplierName', { parentCategoryKey: 'Supplier' }),
        ])
      ).body as Field[];
      const taskId = await taskForLabelling(t, await token('Manager'), ws, ACME_ID, [
        documentWith([labelled(order?.uniqueId as string, 'PO-1'), labelled(name?.uniqueId as string, 'ACME')]),
      ]);
      const answer = await as('Manager', 'DELETE', `/TemplateBuilder/field/${supplier?.uniqueId}`, {
        query: { workspaceId: ws },
      });
      expect(answer.status, answer.text).toBe(204);
      expect((await fieldsOf()).map((f) => f.categoryKey)).toEqual(['OrderNumber']);
      const page = await db()
        .selectFrom('task_pages')
        .select(['document', 'version'])
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      const entities = (page.document as { entities: Array<{ templateBuilderField: { fieldUniqueId: string } }> })
        .entities;
      expect(entities.map((e) => e.templateBuilderField.fieldUniqueId)).toEqual([order?.uniqueId]);
      expect(page.version).toBe(1);
      const again = await as('Manager', 'DELETE', `/TemplateBuilder/field/${supplier?.uniqueId}`, {
        query: { workspaceId: ws },
      });
      expect(again.status).toBe(404);
    });

    it('lets labellers read the fields and only template editors change them', async () => {
      const [order] = (await postFields([field('OrderNumber')])).body as Field[];
      expect((await as('Reviewer', 'GET', `/TemplateBuilder/fields/${ws}`)).status).toBe(200);
      expect((await as('Viewer', 'GET', `/TemplateBuilder/fields/${ws}`)).status).toBe(403);
      for (const role of ['Reviewer', 'Creator', 'Viewer']) {
        expect((await postFields([field('Other')], role)).status, role).toBe(403);
        expect(
          (await as(role, 'PUT', '/TemplateBuilder/field', { body: { ...order, displayName: 'x' } })).status,
          role,
        ).toBe(403);
        expect(
          (await as(role, 'DELETE', `/TemplateBuilder/field/${order?.uniqueId}`, { query: { workspaceId: ws } }))
            .status,
          role,
        ).toBe(403);
      }
      for (const role of ['Developer', 'Administrator']) {
        expect((await postFields([field(`By${role}`)], role)).status, role).toBe(200);
      }
    });
  });

  describe('labelling', () => {
    it('moves tasks ToClassify → Classified when labelled, → ToClassifyWithNewFields when fields are added', async () => {
      await postFields([field('OrderNumber')]);
      const first = await taskForLabelling(t, await token('Manager'), ws, ACME_ID);
      const second = await taskForLabelling(t, await token('Manager'), ws, ACME_ID);
      expect(await labellingOf(first)).toBe(10);
      const task = await as('Manager', 'GET', `/SdTask/${first}`);
      expect((task.body as { labellingStatus: number }).labellingStatus).toBe(10);

      await finishReview(first);
      expect(await labellingOf(first)).toBe(30);
      expect(await labellingOf(second)).toBe(10);

      await postFields([field('DeliveryDate')]);
      expect(await labellingOf(first)).toBe(20);
      expect(await labellingOf(second)).toBe(10);
      const events = (await as('Manager', 'GET', `/SdTask/Events/${first}`)).body as Array<{
        eventDescription: string;
      }>;
      expect(events.some((e) => e.eventDescription.includes('ToClassifyWithNewFields (20)'))).toBe(true);

      // The task list filters by labelling status.
      const list = await as('Manager', 'POST', `/SdTask/GetWithPagination/${ws}`, {
        query: { inBatchesOnly: 'false' },
        body: { pageNumber: 1, pageSize: 50, filters: [{ field: 'labellingStatus', operator: 'eq', value: '20' }] },
      });
      expect(list.status, list.text).toBe(200);
      expect((list.body as { items: Array<{ id: string }> }).items.map((i) => i.id)).toEqual([first]);
    });

    it('leaves tasks of standard workspaces out of labelling', async () => {
      const answer = await as('Manager', 'POST', `/SdTask/GetWithPagination/${INVOICES}`, {
        query: { inBatchesOnly: 'false' },
        body: { pageNumber: 1, pageSize: 50 },
      });
      expect(answer.status).toBe(200);
      const taskId = await taskForLabelling(t, await token('Manager'), INVOICES, ACME_ID);
      expect(await labellingOf(taskId)).toBeNull();
    });
  });

  describe('training', () => {
    it('reports readiness per template type and the unclassified tasks', async () => {
      await postFields([field('OrderNumber')]);
      const tasks: string[] = [];
      for (let i = 0; i < 6; i++) tasks.push(await taskForLabelling(t, await token('Manager'), ws, ACME_ID));
      const ready = async () =>
        (await as('Manager', 'GET', '/TemplateBuilder/validToTrain', { query: { workspaceId: ws } })).body;
      expect(await ready()).toEqual({
        conditions: {
          '30': { hasEnoughTasksForHighQualityTrain: false, hasValidNumberOfPagesForTrain: false },
          '50': { hasEnoughTasksForHighQualityTrain: false, hasValidNumberOfPagesForTrain: false },
        },
        unclassifiedTaskCount: 6,
      });
      for (const taskId of tasks.slice(0, 5)) await finishReview(taskId);
      expect(await ready()).toEqual({
        conditions: {
          '30': { hasEnoughTasksForHighQualityTrain: true, hasValidNumberOfPagesForTrain: true },
          '50': { hasEnoughTasksForHighQualityTrain: true, hasValidNumberOfPagesForTrain: true },
        },
        unclassifiedTaskCount: 1,
      });
      // Over 500 pages: too many for template training, fine for neural training.
      await db().updateTable('tasks').set({ total_pages: 120 }).where('workspace_id', '=', ws).execute();
      expect(((await ready()) as { conditions: Record<string, unknown> }).conditions).toEqual({
        '30': { hasEnoughTasksForHighQualityTrain: true, hasValidNumberOfPagesForTrain: false },
        '50': { hasEnoughTasksForHighQualityTrain: true, hasValidNumberOfPagesForTrain: true },
      });
      expect(
        (await as('Reviewer', 'GET', '/TemplateBuilder/validToTrain', { query: { workspaceId: ws } })).status,
      ).toBe(403);
    });

    it('queues a version from the labelled tasks and refuses what cannot train', async () => {
      const train = async (templateType: number, role = 'Manager') =>
        as(role, 'POST', '/TemplateBuilder/train', { query: { workspaceId: ws, templateType: String(templateType) } });
      const refusalOf = async (templateType: number) => {
        const answer = await train(templateType);
        expect(answer.status, answer.text).toBe(200);
        const body = answer.body as Wrapped<Model>;
        expect(body.succeeded).toBe(false);
        return body.errors[0];
      };
      expect((await refusalOf(30))?.message).toContain('no fields');
      await postFields([field('OrderNumber')]);
      expect((await refusalOf(30))?.message).toContain('No task is labelled');
      expect((await refusalOf(20))?.code).toBe(10);

      const model = await queuedModel(2);
      expect(model).toMatchObject({ modelName: 'Delivery notes', versionNumber: 1, trainingStatus: 30 });
      const stored = await db()
        .selectFrom('custom_models')
        .selectAll()
        .where('id', '=', model.id)
        .executeTakeFirstOrThrow();
      expect(stored.task_ids).toHaveLength(2);
      expect(stored.page_count).toBe(2);
      expect((stored.fields as Array<{ categoryKey: string }>).map((f) => f.categoryKey)).toEqual(['OrderNumber']);
      expect((await refusalOf(30))?.message).toContain('still training');
      // Another kind of training is another model.
      const neural = (await train(50)).body as Wrapped<Model>;
      expect(neural.result).toMatchObject({ versionNumber: 1, trainingStatus: 30 });
      for (const role of ['Creator', 'Reviewer', 'Viewer']) expect((await train(30, role)).status, role).toBe(403);
    });

    it('takes a neural set of up to 50,000 pages and refuses a larger one, queueing nothing', async () => {
      await postFields([field('OrderNumber')]);
      const tasks: string[] = [];
      for (let i = 0; i < 5; i++) tasks.push(await taskForLabelling(t, await token('Manager'), ws, ACME_ID));
      for (const taskId of tasks) await finishReview(taskId);
      const train = async (templateType: number) =>
        (
          await as('Manager', 'POST', '/TemplateBuilder/train', {
            query: { workspaceId: ws, templateType: String(templateType) },
          })
        ).body as Wrapped<Model>;
      const conditions = async () =>
        (
          (await as('Manager', 'GET', '/TemplateBuilder/validToTrain', { query: { workspaceId: ws } })).body as {
            conditions: Record<string, { hasValidNumberOfPagesForTrain: boolean }>;
          }
        ).conditions;
      // 50,001 pages: too many for either kind.
      await db().updateTable('tasks').set({ total_pages: 10_000 }).where('workspace_id', '=', ws).execute();
      await db()
        .updateTable('tasks')
        .set({ total_pages: 10_001 })
        .where('id', '=', tasks[0] as string)
        .execute();
      expect((await conditions())['50']?.hasValidNumberOfPagesForTrain).toBe(false);
      const refused = await train(50);
      expect(refused.succeeded).toBe(false);
      expect(refused.errors[0]).toMatchObject({ code: 10 });
      expect(refused.errors[0]?.message).toContain('50001 pages; neural training takes at most 50000');
      const none = await db().selectFrom('custom_models').select('id').where('workspace_id', '=', ws).execute();
      expect(none).toEqual([]);
      // 50,000 pages: a neural set, not a template set.
      await db()
        .updateTable('tasks')
        .set({ total_pages: 10_000 })
        .where('id', '=', tasks[0] as string)
        .execute();
      expect((await conditions())['50']?.hasValidNumberOfPagesForTrain).toBe(true);
      expect((await conditions())['30']?.hasValidNumberOfPagesForTrain).toBe(false);
      expect((await train(30)).errors[0]?.message).toContain('template training takes at most 500');
      const queued = await train(50);
      expect(queued.succeeded, JSON.stringify(queued)).toBe(true);
      expect(queued.result).toMatchObject({ serviceName: 'reviewdesk-neural', versionNumber: 1, trainingStatus: 30 });
    });

    it('refuses training when the licence has run out', async () => {
      await db()
        .updateTable('licences')
        .set({ expiration_date: new Date(Date.now() - 86_400_000) })
        .execute();
      await postFields([field('OrderNumber')]);
      const taskId = await taskForLabelling(t, await token('Manager'), ws, ACME_ID);
      await db().updateTable('tasks').set({ labelling_status: 30 }).where('id', '=', taskId).execute();
      const answer = await as('Manager', 'POST', '/TemplateBuilder/train', {
        query: { workspaceId: ws, templateType: '30' },
      });
      expect((answer.body as Wrapped<Model>).errors[0]?.code).toBe(18);
      expect(await db().selectFrom('custom_models').selectAll().execute()).toEqual([]);
    });

    it('follows the training farm forward only, once per event, with accuracy, duration and failure reasons', async () => {
      const model = await queuedModel(1);
      const step = progress(model.id, 31, { averageConfidence: null });
      expect((await farmEvents([step])).status).toBe(204);
      // The same event again changes nothing; a step back is refused and nothing of its batch applies.
      expect((await farmEvents([step])).status).toBe(204);
      const back = await farmEvents([progress(model.id, 33), progress(model.id, 30)]);
      expect(back.status).toBe(400);
      expect((back.body as { errors: Array<{ code: number }> }).errors[0]?.code).toBe(10);
      let row = await db().selectFrom('custom_models').selectAll().where('id', '=', model.id).executeTakeFirstOrThrow();
      expect(row.training_status).toBe(31);
      expect((await farmEvents([progress(model.id, 33)], 'Manager')).status).toBe(403);

      expect(
        (await farmEvents([progress(model.id, 32, { errorMessage: 'No labelled value of OrderNumber on 4 pages.' })]))
          .status,
      ).toBe(204);
      row = await db().selectFrom('custom_models').selectAll().where('id', '=', model.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        training_status: 32,
        failure_reason: 'No labelled value of OrderNumber on 4 pages.',
      });

      const events = (await as('Manager', 'GET', `/TemplateBuilder/Events/${model.id}`)).body as Array<{
        entityTypeText: string;
        eventDescription: string;
      }>;
      expect(events.map((e) => e.entityTypeText)).toEqual([
        'TrainingQueued',
        'TrainingStatusChanged',
        'TrainingStatusChanged',
      ]);
      expect(events[2]?.eventDescription).toContain('reason: No labelled value of OrderNumber');
      const queuedOnly = (
        await as('Manager', 'GET', `/TemplateBuilder/Events/${model.id}`, { query: { eventType: 'TrainingQueued' } })
      ).body as unknown[];
      expect(queuedOnly).toHaveLength(1);
      expect((await as('Reviewer', 'GET', `/TemplateBuilder/Events/${model.id}`)).status).toBe(403);
    });
  });

  describe('models', () => {
    it('lists the versions paged, filtered and sorted', async () => {
      const first = await trainedModel();
      const second = await queuedModel(0);
      const page = async (query: Record<string, string | string[]>) =>
        as('Manager', 'GET', `/TemplateBuilder/templates/${ws}`, {
          query: { PageNumber: '1', PageSize: '10', Filter: '', ...query },
        });
      const all = await page({});
      expect(all.status, all.text).toBe(200);
      expect(all.body).toMatchObject({ pageNumber: 1, totalCount: 2, totalPages: 1 });
      expect((all.body as { items: Model[] }).items.map((m) => m.versionNumber)).toEqual([2, 1]);
      expect((all.body as { items: Model[] }).items[1]).toMatchObject({
        id: first.id,
        trainingStatus: 50,
        averageConfidence: 0.97,
        trainingDurationMinutes: 1.5,
      });
      const ascending = await page({ Sort: ['versionNumber'] });
      expect((ascending.body as { items: Model[] }).items.map((m) => m.id)).toEqual([first.id, second.id]);
      const trained = await page({
        Filters: [JSON.stringify({ field: 'trainingStatus', operator: 'eq', value: '50' })],
      });
      expect((trained.body as { items: Model[] }).items.map((m) => m.id)).toEqual([first.id]);
      const named = await page({ Filter: 'nothing like it' });
      expect((named.body as { totalCount: number }).totalCount).toBe(0);
      const paged = await page({ PageSize: '1', PageNumber: '2' });
      expect(paged.body).toMatchObject({ pageNumber: 2, totalPages: 2, hasPreviousPage: true, hasNextPage: false });
      expect((await page({ Sort: ['password desc'] })).status).toBe(400);
      expect((await page({ Filters: ['{not json'] })).status).toBe(400);
      expect(
        (
          await as('Creator', 'GET', `/TemplateBuilder/templates/${ws}`, {
            query: { PageNumber: '1', PageSize: '10', Filter: '' },
          })
        ).status,
      ).toBe(403);
    });

    it('activates a trained version; the one active before becomes Trained; an untrained one is refused', async () => {
      const first = await trainedModel();
      const activate = async (id: string, role = 'Manager') =>
        as(role, 'PUT', `/TemplateBuilder/UpsertWorkspaceTemplate/${id}`);
      const answer = await activate(first.id);
      expect(answer.status, answer.text).toBe(200);
      expect((answer.body as Wrapped<Model>).result).toMatchObject({ id: first.id, trainingStatus: 60 });

      const second = await queuedModel(0);
      const early = (await activate(second.id)).body as Wrapped<Model>;
      expect(early.succeeded).toBe(false);
      expect(early.errors[0]?.code).toBe(10);
      await farmEvents([progress(second.id, 50, { averageConfidence: 0.99 })]);
      expect(((await activate(second.id)).body as Wrapped<Model>).result?.trainingStatus).toBe(60);
      const statuses = await db()
        .selectFrom('custom_models')
        .select(['id', 'training_status'])
        .orderBy('version_number')
        .execute();
      expect(statuses.map((s) => s.training_status)).toEqual([50, 60]);
      const events = (await as('Manager', 'GET', `/TemplateBuilder/Events/${first.id}`)).body as Array<{
        entityTypeText: string;
      }>;
      expect(events.map((e) => e.entityTypeText).slice(-2)).toEqual(['ModelActivated', 'ModelDeactivated']);
      for (const role of ['Creator', 'Reviewer']) expect((await activate(first.id, role)).status).toBe(403);
    });

    it('links a developer to the trace of the training', async () => {
      const model = await queuedModel(1);
      const answer = await as('Developer', 'GET', `/TemplateBuilder/TracesDashboardUrl/${model.id}`);
      expect(answer.status).toBe(200);
      const url = new URL(answer.body as string);
      expect(url.pathname).toBe('/templates/training');
      expect(url.searchParams.get('modelId')).toBe(model.id);
      expect((await as('Manager', 'GET', `/TemplateBuilder/TracesDashboardUrl/${model.id}`)).status).toBe(403);
    });
  });

  describe('custom model of a workspace', () => {
    it('offers trained models and lets a document workspace recognize with one, then go back', async () => {
      const model = await trainedModel();
      const available = async (currentModelId = '') =>
        (await as('Manager', 'GET', '/SdWorkspace/AvailableCustomModel', { query: { currentModelId } })).body as Array<
          Model & { isCurrent: boolean; templateType: number }
        >;
      expect(await available()).toEqual([
        expect.objectContaining({
          id: model.id,
          versionNumber: 1,
          trainingStatus: 50,
          templateType: 30,
          isCurrent: false,
        }),
      ]);
      const patch = async (body: Record<string, unknown>, role = 'Manager') =>
        as(role, 'PATCH', '/SdWorkspace/PatchCustomModel', { body });
      const set = await patch({ workspaceId: INVOICES, customModelId: model.id, versionNumber: null });
      expect(set.body).toMatchObject({ succeeded: true, result: true });
      const basic = (await as('Manager', 'GET', `/SdWorkspace/basic/${INVOICES}`)).body as {
        templateType: number;
        customModelId: string;
      };
      expect(basic).toMatchObject({ templateType: 20, customModelId: model.id });
      const config = (await as('Manager', 'GET', '/SdWorkspace/Configuration', { query: { workspaceId: INVOICES } }))
        .body as { customModel: Record<string, unknown> };
      expect(config.customModel).toMatchObject({
        id: model.id,
        name: 'Delivery notes',
        version: 1,
        averageConfidence: 0.97,
      });
      expect((await available(model.id))[0]?.isCurrent).toBe(true);

      const missing = (await patch({ workspaceId: INVOICES, customModelId: model.id, versionNumber: 7 }))
        .body as Wrapped<boolean>;
      expect(missing.succeeded).toBe(false);
      const media = (await patch({ workspaceId: RECORDINGS, customModelId: model.id })).body as Wrapped<boolean>;
      expect(media.errors[0]?.code).toBe(10);
      expect((await patch({ workspaceId: INVOICES, customModelId: model.id }, 'Creator')).status).toBe(403);

      await patch({ workspaceId: INVOICES, customModelId: null });
      const back = (await as('Manager', 'GET', `/SdWorkspace/basic/${INVOICES}`)).body as {
        templateType: number;
        customModelId: string | null;
      };
      expect(back).toMatchObject({ templateType: 10, customModelId: null });
    });

    it('gives the workspace the model’s key–value parts and tables under their names, its columns as children', async () => {
      await postFields([
        field('OrderNumber', { displayName: 'Order number', fieldConfig: { type: 51, isRequired: true } }),
        field('Supplier', { displayName: 'Supplier' }),
        field('SupplierName', { displayName: 'Name', parentCategoryKey: 'Supplier' }),
        field('Lines', { ...TABLE, displayName: 'Order lines' }),
        // A column whose key the workspace already has as a field of its own (the vendor's tax id).
        field('Taxes', {
          displayName: 'Taxes',
          templateFieldType: 400,
          fieldConfig: { type: 400, isRequired: false },
          table: { tableHeaders: [{ uniqueId: 'VendorTaxId' }, { uniqueId: 'Rate', fieldType: 100 }] },
        }),
      ]);
      const model = await trainedModel();
      const before = (await as('Manager', 'GET', `/SdWorkspace/Fields/${INVOICES}`)).body as WorkspaceFields;
      const chosen = await as('Manager', 'PATCH', '/SdWorkspace/PatchCustomModel', {
        body: { workspaceId: INVOICES, customModelId: model.id },
      });
      expect(chosen.body).toMatchObject({ succeeded: true, result: true });
      const after = (await as('Manager', 'GET', `/SdWorkspace/Fields/${INVOICES}`)).body as WorkspaceFields;
      const byKey = new Map(after.categories.map((c) => [c.categoryKey, c]));
      expect(after.categories.slice(0, before.categories.length)).toEqual(before.categories);
      expect(byKey.get('OrderNumber')).toMatchObject({
        displayName: 'Order number',
        fieldConfig: { isRequired: true },
      });
      expect(byKey.get('SupplierName')).toMatchObject({ displayName: 'Supplier › Name' });
      expect(byKey.get('SupplierName')?.parentCategoryKey ?? null).toBeNull();
      expect(byKey.get('Lines')).toMatchObject({
        displayName: 'Order lines',
        groupType: 100,
        fieldConfig: { type: 400 },
      });
      const columnsOf = (key: string) => after.categories.filter((c) => c.parentCategoryKey === key);
      expect(columnsOf('Lines')).toEqual([
        expect.objectContaining({
          categoryKey: 'Description',
          displayName: 'Description',
          fieldConfig: { type: 50, isRequired: true },
        }),
        expect.objectContaining({
          categoryKey: 'Amount',
          displayName: 'Amount',
          fieldConfig: { type: 101, isRequired: false },
        }),
      ]);
      // The workspace keeps its own VendorTaxId; the column of that key stays out.
      expect(columnsOf('Taxes').map((c) => c.categoryKey)).toEqual(['Rate']);
      expect(byKey.get('VendorTaxId')).toEqual(before.categories.find((c) => c.categoryKey === 'VendorTaxId'));
      const added = ['OrderNumber', 'Supplier', 'SupplierName', 'Lines', 'Taxes'];
      expect(after.fieldOrder.slice(-5)).toEqual(added);
      expect(after.fieldsToDetect.slice(-5)).toEqual(added);
      expect(after.requiredFields).toContain('OrderNumber');
      expect(after.fieldsToDetect).not.toContain('Rate');

      // Choosing it again adds nothing twice, and the fields stay valid for an edit by a manager.
      await as('Manager', 'PATCH', '/SdWorkspace/PatchCustomModel', {
        body: { workspaceId: INVOICES, customModelId: model.id },
      });
      const again = (await as('Manager', 'GET', `/SdWorkspace/Fields/${INVOICES}`)).body as WorkspaceFields;
      expect(again.categories).toEqual(after.categories);
      const renamed = after.categories.map((c) =>
        c.categoryKey === 'Amount' ? { ...c, displayName: 'Line total' } : c,
      );
      const edit = await as('Manager', 'PATCH', `/SdWorkspace/Fields/${INVOICES}`, {
        body: {
          addedFields: [],
          editedFields: renamed.filter((c) => c.categoryKey === 'Amount'),
          fieldOrder: after.fieldOrder,
          baseFields: after.fieldsToDetect,
        },
      });
      expect(edit.status, edit.text).toBe(200);
    });
  });

  describe('task fields', () => {
    it('clears what the recognizer detected and keeps what people labelled', async () => {
      const [order] = (await postFields([field('OrderNumber')])).body as Field[];
      const taskId = await taskForLabelling(t, await token('Manager'), ws, ACME_ID, [
        documentWith([
          detected('InvoiceId', 'INV-1'),
          labelled(order?.uniqueId as string, 'PO-7'),
          detected('Total', '12.00'),
        ]),
      ]);
      expect((await as('Reviewer', 'POST', `/SdTask/ClearTaskDetectedFields/${taskId}`)).status).toBe(403);
      const answer = await as('Manager', 'POST', `/SdTask/ClearTaskDetectedFields/${taskId}`);
      expect(answer.body).toMatchObject({ succeeded: true, result: true });
      const page = await db()
        .selectFrom('task_pages')
        .select(['document', 'version'])
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      expect((page.document as { entities: Array<{ category: string }> }).entities.map((e) => e.category)).toEqual([
        order?.uniqueId,
      ]);
      expect(page.version).toBe(1);

      // Not while someone else holds the task.
      await as('Reviewer', 'POST', '/Viewer/Checkout', { body: { taskId } });
      const held = (await as('Manager', 'POST', `/SdTask/ClearTaskDetectedFields/${taskId}`)).body as Wrapped<boolean>;
      expect(held.succeeded).toBe(false);
      expect(held.errors[0]?.code).toBe(3);
    });

    it('lists the metadata a task was imported with', async () => {
      const taskId = await taskForLabelling(t, await token('Manager'), INVOICES, ACME_ID, undefined, {
        metadata: { supplier: 'ACME', costCentre: 'CC-12' },
      });
      const answer = await as('Reviewer', 'GET', '/SdTask/GetTaskMetaFields', { query: { taskId } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual([
        { taskId, key: 'costCentre', value: 'CC-12' },
        { taskId, key: 'supplier', value: 'ACME' },
      ]);
    });
  });

  describe('other tenants', () => {
    it('reach neither the template, its models nor its tasks, and learn nothing of them', async () => {
      const [order] = (await postFields([field('OrderNumber')])).body as Field[];
      const model = await trainedModel();
      const taskId = await taskForLabelling(t, await token('Manager'), ws, ACME_ID);
      const globex = await t.tokenFor(GLOBEX_ADMIN);
      const call = (method: string, url: string, options: Record<string, unknown> = {}) =>
        t.call(method, `${API}${url}`, { token: globex, ...options });
      const answers = [
        await call('GET', `/TemplateBuilder/fields/${ws}`),
        await call('POST', '/TemplateBuilder/fields', { query: { workspaceId: ws }, body: [field('Stolen')] }),
        await call('PUT', '/TemplateBuilder/field', { body: { ...order, displayName: 'x' } }),
        await call('DELETE', `/TemplateBuilder/field/${order?.uniqueId}`, { query: { workspaceId: ws } }),
        await call('GET', '/TemplateBuilder/validToTrain', { query: { workspaceId: ws } }),
        await call('POST', '/TemplateBuilder/train', { query: { workspaceId: ws, templateType: '30' } }),
        await call('POST', '/TemplateBuilder/train', { query: { workspaceId: ws, templateType: '50' } }),
        await call('GET', `/TemplateBuilder/templates/${ws}`, {
          query: { PageNumber: '1', PageSize: '10', Filter: '' },
        }),
        await call('PUT', `/TemplateBuilder/UpsertWorkspaceTemplate/${model.id}`),
        await call('GET', `/TemplateBuilder/Events/${model.id}`),
        await call('PATCH', '/SdWorkspace/PatchCustomModel', {
          body: { workspaceId: demoId('workspace:Globex invoices'), customModelId: model.id },
        }),
        await call('POST', `/SdTask/ClearTaskDetectedFields/${taskId}`),
        await call('GET', '/SdTask/GetTaskMetaFields', { query: { taskId } }),
      ];
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(404);
        expect(answer.text).not.toContain('Delivery notes');
        expect(answer.text).not.toContain('OrderNumber');
      }
      const offered = await call('GET', '/SdWorkspace/AvailableCustomModel', { query: { currentModelId: model.id } });
      expect(offered.body).toEqual([]);
      // Globex's own training workspace is its own.
      const theirs = await createTrainingWorkspace(t, { tenantId: GLOBEX_ID, name: 'Globex layouts' });
      expect((await call('GET', `/TemplateBuilder/fields/${theirs}`)).body).toEqual([]);
      expect((await fieldsOf()).map((f) => f.categoryKey)).toEqual(['OrderNumber']);
    });
  });
});
