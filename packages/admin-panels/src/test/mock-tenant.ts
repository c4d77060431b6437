/**
 * A stateful MSW stand-in for the tenant calls, following the contract's shapes and the server's
 * rules (a role or status changed only with the permission for the member's role, an owner never
 * deactivated, a secret returned by Create/Update only, a connection's secret never returned, a
 * wrong password refused with ExternalStorageErrorCode, a connection in use not deleted). Used by
 * unit tests (msw/node) and stories (msw in the browser) — never by the package itself.
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { ROLES, TENANT_ID } from './mock-api';
import { toAbilities } from './StoryProvider';

const roleId = (name: Schema<'RoleName'>) => ROLES.find((r) => r.name === name)?.id ?? '';
/** The signed-in person of the mock: Beatriz, a developer. */
export const ME = '44444444-4444-4444-8444-000000000005';

const person = (
  n: number,
  name: string,
  email: string,
  role: Schema<'RoleName'>,
  extra: Partial<Schema<'TenantUser'>> = {},
): Schema<'TenantUser'> => ({
  userId: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
  minimumRoleId: null,
  roleId: roleId(role),
  name,
  userName: email,
  email,
  joinedOn: new Date(Date.UTC(2026, 0, n, 9)).toISOString(),
  userStatus: 10,
  isDefault: true,
  tenantId: TENANT_ID,
  emailConfirmed: true,
  profilePicture: null,
  isTenantOwner: false,
  ...extra,
});

export const TENANT_PEOPLE: Schema<'TenantUser'>[] = [
  person(1, 'Ana Silva', 'ana.silva@example.com', 'Administrator', {
    isTenantOwner: true,
    minimumRoleId: roleId('Administrator'),
  }),
  person(2, 'Rui Costa', 'rui.costa@example.com', 'Reviewer'),
  person(3, 'Marta Sousa', 'marta.sousa@example.com', 'Reviewer', { userStatus: 20 }),
  person(4, 'João Pereira', 'joao.pereira@example.com', 'Manager', { emailConfirmed: false }),
  person(5, 'Beatriz Lopes', 'beatriz.lopes@example.com', 'Developer'),
];

/** Everything a developer of the tenant holds on the tenant screen (the stories' default person). */
export const TENANT_ABILITIES = toAbilities([
  ...['View', 'Edit', 'ListUsers', 'AddUsers', 'UpdateUserRole', 'UpdateUserStatus', 'EditBasic'].map(
    (a) => `Tenant.${a}`,
  ),
  ...['ViewSecrets', 'CreateSecrets', 'CreateSharePointConnectors', 'ViewSharePointConnector'].map(
    (a) => `Tenant.${a}`,
  ),
  ...['Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer'].flatMap((r) => [
    `Tenant.UpdateUserRole.${r}`,
    `Tenant.UpdateUserStatus.${r}`,
  ]),
]);

/** A manager: lists people and changes those below, sees neither secrets nor connectors. */
export const MANAGER_ABILITIES = toAbilities([
  'Tenant.View',
  'Tenant.ListUsers',
  'Tenant.AddUsers',
  'Tenant.UpdateUserRole',
  'Tenant.UpdateUserStatus',
  ...['Creator', 'Reviewer', 'Viewer'].flatMap((r) => [`Tenant.UpdateUserRole.${r}`, `Tenant.UpdateUserStatus.${r}`]),
]);

const connection = (n: number, extra: Partial<Schema<'StorageConnection'>>): Schema<'StorageConnection'> => ({
  id: `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`,
  displayName: 'Finance share',
  name: 'finance',
  tenantId: TENANT_ID,
  clientId: 'reviewdesk',
  hostname: 'https://files.example.com/dav/',
  defaultSite: null,
  driveId: null,
  connectorType: 'WebDav',
  ...extra,
});

