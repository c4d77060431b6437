/**
 * The provider of the admin-panels stories: the toolbar's skin, locale and permissions, every
 * administration ability unless a story passes its own, and a query client that does not retry.
 */
import { createApiClient } from '@reviewdesk/api-client';
import { type Ability, ReviewdeskProvider } from '@reviewdesk/ui';
import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { adminPanelsResources } from '../i18n/allStrings';
import { useAdminPanelsStrings } from '../i18n/resources';

/** A client on Storybook's own origin, where MSW answers. */
const storyApi = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });

const toAbilities = (permissions: string[]): Ability[] =>
  permissions.map((p) => {
    // The action keeps its own dots: `Workspace.UpdateUserStatus.Reviewer`.
    const dot = p.indexOf('.');
    return { subject: p.slice(0, dot), action: p.slice(dot + 1) };
  });

/** Everything an administrator of a tenant holds (the "all" of the permissions toolbar). */
export const ADMIN_ABILITIES = toAbilities([
  ...['View', 'Edit', 'ListUsers', 'AddUsers', 'UpdateUserStatus', 'EditAdvancedSettings', 'EditBasic'].map(
    (a) => `Workspace.${a}`,
  ),
  ...['EditFields', 'UpdateExport', 'ForDevelopers', 'RedirectQueues', 'ManageStorage', 'ManageHooks'].map(
    (a) => `Workspace.${a}`,
  ),
  'Workspace.Notifications',
  ...['Administrator', 'Manager', 'Creator', 'Reviewer', 'Viewer'].map((r) => `Workspace.UpdateUserStatus.${r}`),
  ...['View', 'Edit', 'ListUsers', 'AddUsers', 'UpdateUserRole', 'UpdateUserStatus', 'EditBasic'].map(
    (a) => `Tenant.${a}`,
  ),
  'Licensing.View',
  'Licensing.ActivateLicense',
  'Licensing.ViewUsageHistory',
  'User.Profile',
  // What the workspace tabs use of the tasks: default assignees, reprocessing after a field change.
  'Task.EditAssignments',
  'Task.ReprocessMany',
]);

export { toAbilities };

/** The package's strings, for stories that render an inner part without its screen around it. */
function AdminPanelsStrings({ children }: { children: ReactNode }) {
  useAdminPanelsStrings(adminPanelsResources);
  return <>{children}</>;
}

export function StoryProvider({
  globals,
  grants,
  children,
}: {
  globals: Record<string, unknown>;
  /** The abilities of this story's person, instead of an administrator's. */
  grants?: Ability[];
  children: ReactNode;
}) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <ReviewdeskProvider
      client={storyApi}
      queryClient={queryClient}
      locale={String(globals.locale ?? 'pt')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      abilities={globals.permissions === 'none' ? [] : (grants ?? ADMIN_ABILITIES)}
      preferencesStorage={null}
    >
      <AdminPanelsStrings>
        <div style={{ padding: 16 }}>{children}</div>
      </AdminPanelsStrings>
    </ReviewdeskProvider>
  );
}
