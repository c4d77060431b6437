/**
 * What a reviewer meets of the administration screens: none of them in the menu, each address
 * (workspace edit, tenant edit, licensing) landing on /not-authorized, and every configuration call
 * those screens make answering 403 to the reviewer's own token — the server refuses what the app
 * hides. The calls are the ones the screens of @reviewdesk/admin-panels send (reads of settings and
 * every change); what a reviewer's own work needs is not among them: its workspaces, the fields, its
 * session, and the predefined texts and speakers, which reviewers keep from the viewer and the
 * transcript editor (Task.Review, apps/server/src/http/handlers/workspaces.ts).
 */
import { expect, it } from 'vitest';
import { byTestId } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

const SCREENS = [
  { menu: 'workspace-edit', path: '/workspace/edit' },
  { menu: 'tenant-edit', path: '/tenant/edit' },
  { menu: 'licensing', path: '/licensing' },
];

/**
 * `{ws}` is the reviewer's own workspace: refused for want of the permission, not for a wrong id.
 * Bodies are an empty object of the call's shape, so that only the permission can refuse.
 */
const CALLS: ReadonlyArray<readonly [method: string, path: string]> = [
  ['GET', '/License/Get'],
  ['GET', '/License/GetLicenseHistory'],
  ['POST', '/License/GetLicenseVolumeHistory'],
  ['POST', '/License/Activate'],
  ['GET', '/Notification/NotificationConfig/{ws}'],
  ['PATCH', '/Notification/NotificationConfig/{ws}'],
  ['PATCH', '/SdWorkspace/basic'],
  ['GET', '/SdWorkspace/AdvancedSettings/{ws}'],
  ['PATCH', '/SdWorkspace/AdvancedSettings/{ws}'],
  ['PATCH', '/SdWorkspace/Fields/{ws}'],
  ['PATCH', '/SdWorkspace/Storage/{ws}'],
  ['DELETE', '/SdWorkspace/Storage/{ws}'],
  ['GET', '/SdWorkspace/IntegrationStepConfigs/{ws}'],
  ['GET', '/SdWorkspace/AvailableHooks'],
  ['PATCH', '/SdWorkspace/RecognizerHooks/{ws}'],
  ['GET', '/SdWorkspace/Users/{ws}'],
  ['GET', '/SdWorkspace/CheckIfUserCanBeInvited?email=someone%40example.test&workspaceId={ws}'],
  ['POST', '/SdWorkspace/InviteUser'],
  ['PATCH', '/SdWorkspace/UpdateUserStatus'],
  ['PATCH', '/SdWorkspace/DefaultAssignments/{ws}'],
  ['GET', '/Tenant/AllUsers'],
  ['GET', '/Tenant/CheckIfUserCanBeInvited?email=someone%40example.test'],
  ['POST', '/Tenant/InviteUser'],
  ['PATCH', '/Tenant/Update'],
  ['PATCH', '/Tenant/UpdateUserRole'],
  ['PATCH', '/Tenant/UpdateUserStatus'],
  ['GET', '/Tenant/Secrets'],
  ['POST', '/Tenant/Secrets/Create'],
  ['POST', '/Tenant/Connectors/GetSharePointConnections'],
  ['POST', '/Tenant/Connectors/UpsertSharePointConnection'],
];

it('shows a reviewer none of the administration screens, and the server refuses each of their calls', {
  timeout: 120_000,
}, async () => {
  const s = current();
  const { shell, token } = await signInThroughLoginPage(s, demoAccount('Reviewer'));
  for (const screen of SCREENS) expect(await shell.menuEntry(screen.menu).count(), screen.menu).toBe(0);
  for (const screen of SCREENS) {
    await s.page.goto(screen.path);
    await byTestId(s.page, 'status.not-authorized').waitFor();
    expect(shell.pathname(), screen.path).toBe('/not-authorized');
  }
  await settle(s);
  await s.screenshot('admin-screens-forbidden-reviewer');
  expect(s.problems).toEqual([]);

  const authorization = `Bearer ${await token()}`;
  const workspaces = await fetch(`${s.baseUrl}/api/v1/SdWorkspace/UserWorkspaces?workspaceType=10`, {
    headers: { authorization },
  });
  expect(workspaces.status).toBe(200);
  const [own] = (await workspaces.json()) as Array<{ workspaceId: string }>;
  expect(own).toBeDefined();
  const answers: string[] = [];
  for (const [method, path] of CALLS) {
    const withBody = method !== 'GET' && method !== 'DELETE';
    const response = await fetch(`${s.baseUrl}/api/v1${path.replace('{ws}', own?.workspaceId ?? '')}`, {
      method,
      headers: withBody ? { authorization, 'content-type': 'application/json' } : { authorization },
      body: withBody ? '{}' : undefined,
    });
    answers.push(`${response.status} ${method} ${path}`);
  }
  expect(answers).toEqual(CALLS.map(([method, path]) => `403 ${method} ${path}`));
});
