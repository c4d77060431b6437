/**
 * The editor's screen for each phase of the session: loading, still processing, failed, could not
 * open, finished, and the review itself (toolbar, banners, the media with its waveform, and the
 * paragraphs). The word highlight follows playback here, outside React's rendering, and the
 * keyboard shortcuts listen on the editor's root. The annotations are listed beside the paragraphs.
 */
import { isFramePhase, ReviewPhaseState } from '@reviewdesk/ui/review-session';
import { AnnotationsPanel } from '../annotations/AnnotationsPanel.js';
import { DocAiSlot } from '../docai/DocAiSlot.js';
import { ExportDialog } from '../export/ExportAction.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { MediaPlayer } from '../player/MediaPlayer.js';
import { SearchPanel } from '../search/SearchPanel.js';
import { SpeakersDialog } from '../speakers/SpeakersDialog.js';
import { TaskSummary } from '../summary/TaskSummary.js';
import { PredefinedTextsPicker } from '../texts/PredefinedTextsPicker.js';
import { Banners, Finished } from './chrome.js';
import { useEditor, useSession } from './context.js';
import { EditorShortcutsHelp } from './EditorShortcutsHelp.js';
import { LiveAnnouncer } from './LiveAnnouncer.js';
import { ParagraphList } from './ParagraphList.js';
import { ShareSegmentDialog } from './ShareSegmentAction.js';
import { Toolbar } from './Toolbar.js';
import { useEditorShortcuts } from './useEditorShortcuts.js';
import { useWordHighlight } from './useWordHighlight.js';

export interface EditorLayoutProps {
  className?: string;
  onOpenTask: (taskId: string) => void;
}

export function EditorLayout({ className, onOpenTask }: EditorLayoutProps) {
  const { t } = useEditorTranslation();
  const editor = useEditor();
  const { session, playback, root } = editor;
  const phase = useSession((s) => s.phase);
  const status = useSession((s) => s.init?.status);
  const name = useSession((s) => s.init?.displayName ?? '');
  const subtitles = useSession((s) => s.init?.workspaceConfig.taskType === 'Subtitles');
  const loadError = useSession((s) => s.loadError);
  useWordHighlight(root, session, playback);
  useEditorShortcuts(editor);

  const classes = ['rd-transcript', 'rd-surface', className].filter(Boolean).join(' ');
  const body = () => {
    if (isFramePhase(phase))
      return (
        <ReviewPhaseState
          phase={phase}
          status={status}
          error={loadError?.message}
          onRetry={() => {
            session.setState({ phase: 'loading', loadError: null });
            void session.getState().start();
          }}
          testIdPrefix="transcript"
          text={(key, options) => t(`editor.${key}`, options)}
        />
      );
    switch (phase) {
      case 'finished':
        return <Finished onOpenTask={onOpenTask} />;
      default:
        return (
          <>
            <Toolbar />
            <SearchPanel />
            <Banners />
            <div className="rd-transcript__body">
              <MediaPlayer />
              <div className="rd-transcript__main">
                <ParagraphList label={subtitles ? t('editor.subtitles') : t('editor.transcript')} />
                <AnnotationsPanel />
              </div>
            </div>
            <DocAiSlot />
            <TaskSummary />
            <EditorShortcutsHelp />
            <SpeakersDialog />
            <PredefinedTextsPicker />
            <ShareSegmentDialog />
            <ExportDialog />
          </>
        );
    }
  };
  return (
    <section
      ref={root}
      // Focusable by script only: where the focus goes back to when an overlay closes.
      tabIndex={-1}
      className={classes}
      aria-label={t('editor.label', { name })}
      data-testid="transcript-editor"
      data-phase={phase}
    >
      {body()}
      <LiveAnnouncer />
    </section>
  );
}
