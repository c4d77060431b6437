/**
 * A stateful MSW stand-in for the calls behind the configuration tabs of workspace edit (predefined
 * texts and speakers, advanced settings, export, notifications, storage, for developers), following
 * the contract's shapes and the reference server's rules (a save changes what the next read answers;
 * what the server refuses is refused here with the same code). Used by unit tests and stories with
 * the admin mock of mock-api.ts — never by the package itself.
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { createMockAdminApi, type MockAdminOptions, WORKSPACE_ID } from './mock-api';

export interface MockWorkspaceConfigOptions extends MockAdminOptions {
  texts?: Schema<'PredefinedText'>[];
  speakers?: Schema<'Speaker'>[];
  /** Operation ids that answer 501, as calls a server does not offer yet. */
  notImplemented?: string[];
}

export interface MockWorkspaceConfigState {
  texts: Schema<'PredefinedText'>[];
  speakers: Schema<'Speaker'>[];
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

const problem = (status: number, code: number, message: string) =>
  HttpResponse.json({ succeeded: false, errors: [{ code, message }] }, { status });
const notImplemented = () => problem(501, 0, 'This call is not implemented by this server yet.');

export function createMockWorkspaceConfigApi(options: MockWorkspaceConfigOptions = {}) {
  const state: MockWorkspaceConfigState = {
    texts: (options.texts ?? TEXTS).map((t) => ({ ...t })),
    speakers: (options.speakers ?? SPEAKERS).map((s) => ({ ...s })),
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
