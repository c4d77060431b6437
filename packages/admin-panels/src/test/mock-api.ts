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

const role = (name: Schema<'RoleName'>, order: number, id: number): Schema<'Role'> => ({
  id: `00000000-0000-4000-8000-0000000000${String(id).padStart(2, '0')}`,
  name,
  order,
  tenantSelectable: name !== 'Developer',
  hidden: false,
  superUser: order <= 20,
});

export const ROLES: Schema<'Role'>[] = [
  role('Developer', 10, 10),
  role('Administrator', 20, 20),
  role('Manager', 30, 30),
  role('Creator', 40, 40),
  role('Reviewer', 50, 50),
  role('Viewer', 60, 60),
];

const member = (n: number, name: string, email: string, roleName: Schema<'RoleName'>, active = true) => ({
  userId: `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`,
  workspaceId: WORKSPACE_ID,
  roleId: ROLES.find((r) => r.name === roleName)?.id ?? '',
  roleName,
  name,
  userName: email,
  email,
  userStatus: (active ? 10 : 20) as Schema<'UserStatus'>,
  joinedOn: new Date(Date.UTC(2026, 2, n, 9)).toISOString(),
  profilePicture: null,
});

export const MEMBERS: Schema<'WorkspaceUser'>[] = [
  member(1, 'Ana Silva', 'ana.silva@example.com', 'Administrator'),
  member(2, 'Rui Costa', 'rui.costa@example.com', 'Reviewer'),
  member(3, 'Marta Sousa', 'marta.sousa@example.com', 'Reviewer', false),
  member(4, 'João Pereira', 'joao.pereira@example.com', 'Manager'),
];

/** People of the tenant who are not members of the workspace (invite check 4). */
export const TENANT_PEOPLE = ['ines.almeida@example.com'];
/** People with an account in another tenant (invite check 2). */
export const OTHER_TENANT_PEOPLE = ['carlos@globex.example'];

const category = (
  categoryKey: string,
  displayName: string,
  type: Schema<'FieldTypeCode'>,
  extra: Partial<Schema<'FieldDefinition'>> = {},
): Schema<'FieldDefinition'> => ({
  categoryKey,
  displayName,
  parentCategoryKey: null,
  description: null,
  fillColor: '#0011ff1a',
  strokeColor: '#0011ff',
  groupType: null,
  fieldConfig: { type, isRequired: false, pattern: null },
  hideInColSelect: false,
  editLocked: false,
  ...extra,
});

/** An invoice workspace's fields: built-in ones, a custom one, a table with two columns. */
export function makeFields(): Schema<'WorkspaceFields'> {
  return {
    workspaceId: WORKSPACE_ID,
    categories: [
      category('InvoiceId', 'Número da fatura', 50, { editLocked: true }),
      category('InvoiceDate', 'Data da fatura', 151),
      category('InvoiceTotal', 'Total', 101, { fieldConfig: { type: 101, isRequired: true, pattern: null } }),
      category('VendorTaxId', 'NIF do fornecedor', 52, {
        fillColor: '#e0115f52',
        strokeColor: '#e0115f',
        fieldConfig: { type: 52, isRequired: false, pattern: '^\\d{9}$' },
      }),
      category('cost.center', 'Centro de custo', 50),
      category('Items', 'Linhas', 400, { groupType: 100 }),
      category('Description', 'Descrição', 50, { parentCategoryKey: 'Items' }),
      category('Amount', 'Valor', 101, { parentCategoryKey: 'Items' }),
    ],
    fieldsToDetect: ['InvoiceId', 'InvoiceDate', 'InvoiceTotal', 'VendorTaxId', 'Items'],
    fieldOrder: ['InvoiceId', 'InvoiceDate', 'InvoiceTotal', 'VendorTaxId', 'Items'],
    requiredFields: ['InvoiceTotal'],
    baseFields: ['InvoiceId', 'InvoiceDate', 'InvoiceTotal', 'Items', 'Description', 'Amount'],
  };
}

/** A trained template model of the tenant (AvailableCustomModel). */
export const TRAINED_MODEL: Schema<'AvailableCustomModel'> = {
  id: '22222222-2222-4222-8222-222222222222',
  modelName: 'Guias de remessa',
  serviceName: 'reviewdesk-template',
  versionNumber: 2,
  averageConfidence: 0.96,
  trainingStatus: 60,
  templateType: 30,
  createdOn: '2026-11-26T17:00:00Z',
  trainingDurationMinutes: 1,
  isCurrent: false,
};

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
  members: Schema<'WorkspaceUser'>[];
  invites: Schema<'UserInvite'>[];
  assignment: Schema<'DefaultAssignments'>;
  fields: Schema<'WorkspaceFields'>;
  /** Selections sent to RestartProcessingMany. */
  reprocessed: unknown[];
}

