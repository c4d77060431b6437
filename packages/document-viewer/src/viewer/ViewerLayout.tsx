/**
 * The viewer's root element and what it shows in each phase of the session: loading, a task still
 * in the pipeline, a failed one, a load error, else the review workspace (workspace/Workspace.tsx).
 */
import { isFramePhase, ReviewPhaseState } from '@reviewdesk/ui/review-session';
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

  return (
    <section
      ref={root}
      className={['rd-viewer', 'rd-surface', className].filter(Boolean).join(' ')}
      aria-label={t('viewer.label', { name })}
      data-phase={phase}
      data-testid="viewer"
    >
      {isFramePhase(phase) ? (
        <ReviewPhaseState
          phase={phase}
          status={status}
          error={loadError?.message ?? t('errors.load')}
          onRetry={() => void start()}
          testIdPrefix="viewer"
          text={(key, options) => t(`viewer.${key}`, options)}
        />
      ) : (
        <Workspace {...workspaceProps} />
      )}
    </section>
  );
}
