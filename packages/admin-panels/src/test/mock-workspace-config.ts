/**
 * A stateful MSW stand-in for the calls behind the configuration tabs of workspace edit (predefined
 * texts and speakers, advanced settings, export, notifications, storage, for developers), following
 * the contract's shapes and the reference server's rules (a save changes what the next read answers;
 * what the server refuses is refused here with the same code). Used by unit tests and stories with
 * the admin mock of mock-api.ts — never by the package itself.
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { createMockAdminApi, type MockAdminOptions, makeFields, TENANT_ID, WORKSPACE_ID } from './mock-api';

export interface MockWorkspaceConfigOptions extends MockAdminOptions {
  texts?: Schema<'PredefinedText'>[];
  speakers?: Schema<'Speaker'>[];
  advanced?: Partial<Schema<'AdvancedSettings'>>;
  storage?: Schema<'StorageConfig'> | null;
  notifications?: Schema<'NotificationConfig'>;
  /** The tenant's connections (GetSharePointConnections); 403 when `null`. */
  connections?: Schema<'StorageConnection'>[] | null;
  steps?: Schema<'IntegrationStepConfig'>[];
  /** The workspace's task type cannot be split (image anonymisation, legal documents, translation). */
  notSplittable?: boolean;
  /** Operation ids that answer 501, as calls a server does not offer yet. */
  notImplemented?: string[];
}

export interface MockWorkspaceConfigState {
  texts: Schema<'PredefinedText'>[];
  speakers: Schema<'Speaker'>[];
  advanced: Schema<'AdvancedSettings'>;
  storage: Schema<'StorageConfig'> | null;
  notifications: Schema<'NotificationConfig'>;
  connections: Schema<'StorageConnection'>[] | null;
  steps: Schema<'IntegrationStepConfig'>[];
  /** The bodies of every save, in order. */
  saves: unknown[];
}

export const TEXTS: Schema<'PredefinedText'>[] = [
  { id: '44444444-4444-4444-8444-000000000001', text: 'Documento ilegível — pedir nova digitalização.' },
  { id: '44444444-4444-4444-8444-000000000002', text: 'Fatura duplicada.' },
];

export const SPEAKERS: Schema<'Speaker'>[] = [
  {
    speakerId: '55555555-5555-4555-8555-000000000001',
    speakerName: 'Ana Silva',
    speakerPrefix: 'Dra.',
    isDefault: true,
  },
  {
    speakerId: '55555555-5555-4555-8555-000000000002',
    speakerName: 'Rui Costa',
    speakerSuffix: '(moderador)',
    isDefault: false,
  },
];

const PIPELINE_ID = '66666666-6666-4666-8666-000000000001';

/** An export step with a configuration form: a folder name (required, a pattern), a batch size (1–500), a switch. */
export const EXPORT_STEP: Schema<'IntegrationStepConfig'> = {
  workspaceId: WORKSPACE_ID,
  pipelineId: PIPELINE_ID,
  stepId: 'export-erp',
  isConfigured: false,
  configurationValues: { folder: '', batchSize: 50, includePdf: true },
  step: {
    stepId: 'export-erp',
    displayName: 'Exportar para o ERP',
    description: 'Escreve um ficheiro por fatura na pasta de entrada do ERP.',
    docsUrl: 'https://docs.reviewdesk.test/steps/export-erp',
    configurationCustomForm: {
      sections: [
        {
          id: 'main',
          md: 12,
          sm: 12,
          fields: [
            {
              id: 'folder',
              md: 12,
              sm: 12,
              name: 'folder',
              title: 'Pasta de entrada',
              type: 5,
              isRequired: true,
              configurations: { matches: { regExp: '^[A-Za-z0-9/_-]+$', message: 'Só letras, algarismos, /, _ e -.' } },
            },
            {
              id: 'batchSize',
              md: 6,
              sm: 12,
              name: 'batchSize',
              title: 'Faturas por ficheiro',
              type: 7,
              configurations: { min: 1, max: 500 },
            },
            { id: 'includePdf', md: 6, sm: 12, name: 'includePdf', title: 'Incluir o PDF', type: 11 },
          ],
        },
      ],
    },
  },
};

