/** The status screens of spec §2: /not-authorized, /forbidden, /error, and any unknown address. */
import { Button, ErrorState, PermissionDeniedState } from '@reviewdesk/ui';
import { useNavigate } from 'react-router';
import type { WebKey } from '../i18n/resources';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { HOME_PATH } from '../routes/paths';

/** Which status screen. */
export type StatusKind = 'not-authorized' | 'forbidden' | 'error' | 'not-found';

const texts: Record<StatusKind, { title: WebKey; description: WebKey }> = {
  'not-authorized': { title: 'status.notAuthorizedTitle', description: 'status.notAuthorizedDescription' },
  forbidden: { title: 'status.forbiddenTitle', description: 'status.forbiddenDescription' },
  error: { title: 'status.errorTitle', description: 'status.errorDescription' },
  'not-found': { title: 'status.notFoundTitle', description: 'status.notFoundDescription' },
};

/** Test id: `status.<kind>` (e.g. `status.not-authorized`), `status.home`. */
export function StatusPage({ kind }: { kind: StatusKind }) {
  const { t } = useWebTranslation();
  const navigate = useNavigate();
  const home = (
    <Button variant="primary" data-testid="status.home" onClick={() => void navigate(HOME_PATH)}>
      {t('status.backHome')}
    </Button>
  );
  const props = { title: t(texts[kind].title), description: t(texts[kind].description), action: home };
  return (
    <div className="rd-app-page" data-testid={`status.${kind}`}>
      <h1 className="rd-visually-hidden">{props.title}</h1>
      {kind === 'not-authorized' || kind === 'forbidden' ? (
        <PermissionDeniedState {...props} />
      ) : (
        <ErrorState {...props} />
      )}
    </div>
  );
}
