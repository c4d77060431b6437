/**
 * The viewer's root element and what it shows in each phase of the session: loading, a task still
 * in the pipeline, a failed one, a load error, else the review workspace (workspace/Workspace.tsx).
 */
import { enumNameOf } from '@reviewdesk/api-client';
import { ErrorState, LoadingState } from '@reviewdesk/ui';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import { useSession, useViewer } from './context.js';
import { Workspace, type WorkspaceProps } from './workspace/Workspace.js';

export interface ViewerLayoutProps extends WorkspaceProps {
  className?: string;
}

export function ViewerLayout({ className, ...workspaceProps }: ViewerLayoutProps) {
  const { t } = useViewerTranslation();
  const phase = useSession((s) => s.phase);
  const name = useSession((s) => s.init?.displayName ?? '');
  const status = useSession((s) => s.init?.status);
  const loadError = useSession((s) => s.loadError);
  const start = useSession((s) => s.start);
  const { root } = useViewer();
  const statusName = status === undefined ? '' : (enumNameOf('TaskStatus', status) ?? String(status));

  let body: React.ReactNode;
  if (phase === 'loading') body = <LoadingState label={t('viewer.loading')} />;
  else if (phase === 'processing')
    body = (
      <div className="rd-viewer-state" role="status" data-testid="viewer.processing">
        <span className="rd-spinner" aria-hidden="true" />
        <h2>{t('viewer.processingTitle')}</h2>
        <p>{t('viewer.processingBody', { status: statusName })}</p>
      </div>
    );
  else if (phase === 'failed')
    body = <ErrorState title={t('viewer.failedTitle')} description={t('viewer.failedBody', { status: statusName })} />;
  else if (phase === 'error')
    body = (
      <ErrorState
        title={t('viewer.errorTitle')}
        description={loadError?.message ?? t('errors.load')}
        onRetry={() => void start()}
      />
    );
  else body = <Workspace {...workspaceProps} />;

  return (
    <section
      ref={root}
      className={['rd-viewer', 'rd-surface', className].filter(Boolean).join(' ')}
      aria-label={t('viewer.label', { name })}
      data-phase={phase}
      data-testid="viewer"
    >
      {body}
    </section>
  );
}