const nobody = { notificationType: 10, notifyCreator: false, notifyReviewers: false, customRecipients: [] } as const;
/** Reviewers are told of tasks to review; nobody of tasks going to history (the spec's default). */
export const NOTIFICATIONS: Schema<'NotificationConfig'> = {
  language: 'pt',
  events: [
    { eventType: 10, configs: [{ ...nobody, notifyReviewers: true, customRecipients: ['contabilidade@example.com'] }] },
    { eventType: 20, configs: [{ ...nobody, customRecipients: [] }] },
  ],
};

export const CONNECTIONS: Schema<'StorageConnection'>[] = [
  {
    id: '77777777-7777-4777-8777-000000000001',
    displayName: 'Arquivo WebDAV',
    name: 'arquivo-dav',
    tenantId: TENANT_ID,
    clientId: 'reviewdesk',
    hostname: 'https://dav.example.com/dav/',
    defaultSite: null,
    driveId: null,
    connectorType: 'WebDav',
  },
];

/** The folders and files of the connection `arquivo-dav`, by folder path. */
const TREE: Record<string, Array<{ name: string; isFolder: boolean }>> = {
  '/': [
    { name: 'Exportacoes', isFolder: true },
    { name: 'Glossarios', isFolder: true },
    { name: 'leia-me.txt', isFolder: false },
  ],
  '/Exportacoes': [{ name: 'Faturas', isFolder: true }],
  '/Exportacoes/Faturas': [],
  '/Glossarios': [{ name: 'global.tbx', isFolder: false }],
};

const storageItem = (folderPath: string, entry: { name: string; isFolder: boolean }): Schema<'StorageItem'> => ({
  id: `${folderPath}/${entry.name}`.replace('//', '/'),
  name: entry.name,
  webUrl: null,
  downloadUrl: null,
  isFile: !entry.isFolder,
  isFolder: entry.isFolder,
  mimeType: entry.isFolder ? null : 'application/octet-stream',
  folderPath,
  displayFullPath: `Arquivo WebDAV${folderPath === '/' ? '' : folderPath}/${entry.name}`,
  lastModifiedDateTime: null,
  lastModifiedUserDisplayName: null,
});

export function makeAdvancedSettings(overrides: Partial<Schema<'AdvancedSettings'>> = {}): Schema<'AdvancedSettings'> {
  return {
    daysUntilRemoval: 31,
    hoursUntilTasksConsideredStuck: 4,
    maxRestartCount: 3,
    checkoutExpireMinutes: 30,
    maxFileSizeBytes: 20_971_520,
    supportedFileTypes: ['.pdf', '.png', '.jpg'],
    fileTypesToSkipReview: [],
    externalIdRequired: false,
    allowGlobalSave: true,
    isToDelAfterExport: false,
    isExpirationDisabled: false,
    allowEmailImportFromOutsideTenant: false,
    forceSingleChunk: false,
    globalAverageConfidenceRateCheck: 0.8,
    globalAverageConfidenceRateEntry: null,
    fieldsConfidenceRateCheck: 0.7,
    fieldsConfidenceRateEntry: null,
    anonymizationFillColor: null,
    splitSettings: { isEnabled: false, pagesPerChunk: 10, minutesPerChunk: 10 },
    ...overrides,
  };
}

