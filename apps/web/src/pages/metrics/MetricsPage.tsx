/** /metrics: the @reviewdesk/admin-panels package's <Metrics> (public entry only). */
import { Metrics } from '@reviewdesk/admin-panels';
import '@reviewdesk/admin-panels/styles.css';

/** Test id: `metrics` (rendered by the package). */
export function MetricsPage() {
  return (
    <div className="rd-app-page">
      <Metrics />
    </div>
  );
}
