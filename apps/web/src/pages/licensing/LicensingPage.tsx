/**
 * /licensing: the @reviewdesk/admin-panels package's <Licensing> (its /licensing entry). The open tab
 * lives in the URL (`?tab=usage-history`), so a reload or a shared link opens the same tab.
 */
import { isLicensingTab, Licensing } from '@reviewdesk/admin-panels/licensing';
import '@reviewdesk/admin-panels/styles.css';
import { useSearchParams } from 'react-router';

/** Test id: `licensing` (rendered by the package). */
export function LicensingPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  return (
    <div className="rd-app-page">
      <Licensing
        tab={isLicensingTab(tab) ? tab : undefined}
        onNavigate={({ tab: next }) => setParams(next === 'licences' ? {} : { tab: next }, { replace: true })}
      />
    </div>
  );
}
