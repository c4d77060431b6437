/**
 * A stateful MSW stand-in for the template calls (labelling-and-training workspaces, their
 * template-builder fields, training readiness, training and the model versions), following the
 * contract's shapes and rules: a bad key is a 400, a workspace of another tenant a 404, a refusal
 * of train or activation a 200 with `succeeded: false`. A queued version moves one training status
 * forward on each read of the list, as the training worker would. Tests and stories only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, HttpResponse, http } from 'msw';

export const DELIVERY_ID = '44444444-4444-4444-8444-444444444444';
export const CONTRACTS_ID = '55555555-5555-4555-8555-555555555555';
const TENANT = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-000000000001';

type Membership = Schema<'WorkspaceMembership'>;
type Field = Schema<'TemplateBuilderField'>;
type Model = Schema<'CustomModel'>;

const membership = (id: string, name: string, description: string, templateType: 30 | 50): Membership => ({
  userId: USER,
  workspaceId: id,
  roleId: '00000000-0000-4000-8000-000000000020',
  userStatus: 10,
  tenantId: TENANT,
  workspaceName: name,
  workspaceDescription: description,
  isDefault: false,
  isConfigured: true,
  taskType: templateType === 30 ? 'CustomTrainTemplate' : 'CustomTrainNeural',
  workspaceType: 20,
  templateType,
});

const field = (
  workspaceId: string,
  n: number,
  categoryKey: string,
  displayName: string,
  type: Schema<'FieldTypeCode'>,
  isRequired = false,
  table: Field['table'] = null,
): Field => ({
  uniqueId: `f-${workspaceId.slice(0, 4)}-${n}`,
  workspaceId,
  categoryKey,
  displayName,
  parentCategoryKey: null,
  description: null,
  fillColor: '#00838f33',
  strokeColor: '#00838f',
  groupType: type === 400 ? 100 : null,
  fieldConfig: { type, isRequired, pattern: null },
  hideInColSelect: false,
  editLocked: false,
  templateFieldType: type,
  table,
});

const model = (n: number, status: Schema<'ModelTrainingStatus'>, confidence: number | null, day: number): Model => ({
  id: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
  modelName: 'Guias de remessa',
  serviceName: 'reviewdesk-template',
  versionNumber: n,
  averageConfidence: confidence,
  trainingStatus: status,
  createdOn: new Date(Date.UTC(2026, 10, day, 10)).toISOString(),
  trainingDurationMinutes: confidence === null ? null : 0.02 * n,
});

export interface MockTemplatesOptions {
  /** Delay of every answer in ms (stories show the loading state with a long one). */
  delay?: number;
  /** Every read answers this status (500: the error state; 501: a call the server lacks). */
  failReads?: number;
  /** No labelling-and-training workspace at all. */
  empty?: boolean;
  /** A queued version fails in training with this reason. */
  trainingFailsWith?: string;
  /** Classified tasks of the delivery-note workspace (5 unless said). */
  classifiedTasks?: number;
  /** The active version was learned in a model format the server no longer reads (its event says so). */
  activeNeedsRetraining?: boolean;
}

export interface MockTemplatesState {
  workspaces: Membership[];
  fields: Map<string, Field[]>;
  models: Map<string, Model[]>;
  events: Map<string, Schema<'AuditEvent'>[]>;
  classified: Map<string, { tasks: number; pages: number; unclassified: number }>;
  /** Method and path (without the API version) of every call, in order. */
  calls: string[];
}

const problem = (status: number, code: number, message: string) =>
  HttpResponse.json({ succeeded: false, errors: [{ code, message }] }, { status });
const refusal = (code: number, message: string) => HttpResponse.json({ succeeded: false, errors: [{ code, message }] });

const FORWARD: Schema<'ModelTrainingStatus'>[] = [30, 31, 33, 40, 41, 43, 50];

