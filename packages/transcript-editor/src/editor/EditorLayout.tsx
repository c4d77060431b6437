/**
 * The editor's screen for each phase of the session: loading, still processing, failed, could not
 * open, finished, and the review itself (toolbar, banners, the media with its waveform, and the
 * paragraphs). The word highlight follows playback here, outside React's rendering.
 */
import { Button } from '@reviewdesk/ui';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { MediaPlayer } from '../player/MediaPlayer.js';
import { TaskSummary } from '../summary/TaskSummary.js';
import { Banners, Finished, Toolbar } from './chrome.js';
import { useEditor, useSession } from './context.js';
import { ParagraphList } from './ParagraphList.js';
import { useWordHighlight } from './useWordHighlight.js';

export interface EditorLayoutProps {
  className?: string;
  onOpenTask: (taskId: string) => void;
}

export function EditorLayout({ className, onOpenTask }: EditorLayoutProps) {
  const { t } = useEditorTranslation();
  const { session, playback, root } = useEditor();
  const phase = useSession((s) => s.phase);
  const status = useSession((s) => s.init?.status);
  const name = useSession((s) => s.init?.displayName ?? '');
  const subtitles = useSession((s) => s.init?.workspaceConfig.taskType === 'Subtitles');
  const loadError = useSession((s) => s.loadError);
  useWordHighlight(root, session, playback);

  const classes = ['rd-transcript', 'rd-surface', className].filter(Boolean).join(' ');
  const body = () => {
    switch (phase) {
      case 'loading':
        return (
          <div className="rd-transcript-state" role="status" data-testid="transcript.loading">
            <span className="rd-spinner" aria-hidden="true" />
            {t('editor.loading')}
          </div>
        );
      case 'processing':
        return (
          <div className="rd-transcript-state" role="status" data-testid="transcript.processing">
            <h2 className="rd-transcript-state__title">{t('editor.processingTitle')}</h2>
            <p>{t('editor.processingBody', { status: String(status ?? '') })}</p>
          </div>
        );
      case 'failed':
        return (
          <div className="rd-transcript-state" role="alert" data-testid="transcript.failed">
            <h2 className="rd-transcript-state__title">{t('editor.failedTitle')}</h2>
            <p>{t('editor.failedBody', { status: String(status ?? '') })}</p>
          </div>
        );
      case 'error':
        return (
          <div className="rd-transcript-state" role="alert" data-testid="transcript.error">
            <h2 className="rd-transcript-state__title">{t('editor.errorTitle')}</h2>
            {loadError?.message ? <p>{loadError.message}</p> : null}
            <Button
              onClick={() => {
                session.setState({ phase: 'loading', loadError: null });
                void session.getState().start();
              }}
            >
              {t('editor.retry')}
            </Button>
          </div>
        );
      case 'finished':
        return <Finished onOpenTask={onOpenTask} />;
      default:
        return (
          <>
            <Toolbar />
            <Banners />
            <div className="rd-transcript__body">
              <MediaPlayer />
              <ParagraphList label={subtitles ? t('editor.subtitles') : t('editor.transcript')} />
            </div>
            <TaskSummary />
          </>
        );
    }
  };
  return (
    <section
      ref={root}
      className={classes}
      aria-label={t('editor.label', { name })}
      data-testid="transcript-editor"
      data-phase={phase}
    >
      {body()}
    </section>
  );
}
