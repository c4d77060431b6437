/**
 * /user: the @reviewdesk/admin-panels package's <UserProfile> (its own `profile` entry). The open
 * tab lives in the URL (`?tab=password`), so a reload or a shared link opens the same tab. After
 * the person deletes their account, the app signs them out.
 */

import { isProfileTab, UserProfile } from '@reviewdesk/admin-panels/profile';
import { authenticationPaths } from '@reviewdesk/auth';
import '@reviewdesk/admin-panels/styles.css';
import { useNavigate, useSearchParams } from 'react-router';

/** Test id: `profile` (rendered by the package). */
export function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.get('tab');
  return (
    <div className="rd-app-page">
      <UserProfile
        tab={isProfileTab(tab) ? tab : undefined}
        onNavigate={({ tab: next }) => setParams(next === 'email' ? {} : { tab: next }, { replace: true })}
        onAccountDeleted={() => void navigate(authenticationPaths.logout)}
      />
    </div>
  );
}