export function createMockTemplatesApi(options: MockTemplatesOptions = {}) {
  const classifiedTasks = options.classifiedTasks ?? 5;
  const state: MockTemplatesState = {
    workspaces: options.empty
      ? []
      : [
          membership(
            DELIVERY_ID,
            'Guias de remessa',
            'Guias de remessa de um fornecedor, sempre no mesmo formato.',
            30,
          ),
          membership(CONTRACTS_ID, 'Contratos de arrendamento', 'Contratos de vários senhorios.', 50),
        ],
    fields: new Map([
      [
        DELIVERY_ID,
        [
          field(DELIVERY_ID, 1, 'DeliveryNumber', 'Número da guia', 51, true),
          field(DELIVERY_ID, 2, 'DeliveryDate', 'Data', 151),
          field(DELIVERY_ID, 3, 'Lines', 'Linhas', 400, false, {
            tableHeaders: [
              { uniqueId: 'Item', fieldType: 50, isRequired: true },
              { uniqueId: 'Qty', fieldType: 250, isRequired: false },
            ],
          }),
        ],
      ],
      [CONTRACTS_ID, []],
    ]),
    models: new Map([
      [DELIVERY_ID, [model(2, 50, 0.97, 20), model(1, 60, 0.93, 12)]],
      [CONTRACTS_ID, []],
    ]),
    events: new Map(),
    classified: new Map([
      [DELIVERY_ID, { tasks: classifiedTasks, pages: classifiedTasks, unclassified: 2 }],
      [CONTRACTS_ID, { tasks: 0, pages: 0, unclassified: 3 }],
    ]),
    calls: [],
  };
  const answer = async (request: Request) => {
    state.calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v[^/]+/, '')}`);
    if (options.delay) await delay(options.delay);
  };
  if (options.activeNeedsRetraining) {
    const active = model(1, 60, 0.93, 12);
    state.events.set(active.id, [
      {
        createdOn: new Date(Date.UTC(2026, 10, 26, 9)).toISOString(),
        eventDescription: `Version 1 of '${active.modelName}' was learned in neural model format 2; this server reads format 3, so it reads no fields until a new version is trained.`,
        payload: JSON.stringify({ needsRetraining: true, modelFormat: 2, currentFormat: 3 }),
        entityId: active.id,
        entityTypeText: 'ModelNeedsRetraining',
        eventSourceText: 'Worker',
      },
    ]);
  }
  const known = (id: string) => state.workspaces.some((w) => w.workspaceId === id);
  const event = (modelId: string, description: string, payload: Record<string, unknown>) => {
    const list = state.events.get(modelId) ?? [];
    list.push({
      createdOn: new Date().toISOString(),
      eventDescription: description,
      payload: JSON.stringify(payload),
      entityId: modelId,
      entityTypeText: 'TrainingStatusChanged',
      eventSourceText: 'Worker',
    });
    state.events.set(modelId, list);
  };
  /** One step of the training worker for every version under way. */
  const advance = () => {
    for (const models of state.models.values()) {
      for (const m of models) {
        const at = FORWARD.indexOf(m.trainingStatus);
        if (at < 0 || m.trainingStatus === 50) continue;
        if (options.trainingFailsWith && m.trainingStatus === 41) {
          m.trainingStatus = 42;
          event(m.id, `Training failed: ${options.trainingFailsWith}`, {
            to: 42,
            failureReason: options.trainingFailsWith,
          });
          continue;
        }
        const next = FORWARD[at + 1] as Schema<'ModelTrainingStatus'>;
        m.trainingStatus = next;
        const progress = Math.round(((at + 1) / (FORWARD.length - 1)) * 100);
        if (next === 50) {
          m.averageConfidence = 0.98;
          m.trainingDurationMinutes = 0.03;
        }
        event(m.id, `Status ${next}, ${progress}% done.`, { to: next, progress });
      }
    }
  };

  const handlers = [
    http.get('*/api/:version/SdWorkspace/UserWorkspaces', async ({ request }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      const type = Number(new URL(request.url).searchParams.get('workspaceType'));
      return HttpResponse.json(state.workspaces.filter((w) => w.workspaceType === type));
    }),
    http.get('*/api/:version/SdWorkspace/basic/:id', async ({ request, params }) => {
      await answer(request);
      const w = state.workspaces.find((x) => x.workspaceId === params.id);
      if (!w) return problem(404, 9, 'Not found.');
      return HttpResponse.json({
        id: w.workspaceId,
        displayName: w.workspaceName,
        description: w.workspaceDescription ?? null,
        isDefault: false,
        tenantId: w.tenantId,
        workspaceType: 20,
        templateType: w.templateType,
        softDeleted: false,
      } satisfies Schema<'Workspace'>);
    }),
    http.patch('*/api/:version/SdWorkspace/basic', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'WorkspaceBasicUpdate'>;
      const w = state.workspaces.find((x) => x.workspaceId === body.id);
      if (!w) return problem(404, 9, 'Not found.');
      if (!body.displayName?.trim()) return problem(400, 10, 'The workspace needs a name.');
      w.workspaceName = body.displayName;
      w.workspaceDescription = body.description ?? null;
      return HttpResponse.json({ succeeded: true, errors: [] });
    }),
    http.get('*/api/:version/TemplateBuilder/fields/:workspaceId', async ({ request, params }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      const fields = state.fields.get(String(params.workspaceId));
      return fields ? HttpResponse.json(fields) : problem(404, 9, 'Not found.');
    }),
    http.post('*/api/:version/TemplateBuilder/fields', async ({ request }) => {
      await answer(request);
      const workspaceId = new URL(request.url).searchParams.get('workspaceId') ?? '';
      const fields = state.fields.get(workspaceId);
      if (!fields) return problem(404, 9, 'Not found.');
      const body = (await request.json()) as Field[];
      if (body.some((f) => !/^[A-Za-z0-9.]+$/.test(f.categoryKey)))
        return problem(400, 10, 'A field key has letters, digits and dots only.');
      if (body.some((f) => fields.some((o) => o.categoryKey === f.categoryKey)))
        return problem(400, 10, 'Another field already has this key.');
      const created = body.map((f, i) => ({ ...f, workspaceId, uniqueId: `new-${fields.length + i + 1}` }));
      fields.push(...created);
      return HttpResponse.json(created);
    }),
    http.put('*/api/:version/TemplateBuilder/field', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Field & { uniqueId: string; workspaceId: string };
      const fields = state.fields.get(body.workspaceId);
      const at = fields?.findIndex((f) => f.uniqueId === body.uniqueId) ?? -1;
      if (!fields || at < 0) return problem(404, 9, 'Not found.');
      fields[at] = body;
      return HttpResponse.json(body);
    }),
    http.delete('*/api/:version/TemplateBuilder/field/:uniqueId', async ({ request, params }) => {
      await answer(request);
      const workspaceId = new URL(request.url).searchParams.get('workspaceId') ?? '';
      const fields = state.fields.get(workspaceId);
      const at = fields?.findIndex((f) => f.uniqueId === params.uniqueId) ?? -1;
      if (!fields || at < 0) return problem(404, 9, 'Not found.');
      fields.splice(at, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/:version/TemplateBuilder/validToTrain', async ({ request }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      const counts = state.classified.get(new URL(request.url).searchParams.get('workspaceId') ?? '');
      if (!counts) return problem(404, 9, 'Not found.');
      const condition = (max: number) => ({
        hasEnoughTasksForHighQualityTrain: counts.tasks >= 5,
        hasValidNumberOfPagesForTrain: counts.pages > 0 && counts.pages <= max,
      });
      return HttpResponse.json({
        conditions: { '30': condition(500), '50': condition(50_000) },
        unclassifiedTaskCount: counts.unclassified,
      } satisfies Schema<'TrainingReadiness'>);
    }),
    http.post('*/api/:version/TemplateBuilder/train', async ({ request }) => {
      await answer(request);
      const url = new URL(request.url);
      const workspaceId = url.searchParams.get('workspaceId') ?? '';
      const templateType = Number(url.searchParams.get('templateType'));
      const models = state.models.get(workspaceId);
      const counts = state.classified.get(workspaceId);
      if (!models || !counts) return problem(404, 9, 'Not found.');
      if (counts.tasks === 0) return refusal(10, 'No task is labelled yet; label tasks (finish their review) first.');
      if (models.some((m) => FORWARD.indexOf(m.trainingStatus) >= 0 && m.trainingStatus !== 50))
        return refusal(10, 'A version of this model is still training; wait until it has finished.');
      const created: Model = {
        ...model(models.length + 1, 30, null, 26),
        serviceName: templateType === 50 ? 'reviewdesk-neural' : 'reviewdesk-template',
        createdOn: new Date().toISOString(),
      };
      models.unshift(created);
      event(created.id, 'Training queued.', { to: 30, progress: 0 });
      return HttpResponse.json({ succeeded: true, errors: [], result: created });
    }),
    http.get('*/api/:version/TemplateBuilder/templates/:workspaceId', async ({ request, params }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      const models = state.models.get(String(params.workspaceId));
      if (!models) return problem(404, 9, 'Not found.');
      advance();
      return HttpResponse.json({
        pageNumber: 1,
        totalPages: 1,
        totalCount: models.length,
        hasPreviousPage: false,
        hasNextPage: false,
        items: models.map((m) => ({ ...m })),
      });
    }),
    http.put('*/api/:version/TemplateBuilder/UpsertWorkspaceTemplate/:id', async ({ request, params }) => {
      await answer(request);
      for (const models of state.models.values()) {
        const target = models.find((m) => m.id === params.id);
        if (!target) continue;
        if (target.trainingStatus !== 50 && target.trainingStatus !== 43 && target.trainingStatus !== 60)
          return refusal(
            10,
            `Version ${target.versionNumber} is not trained; only a trained version can be activated.`,
          );
        for (const m of models) if (m.trainingStatus === 60) m.trainingStatus = 50;
        target.trainingStatus = 60;
        return HttpResponse.json({ succeeded: true, errors: [], result: { ...target } });
      }
      return problem(404, 9, 'The custom model does not exist.');
    }),
    http.get('*/api/:version/TemplateBuilder/Events/:modelId', async ({ request, params }) => {
      await answer(request);
      return HttpResponse.json(state.events.get(String(params.modelId)) ?? []);
    }),
    http.get('*/api/:version/TemplateBuilder/TracesDashboardUrl/:modelId', async ({ request, params }) => {
      await answer(request);
      return HttpResponse.json(`https://traces.reviewdesk.test/models/${String(params.modelId)}`);
    }),
  ];
  return { state, handlers, known };
}
