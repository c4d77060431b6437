// Training a template model as the worker does it, on the real server and database: label
// delivery notes of one layout (made with varied values, moved, scaled and slightly rotated) in a
// training workspace, queue training through the API, let the trainer run, and find the version
// Trained with its held-out accuracy, its time and every step as an event; what cannot be trained
// fails with a reason. A neural version is trained the same way, with its progress as it learns,
// and reads a layout it was not trained on. A DynamicTable field is learned from its labelled cells.
import { beforeEach, describe, expect, it } from 'vitest';
import { TemplatesRepository } from '../src/db/repositories/templates.js';
import { toStoredOcr } from '../src/domain/results/stored-ocr.js';
import { toBoundingBox } from '../src/pipeline/documents/geometry.js';
import type { Box, TrainingDocument } from '../src/pipeline/templates/template-model.js';
import { trainNextModel } from '../src/pipeline/templates/train-model.js';
import { trainingPageWindows } from '../src/pipeline/templates/training-pages.js';
import { deliveryNotes, deliveryNotesWithItems } from '../src/testing/delivery-notes.js';
import { ACME_ID, databaseKinds, demoEmail, GLOBEX_ID, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { CONTRACTS_WS } from './support/task-import.js';
import { createTrainingWorkspace, taskForLabelling } from './support/training-workspace.js';

const API = '/api/v1';

describe.each(databaseKinds())('template training on %s', (kind) => {
  const t = useTestServer(kind);
  const token = (role: string) => t.tokenFor(demoEmail(role));
  const as = async (role: string, method: string, url: string, options: Record<string, unknown> = {}) =>
    t.call(method, `${API}${url}`, { token: await token(role), ...options });
  const db = () => t.server.database.db;
  let ws: string;
  let fieldIds: Record<string, string>;

  beforeEach(async () => {
    await t.reset();
    ws = await createTrainingWorkspace(t, { tenantId: ACME_ID, name: 'Delivery notes' });
    const answer = await as('Manager', 'POST', '/TemplateBuilder/fields', {
      query: { workspaceId: ws },
      body: ['order', 'date', 'customer', 'total'].map((key) => ({
        categoryKey: key,
        displayName: key,
        fieldConfig: { type: 50, isRequired: true },
      })),
    });
    fieldIds = Object.fromEntries(
      (answer.body as Array<{ categoryKey: string; uniqueId: string }>).map((f) => [f.categoryKey, f.uniqueId]),
    );
  });

  /** A box as the contract carries it: its edges and its origin and size. */
  const fullBox = (b: Box) => ({ ...b, x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top });
  /**
   * The text layer of a delivery note, as recognition stores it (stored-ocr.ts: each word's box as
   * its edges), so training and the custom model read it as they read a recognised page.
   */
  const ocrOf = (doc: TrainingDocument) =>
    toStoredOcr({
      pageNumber: 1,
      pageSize: { width: 612, height: 792, unit: 'point' },
      entities: (doc.pages[0] ?? []).map((w) => ({
        text: w.text,
        boundingBox: toBoundingBox(w.box),
        confidence: 0.99,
        chars: [],
      })),
    });

  /** A trained version put to work: its template joins the document workspace as its recognizer. */
  const activate = async (modelId: string) => {
    await as('Manager', 'PUT', `/TemplateBuilder/UpsertWorkspaceTemplate/${modelId}`);
    const chosen = await as('Manager', 'PATCH', '/SdWorkspace/PatchCustomModel', {
      body: { workspaceId: CONTRACTS_WS, customModelId: modelId },
    });
    expect((chosen.body as { succeeded: boolean }).succeeded, chosen.text).toBe(true);
  };

  /**
   * A task of the document workspace carrying `doc`'s text layer, processed with the workspace's
   * active model; its first page as a Reviewer opens it.
   */
  const processedPage = async (doc: TrainingDocument) => {
    const taskId = await taskForLabelling(t, await token('Manager'), CONTRACTS_WS, ACME_ID);
    await db()
      .updateTable('task_pages')
      .set({ ocr: JSON.stringify(ocrOf(doc)) })
      .where('task_id', '=', taskId)
      .execute();
    await db().updateTable('tasks').set({ status: 50 }).where('id', '=', taskId).execute();
    expect((await processTaskNow(t, taskId)).status).toBe(60);
    const answer = await as('Reviewer', 'GET', '/Document/PageAndOCR', {
      query: { TaskId: taskId, WorkspaceId: CONTRACTS_WS, PageNumber: '1' },
    });
    expect(answer.status, answer.text).toBe(200);
    return answer;
  };

  /** A delivery note as a labelled task: its words as the text layer, its values labelled with boxes. */
  const labelledTask = async (doc: TrainingDocument, withBoxes = true, more: Array<Record<string, unknown>> = []) => {
    const entities = doc.labels.map((label) => {
      const id = fieldIds[label.fieldId] as string;
      const keyValue = {
        pageNumber: 1,
        content: label.text,
        ...(withBoxes ? { boundingBox: fullBox(label.box) } : {}),
      };
      return {
        temporaryId: `0.1.${id}`,
        category: id,
        pageNumber: 1,
        keyValues: [keyValue],
        templateBuilderField: { fieldUniqueId: id, keyValues: [keyValue] },
      };
    });
    const taskId = await taskForLabelling(t, await token('Manager'), ws, ACME_ID, [
      { version: 0, entities: [...entities, ...more], tables: [] },
    ]);
    const ocr = ocrOf(doc);
    await db()
      .updateTable('task_pages')
      .set({ ocr: JSON.stringify(ocr) })
      .where('task_id', '=', taskId)
      .execute();
    await as('Reviewer', 'POST', '/Viewer/Checkout', { body: { taskId } });
    const finished = await as('Reviewer', 'PATCH', `/Viewer/Review/Finish/${taskId}`);
    expect((finished.body as { succeeded: boolean }).succeeded, finished.text).toBe(true);
    return taskId;
  };
  const train = async (templateType = 30) => {
    const answer = await as('Manager', 'POST', '/TemplateBuilder/train', {
      query: { workspaceId: ws, templateType: String(templateType) },
    });
    const body = answer.body as { succeeded: boolean; result: { id: string } };
    expect(body.succeeded, answer.text).toBe(true);
    return body.result.id;
  };

  it('records, for documents of two layouts, what a layout the version has not seen gets', async () => {
    // Four notes of one layout and two printing the same words in other places: held out by
    // layout, each is read by a template of the other layout and nothing is right (held out one
    // document at a time, about two values in three are).
    for (const doc of [...deliveryNotes(4, 31), ...deliveryNotes(2, 32, 'b')]) await labelledTask(doc);
    const modelId = await train();
    await trainNextModel(db(), 'test-trainer');
    const versions = (
      await as('Manager', 'GET', `/TemplateBuilder/templates/${ws}`, {
        query: { PageNumber: '1', PageSize: '10', Filter: '' },
      })
    ).body as { items: Array<{ id: string; trainingStatus: number; averageConfidence: number }> };
    const version = versions.items.find((v) => v.id === modelId);
    expect(version?.trainingStatus).toBe(50);
    expect(version?.averageConfidence).toBeLessThan(0.3);
  });

  it('trains a version from 5 labelled documents: Trained, with its held-out accuracy, time and steps', async () => {
    for (const doc of deliveryNotes(5, 21)) await labelledTask(doc);
    const modelId = await train();
    const ended = await trainNextModel(db(), 'test-trainer');
    expect(ended?.id).toBe(modelId);
    const model = (
      await as('Manager', 'GET', `/TemplateBuilder/templates/${ws}`, {
        query: { PageNumber: '1', PageSize: '10', Filter: '' },
      })
    ).body as {
      items: Array<{ id: string; trainingStatus: number; averageConfidence: number; trainingDurationMinutes: number }>;
    };
    const version = model.items[0];
    expect(version).toMatchObject({ id: modelId, trainingStatus: 50 });
    expect(version?.averageConfidence).toBeGreaterThanOrEqual(0.95);
    expect(version?.trainingDurationMinutes).toBeGreaterThan(0);
    const row = await db().selectFrom('custom_models').selectAll().where('id', '=', modelId).executeTakeFirstOrThrow();
    expect(row.progress).toBe(100);
    const learned = row.model as { fields: Array<{ fieldId: string; anchors: unknown[] }>; documents: number };
    expect(learned.documents).toBe(5);
    expect(learned.fields.map((f) => f.fieldId).sort()).toEqual(Object.values(fieldIds).sort());
    const events = (await as('Manager', 'GET', `/TemplateBuilder/Events/${modelId}`)).body as Array<{
      payload: string;
    }>;
    const path = events.map((e) => JSON.parse(e.payload).to).filter((s) => s !== undefined);
    expect(path).toEqual([30, 31, 33, 40, 41, 43, 50]);
    // Nothing else waits.
    expect(await trainNextModel(db(), 'test-trainer')).toBeUndefined();
    // A trained version can be activated.
    const activated = await as('Manager', 'PUT', `/TemplateBuilder/UpsertWorkspaceTemplate/${modelId}`);
    expect((activated.body as { result: { trainingStatus: number } }).result.trainingStatus).toBe(60);
  });

  it('reads the labelled pages a window at a time, in task and page order, on the database', async () => {
    const taskIds: string[] = [];
    for (const doc of deliveryNotes(5, 31)) taskIds.push(await labelledTask(doc));
    const repo = new TemplatesRepository(db(), ACME_ID);
    const windows: Array<Array<{ task_id: string; page_number: number }>> = [];
    for await (const window of trainingPageWindows(repo, taskIds, 2)) windows.push(window);
    expect(windows.map((w) => w.length)).toEqual([2, 2, 1]);
    const read = windows.flat().map((p) => `${p.task_id}:${p.page_number}`);
    expect(read).toEqual([...taskIds].sort().map((id) => `${id}:1`));
    // Another tenant's repository reads none of them.
    const other = new TemplatesRepository(db(), GLOBEX_ID);
    expect(await other.trainingPagesAfter(taskIds, null, 10)).toEqual([]);
  });

  it('learns a DynamicTable field from its labelled cells, and a document workspace reads its rows', async () => {
    const posted = await as('Manager', 'POST', '/TemplateBuilder/fields', {
      query: { workspaceId: ws },
      body: [
        {
          categoryKey: 'items',
          displayName: 'Items',
          templateFieldType: 400,
          fieldConfig: { type: 400, isRequired: false },
          table: {
            tableHeaders: [
              { uniqueId: 'article', fieldType: 50, isRequired: true },
              { uniqueId: 'qty', fieldType: 50, isRequired: false },
              { uniqueId: 'price', fieldType: 50, isRequired: false },
            ],
          },
        },
      ],
    });
    const itemsId = (posted.body as Array<{ uniqueId: string }>)[0]?.uniqueId as string;
    const headers = ['article', 'qty', 'price'].map((uniqueId) => ({ uniqueId }));
    for (const doc of deliveryNotesWithItems(5, 61)) {
      const rows = doc.tables?.[0]?.rows ?? [];
      // Cells labelled by their text, as the template builder's table rows carry them (no boxes).
      const table = {
        rowCount: rows.length,
        columnCount: 3,
        tableHeaders: headers,
        tableRows: Object.fromEntries(
          rows.map((row, rowIndex) => [
            String(rowIndex),
            row.map((content, columnIndex) => ({
              rowIndex,
              columnIndex,
              content,
              headerId: headers[columnIndex]?.uniqueId,
            })),
          ]),
        ),
      };
      await labelledTask({ ...doc, tables: [] }, true, [
        {
          temporaryId: `0.1.${itemsId}`,
          category: 'items',
          pageNumber: 1,
          keyValues: [],
          table,
          templateBuilderField: { fieldUniqueId: itemsId, keyValues: [], table },
        },
      ]);
    }
    const modelId = await train();
    const ended = await trainNextModel(db(), 'test-trainer');
    expect(ended?.failure_reason ?? null).toBeNull();
    expect(ended).toMatchObject({ id: modelId, training_status: 50 });
    const learned = ended?.model as { tables: Array<{ fieldId: string; columns: Array<{ key: string }> }> };
    expect(learned.tables.map((t) => t.fieldId)).toEqual([itemsId]);
    expect(learned.tables[0]?.columns.map((c) => c.key)).toEqual(['article', 'qty', 'price']);

    await as('Manager', 'PUT', `/TemplateBuilder/UpsertWorkspaceTemplate/${modelId}`);
    await as('Manager', 'PATCH', '/SdWorkspace/PatchCustomModel', {
      body: { workspaceId: CONTRACTS_WS, customModelId: modelId },
    });
    let cells = 0;
    let right = 0;
    for (const doc of deliveryNotesWithItems(4, 62)) {
      const answer = await processedPage(doc);
      const entity = (
        answer.body as {
          page: {
            entities: Array<{
              category: string;
              table?: { rowCount: number; tableRows: Record<string, Array<{ content: string; headerId: string }>> };
            }>;
          };
        }
      ).page.entities.find((e) => e.category === 'items');
      const labelled = doc.tables?.[0]?.rows ?? [];
      expect(entity?.table?.rowCount).toBe(labelled.length);
      for (const [r, row] of labelled.entries()) {
        for (const [c, text] of row.entries()) {
          cells += 1;
          if (entity?.table?.tableRows[String(r)]?.[c]?.content === text) right += 1;
        }
      }
    }
    expect(right / cells).toBeGreaterThanOrEqual(0.95);
  });

  it('learns a key–value part like any field: labelled on its own, read on notes it has not seen', async () => {
    const posted = await as('Manager', 'POST', '/TemplateBuilder/fields', {
      query: { workspaceId: ws },
      body: [
        { categoryKey: 'shipTo', displayName: 'Ship to', fieldConfig: { type: 50, isRequired: false } },
        {
          categoryKey: 'shipToName',
          displayName: 'Name',
          parentCategoryKey: 'shipTo',
          fieldConfig: { type: 50, isRequired: false },
        },
      ],
    });
    const partId = (posted.body as Array<{ uniqueId: string; categoryKey: string }>).find(
      (f) => f.categoryKey === 'shipToName',
    )?.uniqueId as string;
    for (const doc of deliveryNotes(5, 71)) {
      // The customer's name labelled as the part "Ship to › Name" (its own value, as the builder saves it).
      const name = doc.labels.find((l) => l.fieldId === 'customer') as TrainingDocument['labels'][number];
      const keyValue = { pageNumber: 1, content: name.text, boundingBox: fullBox(name.box) };
      await labelledTask(doc, true, [
        {
          temporaryId: `0.1.${partId}`,
          category: 'shipToName',
          pageNumber: 1,
          keyValues: [keyValue],
          templateBuilderField: { fieldUniqueId: partId, keyValues: [keyValue] },
        },
      ]);
    }
    await train();
    const ended = await trainNextModel(db(), 'test-trainer');
    const learned = ended?.model as {
      fields: Array<{ fieldId: string }>;
      heldOut: { byField: Record<string, number> };
    };
    expect(learned.fields.map((f) => f.fieldId)).toContain(partId);
    expect(learned.heldOut.byField[partId]).toBeGreaterThanOrEqual(0.8);
  });

  it('fails in pre-processing, with the reason, when no labelled value has a box', async () => {
    for (const doc of deliveryNotes(2, 5)) await labelledTask(doc, false);
    const modelId = await train();
    const ended = await trainNextModel(db(), 'test-trainer');
    expect(ended).toMatchObject({ id: modelId, training_status: 32 });
    expect(ended?.failure_reason).toContain('drawing them on the pages');
    const events = (await as('Manager', 'GET', `/TemplateBuilder/Events/${modelId}`)).body as Array<{
      eventDescription: string;
    }>;
    expect(events.at(-1)?.eventDescription).toContain('PreProcessingFailed (32)');
  });

  it('trains the versions in the order they were queued and takes back a version whose trainer died', async () => {
    for (const doc of deliveryNotes(3, 8)) await labelledTask(doc);
    const template = await train(30);
    const neural = await train(50);
    // A trainer took the template version and stopped responding an hour ago.
    await db()
      .updateTable('custom_models')
      .set({ training_status: 41, status_changed_on: new Date(Date.now() - 3_600_000) })
      .where('id', '=', template)
      .execute();
    expect(await trainNextModel(db(), 'test-trainer')).toMatchObject({ id: template, training_status: 50 });
    const events = (await as('Manager', 'GET', `/TemplateBuilder/Events/${template}`)).body as Array<{
      eventDescription: string;
    }>;
    expect(events.some((e) => e.eventDescription.includes('stopped responding'))).toBe(true);
    expect(await trainNextModel(db(), 'test-trainer')).toMatchObject({ id: neural, training_status: 50 });
    expect(await trainNextModel(db(), 'test-trainer')).toBeUndefined();
  });

  it('trains a neural version with its progress, and a document workspace reads a layout it was not trained on', async () => {
    // Labelled notes of two layouts; the workspace then reads notes of a third.
    for (const doc of [...deliveryNotes(3, 41), ...deliveryNotes(3, 42, 'c')]) await labelledTask(doc);
    const modelId = await train(50);
    const ended = await trainNextModel(db(), 'test-trainer');
    expect(ended).toMatchObject({ id: modelId, training_status: 50, progress: 100, template_type: 50 });
    expect(ended?.average_confidence).toBeGreaterThan(0);
    expect(ended?.training_duration_minutes).toBeGreaterThan(0);
    const learned = ended?.model as {
      kind: string;
      fieldIds: string[];
      documents: number;
      heldOut: { values: number };
    };
    expect(learned.kind).toBe('neural');
    expect(learned.fieldIds.sort()).toEqual(Object.values(fieldIds).sort());
    expect(learned.documents).toBe(6);
    // Held out: every labelled value read by a model learned without its document.
    expect(learned.heldOut.values).toBe(24);
    const events = (await as('Manager', 'GET', `/TemplateBuilder/Events/${modelId}`)).body as Array<{
      payload: string;
    }>;
    const payloads = events.map((e) => JSON.parse(e.payload) as { to?: number; progress?: number });
    expect([...new Set(payloads.map((p) => p.to).filter((s) => s !== undefined))]).toEqual([
      30, 31, 33, 40, 41, 43, 50,
    ]);
    // Progress recorded while learning, rising, between 40 and 95.
    const learning = payloads.filter((p) => p.to === 41 && p.progress !== undefined).map((p) => p.progress as number);
    expect(learning.length).toBeGreaterThan(2);
    expect(learning).toEqual([...learning].sort((a, b) => a - b));
    expect(Math.max(...learning)).toBeLessThanOrEqual(90);

    await activate(modelId);
    const workspace = await db()
      .selectFrom('workspaces')
      .select('template_type')
      .where('id', '=', CONTRACTS_WS)
      .executeTakeFirstOrThrow();
    expect(workspace.template_type).toBe(40);
    let correct = 0;
    let total = 0;
    for (const doc of deliveryNotes(4, 43, 'd')) {
      const answer = await processedPage(doc);
      const entities = (
        answer.body as {
          page: { entities: Array<{ category: string; confidence: number; keyValues: Array<{ content: string }> }> };
        }
      ).page.entities;
      for (const label of doc.labels) {
        total += 1;
        const entity = entities.find((e) => e.category === label.fieldId);
        if (entity?.keyValues[0]?.content === label.text) correct += 1;
        if (entity) expect(entity.confidence).toBeGreaterThan(0.5);
      }
    }
    expect(correct / total).toBeGreaterThanOrEqual(0.85);
  });

  it('runs the active version in a document workspace: the reviewer gets its fields with boxes and confidences', async () => {
    for (const doc of deliveryNotes(5, 31)) await labelledTask(doc);
    const modelId = await train();
    await trainNextModel(db(), 'test-trainer');
    await activate(modelId);
    const config = (await as('Manager', 'GET', '/SdWorkspace/Configuration', { query: { workspaceId: CONTRACTS_WS } }))
      .body as { categories: Array<{ categoryKey: string }>; fieldsToDetect: string[] };
    expect(config.fieldsToDetect).toEqual(expect.arrayContaining(['order', 'date', 'customer', 'total']));

    let correct = 0;
    let total = 0;
    for (const doc of deliveryNotes(10, 77)) {
      const answer = await processedPage(doc);
      const page = (
        answer.body as {
          page: {
            entities: Array<{
              category: string;
              confidence: number;
              keyValues: Array<{ content: string; boundingBox: { left: number } }>;
            }>;
          };
        }
      ).page;
      for (const label of doc.labels) {
        total += 1;
        const entity = page.entities.find((e) => e.category === label.fieldId);
        if (entity?.keyValues[0]?.content === label.text) correct += 1;
        if (entity) {
          expect(entity.confidence).toBeGreaterThan(0);
          expect(entity.keyValues[0]?.boundingBox.left).toBeGreaterThan(0);
        }
      }
    }
    expect(correct / total).toBeGreaterThanOrEqual(0.95);
  });

  it('says a version learned in an older neural model format needs training again, instead of reading nothing unsaid', async () => {
    for (const doc of deliveryNotes(5, 51)) await labelledTask(doc);
    const modelId = await train();
    await trainNextModel(db(), 'test-trainer');
    await activate(modelId);
    // The active version holds a neural model an earlier server stored (format 2).
    const stored = { kind: 'neural', version: 2, fieldIds: Object.values(fieldIds), space: {}, layers: [] };
    await db()
      .updateTable('custom_models')
      .set({ model: JSON.stringify(stored) })
      .where('id', '=', modelId)
      .execute();
    for (const doc of deliveryNotes(2, 52)) {
      const answer = await processedPage(doc);
      const entities = (answer.body as { page: { entities: Array<{ category: string }> } }).page.entities;
      expect(entities.filter((e) => Object.keys(fieldIds).includes(e.category))).toEqual([]);
    }
    // The version says why, once however many documents it met.
    const events = (await as('Manager', 'GET', `/TemplateBuilder/Events/${modelId}`)).body as Array<{
      entityTypeText: string;
      payload: string;
      eventDescription: string;
    }>;
    const outdated = events.filter((e) => e.entityTypeText === 'ModelNeedsRetraining');
    expect(outdated).toHaveLength(1);
    expect(JSON.parse(outdated[0]?.payload ?? '{}')).toEqual({
      needsRetraining: true,
      modelFormat: 2,
      currentFormat: 4,
    });
    expect(outdated[0]?.eventDescription).toMatch(/format 2.*format 4.*new version is trained/);
  });
});
