/**
 * A stateful MSW stand-in for the admin calls, following the contract's shapes and rules (a save
 * changes what the next read answers; an empty name is a 400 WorkspaceConfigError (10); a workspace
 * of another tenant is a 404). Used by unit tests (msw/node) and stories (msw in the browser) —
 * never by the package itself.
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, HttpResponse, http } from 'msw';

export const WORKSPACE_ID = '11111111-1111-4111-8111-111111111111';
export const TENANT_ID = '22222222-2222-4222-8222-222222222222';

export function makeWorkspace(overrides: Partial<Schema<'Workspace'>> = {}): Schema<'Workspace'> {
  return {
    id: WORKSPACE_ID,
    displayName: 'Faturas de fornecedores',
    description: 'Faturas recebidas por e-mail e digitalizadas na receção.',
    isDefault: true,
    languages: { languageCode: 'pt-PT', inputLanguageCode: null, outputLanguageCode: null },
    tenantId: TENANT_ID,
    workspaceType: 10,
    templateType: 10,
    checkoutExpireMinutes: 30,
    daysUntilHistoryRemoval: 31,
    maxRestartCount: 3,
    hoursUntilTasksConsideredStuck: 4,
    softDeleted: false,
    ...overrides,
  };
}

export interface MockAdminOptions {
  workspace?: Partial<Schema<'Workspace'>>;
  /** Delay of every answer in ms (stories show the loading state with a long one). */
  delay?: number;
  /** Every read answers this status (500: the error state; 501: a call the server lacks). */
  failReads?: number;
  /** Every save answers this status with a WorkspaceConfigError. */
  failSaves?: number;
}

export interface MockAdminState {
  workspaces: Map<string, Schema<'Workspace'>>;
  /** Method and path (without the API version) of every call, in order. */
  calls: string[];
  /** The bodies of every save, in order. */
  saves: unknown[];
}

const problem = (status: number, code: number, message: string) =>
  HttpResponse.json({ succeeded: false, errors: [{ code, message }] }, { status });

export function createMockAdminApi(options: MockAdminOptions = {}) {
  const state: MockAdminState = {
    workspaces: new Map([[WORKSPACE_ID, makeWorkspace(options.workspace)]]),
    calls: [],
    saves: [],
  };
  const answer = async (request: Request) => {
    state.calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v[^/]+/, '')}`);
    if (options.delay) await delay(options.delay);
  };

  const handlers = [
    http.get('*/api/:version/SdWorkspace/basic/:id', async ({ request, params }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      const workspace = state.workspaces.get(String(params.id));
      return workspace ? HttpResponse.json(workspace) : problem(404, 0, 'Not found.');
    }),
    http.patch('*/api/:version/SdWorkspace/basic', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'WorkspaceBasicUpdate'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 10, 'The workspace configuration is not valid.');
      const workspace = state.workspaces.get(body.id);
      if (!workspace) return problem(404, 0, 'Not found.');
      if (!body.displayName?.trim()) return problem(400, 10, 'The workspace needs a name.');
      const updated: Schema<'Workspace'> = {
        ...workspace,
        displayName: body.displayName,
        description: body.description ?? null,
        isDefault: body.isDefault ?? workspace.isDefault,
        languages: body.languages ?? workspace.languages,
      };
      state.workspaces.set(body.id, updated);
      return HttpResponse.json({ succeeded: true, errors: [], result: updated });
    }),
  ];
  return { handlers, state };
}