/** The reference server's checks of PATCH AdvancedSettings: the message names the refused property. */
function refusalOf(body: Schema<'AdvancedSettings'>, notSplittable: boolean): string | null {
  const whole = (name: string, value: unknown, min: number, max?: number): string | null => {
    const ok =
      value === undefined ||
      (typeof value === 'number' && Number.isInteger(value) && value >= min && (max === undefined || value <= max));
    if (ok) return null;
    return `${name} must be a whole number ${max === undefined ? `at least ${min}` : `between ${min} and ${max}`}.`;
  };
  const thresholds = [
    'globalAverageConfidenceRateCheck',
    'globalAverageConfidenceRateEntry',
    'fieldsConfidenceRateCheck',
    'fieldsConfidenceRateEntry',
  ] as const;
  const skip = (body.fileTypesToSkipReview ?? []).find((ext) => !(body.supportedFileTypes ?? []).includes(ext));
  const refusals: (string | null)[] = [
    whole('daysUntilRemoval', body.daysUntilRemoval, 1, 90),
    whole('hoursUntilTasksConsideredStuck', body.hoursUntilTasksConsideredStuck, 1),
    whole('maxRestartCount', body.maxRestartCount, 0),
    whole('checkoutExpireMinutes', body.checkoutExpireMinutes, 1),
    whole('maxFileSizeBytes', body.maxFileSizeBytes, 1),
    ...thresholds.map((k) => {
      const v = body[k];
      return v !== null && v !== undefined && (v < 0 || v > 1) ? `${k} must be between 0 and 1.` : null;
    }),
    skip ? `The file type '${skip}' skips review but is not a supported file type.` : null,
    notSplittable && body.splitSettings?.isEnabled ? 'Tasks of type Translation cannot be split.' : null,
  ];
  return refusals.find((r) => r !== null) ?? null;
}

const problem = (status: number, code: number, message: string) =>
  HttpResponse.json({ succeeded: false, errors: [{ code, message }] }, { status });
const notImplemented = () => problem(501, 0, 'This call is not implemented by this server yet.');

