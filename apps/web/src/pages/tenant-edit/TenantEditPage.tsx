/**
 * /tenant/edit: the @reviewdesk/admin-panels package's <TenantSettings> (its /tenant entry) for the
 * tenant of the session. The open tab lives in the URL (`?tab=secrets`), so a reload or a shared
 * link opens the same tab. Acting as another role changes the abilities, which come with the
 * sign-in: the app reloads, as after a change of tenant.
 */
import { isTenantTab, TenantSettings } from '@reviewdesk/admin-panels/tenant';
import '@reviewdesk/admin-panels/styles.css';
import { useSearchParams } from 'react-router';
import { useEnvironment } from '../../app/environment';

/** Test id: `tenant-settings` (rendered by the package). */
export function TenantEditPage() {
  const [params, setParams] = useSearchParams();
  const { reload } = useEnvironment();
  const tab = params.get('tab');
  return (
    <div className="rd-app-page">
      <TenantSettings
        tab={isTenantTab(tab) ? tab : undefined}
        onNavigate={({ tab: next }) => setParams(next === 'basic' ? {} : { tab: next }, { replace: true })}
        onSaved={({ tab: saved }) => {
          if (saved === 'impersonation') reload();
        }}
      />
    </div>
  );
}
