/**
 * The route tree: the /authentication/* pages, the server-rendered public pages, and inside the
 * app layout every screen of spec §2 behind its permission, plus the status pages.
 */
import { authenticationActions, authenticationPaths } from '@reviewdesk/auth';
import { LoadingState } from '@reviewdesk/ui';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../layout/AppLayout';
import { AuthRoute } from '../pages/AuthRoute';
import { HelpCenterPage } from '../pages/HelpCenterPage';
import { HomePage } from '../pages/HomePage';
import { ProfilePage } from '../pages/profile/ProfilePage';
import { ServerPage } from '../pages/ServerPage';
import { StatusPage } from '../pages/StatusPage';
import { SharedSegmentPage } from '../pages/share/SharedSegmentPage';
import { Guard } from './Guard';
import { HOME_PATH, type ProtectedPath, protectedRoutes, serverPages, statusPaths } from './paths';

/**
 * The feature packages' screens load on first use: the task list and the document viewer (with
 * pdf.js) are most of the app's weight, and a user who opens one need not download the other.
 */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): () => ReactNode {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return () => (
    <Suspense fallback={<LoadingState />}>
      <Screen />
    </Suspense>
  );
}

const TaskListPage = lazyScreen(() => import('../pages/task-list/TaskListPage'), 'TaskListPage');
const BatchListPage = lazyScreen(() => import('../pages/batch-list/BatchListPage'), 'BatchListPage');
const ViewerPage = lazyScreen(() => import('../pages/viewer/ViewerPage'), 'ViewerPage');
const TaskTracesPage = lazyScreen(() => import('../pages/traces/TaskTracesPage'), 'TaskTracesPage');
const WorkspaceEditPage = lazyScreen(() => import('../pages/workspace-edit/WorkspaceEditPage'), 'WorkspaceEditPage');
const MetricsPage = lazyScreen(() => import('../pages/metrics/MetricsPage'), 'MetricsPage');
const ConfigureTemplatesPage = lazyScreen(() => import('../pages/templates/TemplatesPage'), 'ConfigureTemplatesPage');
const LabellingTemplatesPage = lazyScreen(() => import('../pages/templates/TemplatesPage'), 'LabellingTemplatesPage');
const TrainingTemplatesPage = lazyScreen(() => import('../pages/templates/TemplatesPage'), 'TrainingTemplatesPage');
const LicensingPage = lazyScreen(() => import('../pages/licensing/LicensingPage'), 'LicensingPage');
const TenantEditPage = lazyScreen(() => import('../pages/tenant-edit/TenantEditPage'), 'TenantEditPage');

/** The screen of each protected path; typed so a route without a screen does not compile. */
const screens: Record<ProtectedPath, () => ReactNode> = {
  '/home': () => <HomePage />,
  '/metrics': MetricsPage,
  '/templates/configure': ConfigureTemplatesPage,
  '/templates/labelling': LabellingTemplatesPage,
  '/templates/training': TrainingTemplatesPage,
  '/task/list': TaskListPage,
  '/task/viewer': ViewerPage,
  '/task/viewer/documents': ViewerPage,
  // Routed by task type like /task/viewer: a recording gets the media page, never the document viewer.
  '/task/viewer/transcripts': ViewerPage,
  // The template builder: the document viewer with the template's fields (tasks of training workspaces).
  '/task/viewer/templatebuilder': ViewerPage,
  // A task recognized by a custom model is reviewed like any other: its model's boxes and confidences.
  '/task/viewer/custom': ViewerPage,
  '/batch/list': BatchListPage,
  '/task/traces': TaskTracesPage,
  '/workspace/edit': WorkspaceEditPage,
  '/tenant/edit': TenantEditPage,
  '/licensing': LicensingPage,
  '/helpCenter': () => <HelpCenterPage />,
  '/user': () => <ProfilePage />,
};

/** Options of {@link createAppRoutes}. */
export interface AppRoutesOptions {
  /** The path the SPA was loaded at (see ServerPage). */
  initialPath?: string;
}

/** The app's routes, for `createBrowserRouter` (or `createMemoryRouter` in tests). */
export function createAppRoutes({ initialPath }: AppRoutesOptions = {}): RouteObject[] {
  return [
    ...authenticationActions.map((action) => ({
      path: authenticationPaths[action],
      // Keyed: react-router would otherwise keep one page instance, and its state, across actions
      // (logout-callback → logged-out would go on saying "signing out").
      element: <AuthRoute key={action} action={action} />,
    })),
    // The server names this page as the silent sign-in's redirect URI; it is the same callback.
    { path: '/authentication/silent-callback', element: <AuthRoute key="silent" action="login-callback" /> },
    ...serverPages.map((path) => ({ path, element: <ServerPage initialPath={initialPath} /> })),
    // Public: the link's key is the permission, no sign-in (product-spec §1, a shared media segment).
    { path: '/share/segment/:accessKey', element: <SharedSegmentPage /> },
    {
      element: <AppLayout />,
      errorElement: <StatusPage kind="error" />,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        ...protectedRoutes.map(({ path, permission }) => ({
          path,
          element: <Guard permission={permission}>{screens[path]()}</Guard>,
        })),
        { path: statusPaths.notAuthorized, element: <StatusPage kind="not-authorized" /> },
        { path: statusPaths.forbidden, element: <StatusPage kind="forbidden" /> },
        { path: statusPaths.error, element: <StatusPage kind="error" /> },
        { path: '*', element: <StatusPage kind="not-found" /> },
      ],
    },
  ];
}
