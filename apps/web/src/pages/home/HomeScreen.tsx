/**
 * The @reviewdesk/admin-panels package's <Home> in the app: a hit or a task opens in its viewer
 * (at the hit's page or time), a workspace's count opens its task list, a bookmark its page.
 * Loaded on first use with the package (HomePage.tsx), so the greeting never waits for it.
 */
import { Home } from '@reviewdesk/admin-panels';
import '@reviewdesk/admin-panels/styles.css';
import { usePreferences } from '@reviewdesk/ui';
import { useNavigate } from 'react-router';
import { taskAddress } from '../taskAddress';

export function HomeScreen() {
  const navigate = useNavigate();
  const rememberWorkspace = usePreferences((p) => p.rememberWorkspace);
  return (
    <Home
      taskHref={taskAddress}
      onOpenTask={(event) => navigate(taskAddress(event))}
      onOpenWorkspace={(workspaceId) => {
        rememberWorkspace(workspaceId);
        navigate('/task/list');
      }}
      onOpenLink={({ link }) => navigate(link)}
    />
  );
}