const problem = (status: number, code: number, message: string) =>
  HttpResponse.json({ succeeded: false, errors: [{ code, message }] }, { status });

export function createMockAdminApi(options: MockAdminOptions = {}) {
  const state: MockAdminState = {
    workspaces: new Map([[WORKSPACE_ID, makeWorkspace(options.workspace)]]),
    calls: [],
    saves: [],
    members: MEMBERS.map((m) => ({ ...m })),
    invites: [],
    assignment: { workspaceId: WORKSPACE_ID, isEnabled: false, orderType: 10, users: [] },
    fields: makeFields(),
    reprocessed: [],
  };
  const assignee = (m: Schema<'WorkspaceUser'>): Schema<'ValidUserForTaskAssignment'> => ({
    userId: m.userId,
    name: m.name ?? null,
    userName: m.userName ?? null,
    email: m.email,
    profilePicture: null,
    roleId: m.roleId,
    isValidForTaskAssignment: m.userStatus === 10,
  });
  const answer = async (request: Request) => {
    state.calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v[^/]+/, '')}`);
    if (options.delay) await delay(options.delay);
  };

  const handlers = [
    // One trained template model the workspace may recognize with; choosing it names it the
    // workspace's custom model.
    http.get('*/api/:version/SdWorkspace/AvailableCustomModel', async ({ request }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      const current = new URL(request.url).searchParams.get('currentModelId');
      return HttpResponse.json([{ ...TRAINED_MODEL, isCurrent: current === TRAINED_MODEL.id }]);
    }),
    http.patch('*/api/:version/SdWorkspace/PatchCustomModel', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'CustomModelPatch'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 10, 'The workspace configuration is not valid.');
      const workspace = state.workspaces.get(body.workspaceId);
      if (!workspace) return problem(404, 0, 'Not found.');
      state.workspaces.set(body.workspaceId, { ...workspace, customModelId: body.customModelId ?? null });
      return HttpResponse.json({ succeeded: true, result: true, errors: [] });
    }),
    http.get('*/api/:version/SdWorkspace/basic/:id', async ({ request, params }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      const workspace = state.workspaces.get(String(params.id));
      return workspace ? HttpResponse.json(workspace) : problem(404, 0, 'Not found.');
    }),
    http.get('*/api/:version/SdWorkspace/importEmail/:id', async ({ request, params }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      return state.workspaces.has(String(params.id))
        ? HttpResponse.json({
            emailToImport: `acme-faturas-${String(params.id).slice(0, 8)}@import.reviewdesk.example`,
          })
        : problem(404, 0, 'Not found.');
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
    http.get('*/api/:version/SdWorkspace/Users/:workspaceId', async ({ request, params }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      return params.workspaceId === WORKSPACE_ID ? HttpResponse.json(state.members) : problem(404, 0, 'Not found.');
    }),
    http.get('*/api/:version/User/GetUserDetails', async ({ request }) => {
      await answer(request);
      const me = state.members[0] as Schema<'WorkspaceUser'>;
      return HttpResponse.json({
        email: me.email,
        name: me.name ?? null,
        userName: me.email,
        role: me.roleName ?? 'Administrator',
        roleId: me.roleId,
        impersonateRoleId: null,
        contact: null,
        emailConfirmed: true,
        hasPassword: true,
        userId: me.userId,
        profilePicture: null,
      });
    }),
    http.get('*/api/:version/User/AllRoles', async ({ request }) => {
      await answer(request);
      return HttpResponse.json(ROLES);
    }),
    http.patch('*/api/:version/SdWorkspace/UpdateUserStatus', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'UserWorkspaceStatusUpdate'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 0, 'You may not change this user.');
      const target = state.members.find((m) => m.userId === body.userId && m.workspaceId === body.workspaceId);
      if (!target) return problem(404, 0, 'Not found.');
      target.userStatus = body.userStatus;
      return HttpResponse.json({ succeeded: true, errors: [], result: true });
    }),
    http.get('*/api/:version/SdWorkspace/CheckIfUserCanBeInvited', async ({ request }) => {
      await answer(request);
      const email = new URL(request.url).searchParams.get('email')?.toLowerCase() ?? '';
      const inviteCheckStatus: Schema<'InviteCheckStatus'> = state.members.some((m) => m.email === email)
        ? 5
        : TENANT_PEOPLE.includes(email)
          ? 4
          : OTHER_TENANT_PEOPLE.includes(email)
            ? 2
            : 1;
      return HttpResponse.json({ email, workspaceId: WORKSPACE_ID, inviteCheckStatus });
    }),
    http.post('*/api/:version/SdWorkspace/InviteUser', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'WorkspaceInviteRequest'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 0, 'Invitations to this tenant are blocked.');
      for (const invite of body.users) {
        state.invites.push(invite);
        if (invite.workspaceId === WORKSPACE_ID || invite.inviteToAllWorkspaces)
          state.members.push({
            ...member(state.members.length + 10, invite.name ?? invite.email, invite.email, 'Reviewer'),
            roleId: invite.tenantRoleId ?? ROLES[4]?.id ?? '',
            roleName: ROLES.find((r) => r.id === invite.tenantRoleId)?.name ?? 'Reviewer',
          });
      }
      return HttpResponse.json({ succeeded: true, errors: [], result: true });
    }),
    http.get('*/api/:version/SdWorkspace/ValidUsersForTaskAssignment', async ({ request }) => {
      await answer(request);
      return HttpResponse.json(state.members.map(assignee));
    }),
    http.get('*/api/:version/SdWorkspace/DefaultAssignments', async ({ request }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      return HttpResponse.json(state.assignment);
    }),
    http.patch('*/api/:version/SdWorkspace/DefaultAssignments/:workspaceId', async ({ request }) => {
      await answer(request);
      const url = new URL(request.url);
      const ids = (await request.json()) as string[];
      const isEnabled = url.searchParams.get('isEnabled') === 'true';
      const orderType = Number(url.searchParams.get('orderType')) as Schema<'AssignmentOrder'>;
      state.saves.push({ isEnabled, orderType, ids });
      if (options.failSaves) return problem(options.failSaves, 30, 'The assignment is not valid.');
      const users = ids.map((id) => state.members.find((m) => m.userId === id));
      if ((isEnabled && ids.length === 0) || users.some((u) => u?.userStatus !== 10))
        return problem(400, 30, 'The assignment is not valid.');
      state.assignment = {
        workspaceId: WORKSPACE_ID,
        isEnabled,
        orderType,
        users: users.map((u) => assignee(u as Schema<'WorkspaceUser'>)),
      };
      return HttpResponse.json(state.assignment);
    }),
    http.get('*/api/:version/SdWorkspace/Fields/:workspaceId', async ({ request }) => {
      await answer(request);
      if (options.failReads) return problem(options.failReads, 0, 'An unexpected server error occurred.');
      return HttpResponse.json(state.fields);
    }),
    http.patch('*/api/:version/SdWorkspace/Fields/:workspaceId', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'WorkspaceFieldsUpdate'>;
      state.saves.push(body);
      if (options.failSaves) return problem(options.failSaves, 10, 'The workspace configuration is not valid.');
      const before = state.fields;
      const keys = new Set(before.categories.map((f) => f.categoryKey));
      const bad = body.addedFields.some(
        (f) =>
          keys.has(f.categoryKey) || !(f.parentCategoryKey ? /^[A-Za-z0-9]+$/ : /^[A-Za-z0-9.]+$/).test(f.categoryKey),
      );
      if (bad) return problem(400, 10, 'The workspace configuration is not valid.');
      // The server's rule (contract FieldChangeLevel), worked out here on its own.
      let level: Schema<'FieldChangeLevel'> = 0;
      if (body.addedFields.length || body.fieldOrder.join() !== before.fieldOrder.join()) level = 20;
      for (const f of body.editedFields) {
        const old = before.categories.find((c) => c.categoryKey === f.categoryKey);
        const becomesRequired = !old?.fieldConfig.isRequired && f.fieldConfig.isRequired;
        level = Math.max(level, becomesRequired ? 20 : 10) as Schema<'FieldChangeLevel'>;
      }
      if (body.deletedFields?.length) level = Math.max(level, 10) as Schema<'FieldChangeLevel'>;
      const deleted = new Set(body.deletedFields ?? []);
      const categories = [
        ...before.categories
          .filter((c) => !deleted.has(c.categoryKey) && !deleted.has(c.parentCategoryKey ?? ''))
          .map((c) => body.editedFields.find((e) => e.categoryKey === c.categoryKey) ?? c),
        ...body.addedFields,
      ];
      state.fields = {
        ...before,
        categories,
        fieldsToDetect: body.baseFields,
        fieldOrder: body.fieldOrder,
        requiredFields: categories.filter((c) => c.fieldConfig.isRequired).map((c) => c.categoryKey),
      };
      return HttpResponse.json({ succeeded: true, errors: [], result: { changeLevel: level, fields: state.fields } });
    }),
    http.patch('*/api/:version/SdTask/RestartProcessingMany', async ({ request }) => {
      await answer(request);
      state.reprocessed.push(await request.json());
      return HttpResponse.json({ succeeded: true, errors: [], result: true });
    }),
  ];
  return { handlers, state };
}