export function createMockWorkspaceConfigApi(options: MockWorkspaceConfigOptions = {}) {
  const state: MockWorkspaceConfigState = {
    texts: (options.texts ?? TEXTS).map((t) => ({ ...t })),
    speakers: (options.speakers ?? SPEAKERS).map((s) => ({ ...s })),
    advanced: makeAdvancedSettings(options.advanced),
    storage: options.storage === undefined ? null : options.storage,
    notifications: structuredClone(options.notifications ?? NOTIFICATIONS),
    connections: options.connections === undefined ? CONNECTIONS : options.connections,
    steps: (options.steps ?? [EXPORT_STEP]).map((step) => structuredClone(step)),
    saves: [],
  };
  const missing = new Set(options.notImplemented ?? []);
  /** The common start of every answer: the delay, a 501 for a missing call, a 404 for another workspace. */
  const start = async (operation: string, workspaceId?: string, read = true) => {
    if (options.delay) await delay(options.delay);
    if (missing.has(operation)) return notImplemented();
    if (read && options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
    if (workspaceId !== undefined && workspaceId !== WORKSPACE_ID) return problem(404, 9, 'Not found.');
    return null;
  };

  const handlers: HttpHandler[] = [
    http.get('*/api/:version/SdWorkspace/PredefinedText/:workspaceId', async ({ params }) => {
      const early = await start('SdWorkspace_GetPredefinedText', String(params.workspaceId));
      return early ?? HttpResponse.json(state.texts);
    }),
    http.patch('*/api/:version/SdWorkspace/PredefinedText/:workspaceId', async ({ request, params }) => {
      const early = await start('SdWorkspace_PatchPredefinedText', String(params.workspaceId), false);
      if (early) return early;
      const body = (await request.json()) as Schema<'PredefinedText'>[];
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 10, 'The workspace configuration is not valid.');
      if (body.some((t) => !t.text.trim())) return problem(400, 10, 'A predefined text is empty.');
      if (new Set(body.map((t) => t.id)).size !== body.length) return problem(400, 10, 'An id is used twice.');
      state.texts = body.map((t) => ({ id: t.id, text: t.text }));
      return HttpResponse.json({ succeeded: true, errors: [], result: true });
    }),
    http.get('*/api/:version/Transcript/PredefinedSpeakers/:workspaceId', async ({ params }) => {
      const early = await start('Transcript_GetPredefinedSpeakers', String(params.workspaceId));
      return early ?? HttpResponse.json(state.speakers);
    }),
    http.patch('*/api/:version/Transcript/PredefinedSpeakers/:workspaceId', async ({ request, params }) => {
      const early = await start('Transcript_PatchPredefinedSpeakers', String(params.workspaceId), false);
      if (early) return early;
      const body = (await request.json()) as Schema<'Speaker'>[];
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 10, 'The workspace configuration is not valid.');
      const names = body.map((s) => s.speakerName.trim().toLowerCase());
      if (names.some((n) => !n) || new Set(names).size !== names.length || body.filter((s) => s.isDefault).length > 1)
        return problem(400, 10, 'The speakers are not valid.');
      state.speakers = body.map((s) => ({
        ...s,
        speakerId: s.speakerId ?? crypto.randomUUID(),
        modifiedOn: new Date().toISOString(),
      }));
      return HttpResponse.json(state.speakers);
    }),
    http.get('*/api/:version/SdWorkspace/AdvancedSettings/:workspaceId', async ({ params }) => {
      const early = await start('SdWorkspace_GetAdvancedSettings', String(params.workspaceId));
      return early ?? HttpResponse.json(state.advanced);
    }),
    http.patch('*/api/:version/SdWorkspace/AdvancedSettings/:workspaceId', async ({ request, params }) => {
      const early = await start('SdWorkspace_PatchAdvancedSettings', String(params.workspaceId), false);
      if (early) return early;
      const body = (await request.json()) as Schema<'AdvancedSettings'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 10, 'The workspace configuration is not valid.');
      const refusal = refusalOf({ ...state.advanced, ...body }, options.notSplittable === true);
      if (refusal) return problem(400, 10, refusal);
      const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      state.advanced = {
        ...state.advanced,
        ...defined,
        splitSettings: { ...state.advanced.splitSettings, ...body.splitSettings },
      };
      return HttpResponse.json({ succeeded: true, errors: [], result: state.advanced });
    }),
    http.get('*/api/:version/SdWorkspace/Configuration', async ({ request }) => {
      const workspaceId = new URL(request.url).searchParams.get('workspaceId') ?? '';
      const early = await start('SdWorkspace_GetConfiguration', workspaceId);
      if (early) return early;
      const fields = makeFields();
      const configuration = {
        id: WORKSPACE_ID,
        name: 'Faturas de fornecedores',
        tenantId: TENANT_ID,
        pipelineId: PIPELINE_ID,
        categories: fields.categories,
        fieldsToDetect: fields.fieldsToDetect,
        fieldOrder: fields.fieldOrder,
        requiredFields: fields.requiredFields,
        supportedFileTypes: state.advanced.supportedFileTypes ?? [],
        maxFileSizeBytes: state.advanced.maxFileSizeBytes ?? 20_971_520,
        checkoutExpireMinutes: state.advanced.checkoutExpireMinutes,
        daysUntilHistoryRemoval: state.advanced.daysUntilRemoval,
        maxRestartCount: state.advanced.maxRestartCount,
        hoursUntilTasksConsideredStuck: state.advanced.hoursUntilTasksConsideredStuck,
        storageConfig: state.storage,
      } satisfies Schema<'WorkspaceConfiguration'>;
      return HttpResponse.json(configuration);
    }),
    http.get('*/api/:version/SdWorkspace/IntegrationStepConfigs/:workspaceId', async ({ params }) => {
      const early = await start('SdWorkspace_IntegrationStepConfigs', String(params.workspaceId));
      return early ?? HttpResponse.json(state.steps);
    }),
    http.post('*/api/:version/SdWorkspace/StepConfig/:workspaceId/:stepId', async ({ request, params }) => {
      const early = await start('SdWorkspace_PostStepConfig', String(params.workspaceId), false);
      if (early) return early;
      const body = (await request.json()) as Schema<'IntegrationStepConfigSave'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 10, 'The workspace configuration is not valid.');
      const step = state.steps.find((s) => s.stepId === params.stepId);
      if (!step) return problem(404, 9, 'Not found.');
      const folder = body.configurationValues.folder;
      if (typeof folder !== 'string' || !folder) return problem(400, 10, 'folder is required.');
      step.configurationValues = body.configurationValues;
      step.isConfigured = true;
      return HttpResponse.json({ succeeded: true, errors: [], result: step });
    }),
    http.get('*/api/:version/Notification/NotificationConfig/:workspaceId', async ({ params }) => {
      const early = await start('Notification_GetNotificationConfig', String(params.workspaceId));
      return early ?? HttpResponse.json(state.notifications);
    }),
    http.patch('*/api/:version/Notification/NotificationConfig/:workspaceId', async ({ request, params }) => {
      const early = await start('Notification_PatchNotificationConfig', String(params.workspaceId), false);
      if (early) return early;
      const body = (await request.json()) as Schema<'NotificationConfig'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 0, 'The notification settings are not valid.');
      if (!['pt', 'en', 'de', 'fr', 'es'].includes(body.language))
        return problem(400, 0, "The parameter 'language' must be one of pt, en, de, fr, es.");
      const bad = body.events
        .flatMap((e) => e.configs.flatMap((c) => c.customRecipients))
        .find((a) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a));
      if (bad !== undefined) return problem(400, 0, `"${bad}" is not an e-mail address.`);
      state.notifications = {
        language: body.language,
        events: state.notifications.events.map((e) => body.events.find((b) => b.eventType === e.eventType) ?? e),
      };
      return HttpResponse.json({ succeeded: true, errors: [], result: true });
    }),
    http.post('*/api/:version/Tenant/Connectors/GetSharePointConnections', async () => {
      const early = await start('Tenant_ConnectorsGetSharePointConnections');
      if (early) return early;
      return state.connections ? HttpResponse.json(state.connections) : problem(403, 0, 'Forbidden.');
    }),
    http.get('*/api/:version/SharePoint/Items/:serviceName', async ({ request, params }) => {
      const early = await start('SharePoint_Items');
      if (early) return early;
      if (!state.connections?.some((c) => c.name === params.serviceName))
        return problem(404, 0, `There is no connection ${String(params.serviceName)}.`);
      const path = new URL(request.url).searchParams.get('directoryPath') || '/';
      const entries = TREE[path];
      if (!entries) return problem(400, 50, `There is no folder ${path}.`);
      return HttpResponse.json(entries.map((entry) => storageItem(path, entry)));
    }),
    http.patch('*/api/:version/SdWorkspace/Storage/:workspaceId', async ({ request, params }) => {
      const early = await start('SdWorkspace_PatchStorage', String(params.workspaceId), false);
      if (early) return early;
      const body = (await request.json()) as Schema<'StorageConfig'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 0, 'An unexpected server error occurred.');
      const refuse = (code: number, message: string) =>
        HttpResponse.json({ succeeded: false, errors: [{ code, message }] });
      if (!state.connections?.some((c) => c.name === body.serviceName))
        return refuse(20, `There is no connection ${body.serviceName}.`);
      if (body.glossaryDirectoryPath && !TREE[body.glossaryDirectoryPath])
        return refuse(40, `There is no folder ${body.glossaryDirectoryPath}.`);
      if (body.exportDirectoryPath && !TREE[body.exportDirectoryPath])
        return refuse(50, `There is no folder ${body.exportDirectoryPath}.`);
      const file = body.globalGlossaryPath;
      const folder = file ? file.slice(0, file.lastIndexOf('/')) || '/' : '';
      if (file && !TREE[folder]?.some((e) => !e.isFolder && `${folder}/${e.name}`.replace('//', '/') === file))
        return refuse(60, `There is no file ${file}.`);
      state.storage = { ...body, globalGlossaryId: file ?? null };
      return HttpResponse.json({ succeeded: true, errors: [], result: state.storage });
    }),
    http.delete('*/api/:version/SdWorkspace/Storage/:workspaceId', async ({ params }) => {
      const early = await start('SdWorkspace_DeleteStorage', String(params.workspaceId), false);
      if (early) return early;
      const had = state.storage !== null;
      state.storage = null;
      return HttpResponse.json({ succeeded: true, errors: [], result: had });
    }),
  ];
  return { handlers, state };
}

/** Both mocks together: the admin calls (basic, users, …) and the configuration calls. */
export function createMockWorkspaceApis(options: MockWorkspaceConfigOptions = {}) {
  const admin = createMockAdminApi(options);
  const config = createMockWorkspaceConfigApi(options);
  return { handlers: [...config.handlers, ...admin.handlers], state: config.state, admin: admin.state };
}

/** A story's `beforeEach` installing both mocks with these options. Stories only. */
export const mockedWorkspace = (options: MockWorkspaceConfigOptions = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockWorkspaceApis(options).handlers);
  },
});