export interface MockTenantOptions {
  /** Delay of every answer in ms. */
  delay?: number;
  /** Every read answers this status (500: the error state; 501: a call the server lacks). */
  failReads?: number;
  /** Start with no secrets and no connections. */
  empty?: boolean;
  /** IsUserTenantInvitationBlocked answers blocked with this reason. */
  invitationsBlockedBecause?: string;
  /** The signed-in person's role (their abilities come from the story or test). */
  role?: Schema<'RoleName'>;
}

export interface MockTenantState {
  tenant: Schema<'Tenant'>;
  people: Schema<'TenantUser'>[];
  invites: Schema<'UserInvite'>[];
  secrets: Array<Schema<'ApiCredential'> & { secret: string }>;
  connections: Array<Schema<'StorageConnection'> & { secret: string }>;
  /** Workspace names by connection name (storage using it). */
  storageUsers: Record<string, string[]>;
  impersonateRoleId: string | null;
  /** Every upsert body as sent. */
  upserts: Schema<'StorageConnection'>[];
  calls: string[];
}

const problem = (status: number, code: number, message: string) =>
  HttpResponse.json({ succeeded: false, errors: [{ code, message }] }, { status });
const ok = <T>(result: T) => HttpResponse.json({ succeeded: true, errors: [], result });
const refused = (code: number, message: string) => HttpResponse.json({ succeeded: false, errors: [{ code, message }] });

/** The site behind the mock's connections: user `reviewdesk`, password `s3cret`. */
const SITE_PASSWORD = 's3cret';
const ROOT_ITEMS = ['Exports', 'Invoices', 'Glossary'];

