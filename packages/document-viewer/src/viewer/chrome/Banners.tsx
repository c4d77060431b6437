/**
 * Notices above the pages: why the viewer is read-only, pages in conflict with their choices,
 * edits restored from this device, and why finishing was refused.
 */
import { Button } from '@reviewdesk/ui';
import { ReadOnlyMessage } from '@reviewdesk/ui/review-session';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useSession } from '../context.js';

export function Banners() {
  const { t } = useViewerTranslation();
  const reason = useSession((s) => s.readOnlyReason);
  const holder = useSession((s) => s.holder);
  const conflicts = useSession((s) => s.conflicts);
  const restored = useSession((s) => s.restoredPages);
  const finishError = useSession((s) => s.finishError);
  const resolve = useSession((s) => s.resolveConflict);
  const dismiss = useSession((s) => s.dismissRestored);
  const phase = useSession((s) => s.phase);
  const conflictPages = Object.keys(conflicts).map(Number);

  return (
    <div className="rd-viewer-banners">
      {reason && phase !== 'finished' ? (
        <div
          className="rd-viewer-banner"
          data-tone={reason === 'checkout-lost' ? 'danger' : 'info'}
          role="status"
          data-testid="banner.read-only"
        >
          <ReadOnlyMessage reason={reason} holder={holder} />
        </div>
      ) : null}
      {conflictPages.map((page) => (
        <div key={page} className="rd-viewer-banner" data-tone="danger" role="alert" data-testid="banner.conflict">
          <div>
            <strong>{t('conflict.title', { page })}</strong>
            <p>{t('conflict.body')}</p>
            {conflicts[page]?.serverVersion !== undefined ? (
              <p className="rd-viewer-banner__detail">
                {conflicts[page]?.changedBy
                  ? t('conflict.changedBy', {
                      name: conflicts[page]?.changedBy,
                      version: conflicts[page]?.serverVersion,
                    })
                  : t('conflict.changedByProcessing', { version: conflicts[page]?.serverVersion })}
              </p>
            ) : null}
          </div>
          <div className="rd-viewer-banner__actions">
            <Button size="sm" onClick={() => void resolve(page, 'theirs')}>
              {t('conflict.keepTheirs')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => void resolve(page, 'mine')}>
              {t('conflict.keepMine')}
            </Button>
          </div>
        </div>
      ))}
      {restored.length ? (
        <div className="rd-viewer-banner" data-tone="info" role="status" data-testid="banner.restored">
          <p>
            {t(restored.length === 1 ? 'restored.body_one' : 'restored.body_other', { pages: restored.join(', ') })}
          </p>
          <Button size="sm" variant="ghost" onClick={dismiss}>
            {t('restored.dismiss')}
          </Button>
        </div>
      ) : null}
      {finishError ? (
        <div className="rd-viewer-banner" data-tone="danger" role="alert" data-testid="banner.finish-error">
          {t(`finish.${finishError}`)}
        </div>
      ) : null}
    </div>
  );
}
