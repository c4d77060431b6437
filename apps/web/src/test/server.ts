/**
 * MSW for the unit tests: the API calls the app makes, answered like the reference server does
 * today (workspaces and external logins are not implemented there yet: 501, and Server/Capabilities
 * leaves them out).
 */
import { apiOperations, type components } from '@reviewdesk/api-client';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** The origin of the test server and API. */
export const ORIGIN = 'http://reviewdesk.test';
export const API = `${ORIGIN}/api`;

const notImplemented = () =>
  HttpResponse.json(
    { succeeded: false, errors: [{ code: 'NotImplemented', message: 'Not implemented yet.' }] },
    { status: 501 },
  );

const role = { id: '00000000-0000-4000-8000-000000000050', name: 'Reviewer', order: 50 };
const tenant = { id: '00000000-0000-4000-8000-00000000000a', code: 'acme', name: 'Acme Documents' };

/** The user GetUserDetails answers. */
export const currentUser: components['schemas']['CurrentUser'] = {
  email: 'dana@example.com',
  name: 'Dana Reviewer',
  userName: 'dana@example.com',
  role: 'Reviewer',
  roleId: role.id,
  impersonateRoleId: null,
  contact: null,
  emailConfirmed: true,
  hasPassword: true,
  userId: '00000000-0000-4000-8000-0000000000d1',
  profilePicture: null,
};

export const tenants = [
  { tenantName: 'Acme Documents', tenantId: tenant.id, userId: currentUser.userId, isDefault: true },
  { tenantName: 'Globex Media', tenantId: '00000000-0000-4000-8000-00000000000b', userId: currentUser.userId },
].map((link) => ({ isDefault: false, roleId: role.id, impersonateRoleId: null, isTenantOwner: false, ...link }));

/** Calls the test server answers 501 for; Server/Capabilities does not list them. */
export const NOT_IMPLEMENTED = [
  'SdWorkspace_UserWorkspaces',
  'User_GetExternalLogins',
  'User_ChangeEmail',
  'User_TwoFactor',
];

/** What Server/Capabilities answers: every operation of the contract but {@link NOT_IMPLEMENTED}. */
export const implementedOperations = Object.keys(apiOperations).filter((id) => !NOT_IMPLEMENTED.includes(id));

/** What Viewer/ViewerInit answers for a task of this type (no checkout: ViewerInit takes none). */
export function viewerInit(
  taskType: components['schemas']['TaskType'],
  taskId = 't-1',
  workspaceId = 'w-1',
): components['schemas']['ViewerInitResult'] {
  return {
    taskId,
    displayName: taskType === 'Invoice' ? 'invoice.pdf' : 'interview.wav',
    sequentialByWorkspaceId: 7,
    totalPages: taskType === 'Invoice' ? 1 : 0,
    workspaceConfig: {
      id: workspaceId,
      name: 'Workspace',
      tenantId: tenant.id,
      taskType,
      categories: [],
      fieldsToDetect: [],
      fieldOrder: [],
      requiredFields: [],
      supportedFileTypes: [],
      checkoutExpireMinutes: 15,
      maxFileSizeBytes: 20971520,
      daysUntilHistoryRemoval: 31,
      maxRestartCount: 3,
      hoursUntilTasksConsideredStuck: 1,
    },
    status: 60,
    fromHistory: false,
    isCheckedOut: false,
    isCheckedOutByCurrentUser: false,
    canReview: true,
  };
}

export const handlers = [
  http.get(`${API}/v1/Viewer/ViewerInit`, ({ request }) =>
    HttpResponse.json(viewerInit('Invoice', new URL(request.url).searchParams.get('taskId') ?? 't-1')),
  ),
  http.get(`${API}/v1/Server/Capabilities`, () => HttpResponse.json({ operations: implementedOperations })),
  http.get(`${API}/v1.0/HealthCheck`, () => HttpResponse.json(true)),
  http.get(`${API}/v1/Tenant/UserTenants`, () => HttpResponse.json(tenants)),
  http.get(`${API}/v1/Tenant/GetCurrentSession`, () =>
    HttpResponse.json({
      tenant,
      userId: currentUser.userId,
      userName: currentUser.userName,
      email: currentUser.email,
      role,
      impersonateRole: null,
      abilitiesRoleId: role.id,
      isTenantOwner: false,
      isDefault: true,
    }),
  ),
  http.get(`${API}/v1/SdWorkspace/UserWorkspaces`, notImplemented),
  http.get(`${API}/bookmarks/data`, notImplemented),
  http.get(`${API}/v1/User/GetUserDetails`, () => HttpResponse.json(currentUser)),
  http.get(`${API}/v1/User/GetExternalLogins`, notImplemented),
  http.patch(`${API}/v1/User/ChangeEmail`, notImplemented),
  http.get(`${API}/v1/User/TwoFactor`, notImplemented),
];

/** Server/Capabilities of a server that also implements `extra` (tests answering those calls themselves). */
export const implementing = (...extra: string[]) =>
  http.get(`${API}/v1/Server/Capabilities`, () =>
    HttpResponse.json({ operations: [...implementedOperations, ...extra] }),
  );

/** An older server, without Server/Capabilities: every screen handles the 501 of its own call. */
export const withoutCapabilities = http.get(`${API}/v1/Server/Capabilities`, notImplemented);

export const server = setupServer(...handlers);