export function createMockTenantApi(options: MockTenantOptions = {}) {
  const state: MockTenantState = {
    tenant: { id: TENANT_ID, code: 'acme', name: 'Acme Documentos' },
    people: TENANT_PEOPLE.map((p) => ({ ...p })),
    invites: [],
    secrets: options.empty
      ? []
      : [
          {
            clientId: 'rd-2ZxXkq0PpA7Y',
            clientSecret: null,
            expiration: new Date(Date.UTC(2027, 5, 30, 23, 59)).toISOString(),
            expired: false,
            secret: 'old-secret',
          },
          {
            clientId: 'rd-Hh61fDe02mQw',
            clientSecret: null,
            expiration: new Date(Date.UTC(2025, 11, 31, 23, 59)).toISOString(),
            expired: true,
            secret: 'older-secret',
          },
        ],
    connections: options.empty
      ? []
      : [
          { ...connection(1, {}), secret: SITE_PASSWORD },
          {
            ...connection(2, {
              displayName: 'Contoso SharePoint',
              name: 'contoso',
              connectorType: 'SharePoint',
              hostname: 'contoso.sharepoint.com',
              clientId: '7f1c2a55-0d6e-4c1e-9a51-2b0c9d1e3f40',
              defaultSite: 'sites/Finance',
            }),
            secret: 'graph-secret',
          },
        ],
    storageUsers: { finance: ['Faturas de fornecedores'] },
    impersonateRoleId: null,
    upserts: [],
    calls: [],
  };
  const myRole = () => ROLES.find((r) => r.name === (options.role ?? 'Developer')) ?? ROLES[0];
  const answer = async (request: Request) => {
    state.calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v[^/]+/, '')}`);
    if (options.delay) await delay(options.delay);
  };
  const failed = () =>
    options.failReads ? problem(options.failReads, 0, 'An unexpected server error occurred.') : null;
  const publicConnection = ({ secret: _secret, ...c }: MockTenantState['connections'][number]) => c;
  const publicSecret = ({ secret: _secret, ...c }: MockTenantState['secrets'][number]) => c;

  const handlers: HttpHandler[] = [
    http.get('*/api/:version/Tenant/GetCurrentSession', async ({ request }) => {
      await answer(request);
      const role = myRole() as Schema<'Role'>;
      const impersonated = ROLES.find((r) => r.id === state.impersonateRoleId) ?? null;
      return (
        failed() ??
        HttpResponse.json({
          tenant: state.tenant,
          userId: ME,
          userName: 'beatriz.lopes@example.com',
          email: 'beatriz.lopes@example.com',
          role,
          impersonateRole: impersonated,
          abilitiesRoleId: impersonated?.id ?? role.id,
          isTenantOwner: false,
          isDefault: true,
        } satisfies Schema<'TenantSession'>)
      );
    }),
    http.patch('*/api/:version/Tenant/Update', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'TenantUpdate'>;
      if (!body.name.trim()) return problem(400, 0, "The parameter 'name' cannot be empty.");
      state.tenant = { ...state.tenant, name: body.name.trim() };
      return ok(state.tenant);
    }),
    http.get('*/api/:version/User/AllRoles', async ({ request }) => {
      await answer(request);
      return failed() ?? HttpResponse.json(ROLES);
    }),
    http.get('*/api/:version/Tenant/AllUsers', async ({ request }) => {
      await answer(request);
      return failed() ?? HttpResponse.json(state.people);
    }),
    http.patch('*/api/:version/Tenant/UpdateUserStatus', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'UserStatusUpdate'>;
      const target = state.people.find((p) => p.userId === body.userId);
      if (!target) return problem(404, 0, 'No such user in this tenant.');
      if (target.isTenantOwner && body.userStatus !== 10)
        return problem(400, 0, 'The tenant owner cannot be deactivated.');
      target.userStatus = body.userStatus;
      return ok(target);
    }),
    http.patch('*/api/:version/Tenant/UpdateUserRole', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'UserRoleUpdate'>;
      const target = state.people.find((p) => p.userId === body.userId);
      if (!target) return problem(404, 0, 'No such user in this tenant.');
      const next = ROLES.find((r) => r.id === body.roleId);
      if (!next?.tenantSelectable) return problem(400, 0, 'The role cannot be given in a tenant.');
      target.roleId = next.id;
      return ok(target);
    }),
    http.get('*/api/:version/Tenant/IsUserTenantInvitationBlocked', async ({ request }) => {
      await answer(request);
      return HttpResponse.json({
        isBlocked: options.invitationsBlockedBecause !== undefined,
        reason: options.invitationsBlockedBecause ?? null,
      });
    }),
    http.get('*/api/:version/Tenant/CheckIfUserCanBeInvited', async ({ request }) => {
      await answer(request);
      const email = new URL(request.url).searchParams.get('email') ?? '';
      const member = state.people.find((p) => p.email === email);
      const elsewhere = email.endsWith('@globex.example');
      return HttpResponse.json({
        email,
        name: member?.name ?? null,
        inviteCheckStatus: member ? 3 : elsewhere ? 2 : 1,
      } satisfies Schema<'InviteCheckResult'>);
    }),
    http.post('*/api/:version/Tenant/InviteUser', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'TenantInviteRequest'>;
      state.invites.push(...body.users);
      return ok(true);
    }),
    http.get('*/api/:version/SdWorkspace/UserWorkspaces', async ({ request }) => {
      await answer(request);
      const type = new URL(request.url).searchParams.get('workspaceType');
      if (type !== '10') return HttpResponse.json([]);
      return HttpResponse.json([
        { workspaceId: '11111111-1111-4111-8111-111111111111', workspaceName: 'Faturas de fornecedores' },
        { workspaceId: '11111111-1111-4111-8111-222222222222', workspaceName: 'Gravações de reuniões' },
      ]);
    }),
    http.patch('*/api/:version/Tenant/UpdateUserImpersonateRoleId', async ({ request }) => {
      await answer(request);
      state.impersonateRoleId = new URL(request.url).searchParams.get('roleId') || null;
      return ok({});
    }),
    http.get('*/api/:version/Tenant/Secrets', async ({ request }) => {
      await answer(request);
      return failed() ?? HttpResponse.json(state.secrets.map(publicSecret));
    }),
    http.post('*/api/:version/Tenant/Secrets/:action', async ({ request, params }) => {
      await answer(request);
      const expiration = new URL(request.url).searchParams.get('expiration') ?? '';
      if (!expiration || new Date(expiration).getTime() <= Date.now()) {
        return problem(400, 0, "The parameter 'expiration' must be in the future.");
      }
      const secret = `sk-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
      const renew = params.action === 'Update';
      const current = state.secrets[0];
      if (renew && !current) return refused(9, 'The tenant has no API secret to renew.');
      const clientId = renew && current ? current.clientId : `rd-${Math.random().toString(36).slice(2, 14)}`;
      const entry = {
        clientId,
        clientSecret: null,
        expiration: new Date(expiration).toISOString(),
        expired: false,
        secret,
      };
      state.secrets = [entry, ...state.secrets.filter((s) => s.clientId !== clientId)];
      return ok({ ...publicSecret(entry), clientSecret: secret });
    }),
    http.post('*/api/:version/Tenant/Connectors/GetSharePointConnections', async ({ request }) => {
      await answer(request);
      return failed() ?? HttpResponse.json(state.connections.map(publicConnection));
    }),
    http.get('*/api/:version/Tenant/Connectors/WorkspacesBySharePointService/:name', async ({ request, params }) => {
      await answer(request);
      const names = state.storageUsers[String(params.name)] ?? [];
      return HttpResponse.json(names.map((workspaceName, i) => ({ workspaceId: `ws-${i}`, workspaceName })));
    }),
    http.post('*/api/:version/Tenant/Connectors/UpsertSharePointConnection', async ({ request }) => {
      await answer(request);
      const body = (await request.json()) as Schema<'StorageConnection'>;
      state.upserts.push(body);
      const existing = body.id ? state.connections.find((c) => c.id === body.id) : undefined;
      if (body.id && !existing) return problem(404, 0, 'This tenant has no such connection.');
      if (state.connections.some((c) => c.name === body.name && c.id !== existing?.id)) {
        return problem(400, 0, `This tenant already has a connection named '${body.name}'.`);
      }
      if (!existing && !body.clientSecret) return problem(400, 0, 'A new connection needs its clientSecret.');
      const secret = body.clientSecret || existing?.secret || '';
      // The site of the mock knows one password; Graph connections are taken as they come.
      if (body.connectorType === 'WebDav' && secret !== SITE_PASSWORD) {
        return refused(20, `The WebDAV server ${body.hostname} refused the user name or password (401).`);
      }
      const saved = {
        ...(existing ?? connection(state.connections.length + 10, {})),
        ...body,
        id: existing?.id ?? connection(state.connections.length + 10, {}).id,
        tenantId: TENANT_ID,
        clientSecret: undefined,
        secret,
      };
      delete saved.clientSecret;
      state.connections = existing
        ? state.connections.map((c) => (c.id === existing.id ? saved : c))
        : [...state.connections, saved];
      return ok(publicConnection(saved));
    }),
    http.post('*/api/:version/Tenant/Connectors/DeleteSharePointConnection/:id', async ({ request, params }) => {
      await answer(request);
      const found = state.connections.find((c) => c.id === params.id);
      if (!found) return problem(404, 0, 'This tenant has no such connection.');
      if ((state.storageUsers[found.name] ?? []).length > 0) {
        return HttpResponse.json({ succeeded: false, result: false, errors: [{ code: 0, message: 'In use.' }] });
      }
      state.connections = state.connections.filter((c) => c !== found);
      return ok(true);
    }),
    http.get('*/api/:version/SharePoint/Items/:name', async ({ request, params }) => {
      await answer(request);
      const found = state.connections.find((c) => c.name === params.name);
      if (!found) return problem(404, 0, 'No such connection.');
      if (found.connectorType === 'SharePoint') {
        return problem(400, 30, 'Microsoft Graph answered 404 for the site sites/Finance.');
      }
      return HttpResponse.json(
        ROOT_ITEMS.map((name) => ({ id: `/${name}/`, name, isFile: false, isFolder: true, folderPath: '/' })),
      );
    }),
  ];
  return { state, handlers };
}

/** A story's `beforeEach` installing the tenant mock with these options. */
export const mockedTenant = (options: MockTenantOptions = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockTenantApi(options).handlers);
  },
});
