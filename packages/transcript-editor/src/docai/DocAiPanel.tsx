/**
 * DocAI beside the transcript: the shared chat (`@reviewdesk/ui/docai`) asked about this
 * recording, whose citations say when the passage is said ("at 1:23") and, opened, play the
 * recording from the passage's first word with its paragraph scrolled into view. Opening puts the
 * focus in the question; Escape or the close button closes it and gives the focus back to the
 * toolbar's button. Loaded on demand (DocAiSlot), so an editor never opened on it does not carry it.
 */
import { Button, clockTime } from '@reviewdesk/ui';
import { type ChatReference, DocAiChat, useDocAiTranslation } from '@reviewdesk/ui/docai';
import { useEffect, useRef } from 'react';
import { useEditor, useSession } from '../editor/context.js';
import { focusToolbarAction } from '../editor/toolbar-focus.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { citedPosition } from './cited-passage.js';
import { DOCAI_BUTTON_TEST_ID } from './docai-offered.js';

export function DocAiPanel() {
  const { t } = useDocAiTranslation();
  const { t: editor } = useEditorTranslation();
  const { session, playback, list, panels, root } = useEditor();
  const taskId = useSession((s) => s.taskId);
  const workspaceId = useSession((s) => s.init?.workspaceConfig.id ?? null);
  const panel = useRef<HTMLElement | null>(null);

  useEffect(() => {
    // The question, or the close button while DocAI says it is not available.
    (
      panel.current?.querySelector<HTMLElement>('input') ?? panel.current?.querySelector<HTMLElement>('button')
    )?.focus();
  }, []);

  if (!taskId || !workspaceId) return null;

  /** The passage's time: its first word's when the transcript still holds it, else the cited one. */
  const timeOf = (reference: ChatReference) => {
    if (reference.startTimeSeconds == null) return null;
    const transcript = session.getState().transcript;
    const at = transcript ? citedPosition(transcript, reference.startTimeSeconds, reference.text) : null;
    return { at, seconds: at?.seconds ?? reference.startTimeSeconds };
  };
  const close = () => {
    panels.setState({ docai: false });
    focusToolbarAction(root.current, DOCAI_BUTTON_TEST_ID);
  };

  return (
    <aside
      ref={panel}
      className="rd-transcript-docai"
      aria-label={t('label')}
      data-testid="docai"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <div className="rd-transcript-docai__header">
        <h2 className="rd-transcript-docai__title">{t('title')}</h2>
        <Button size="sm" variant="ghost" onClick={close} data-testid="docai.close">
          {t('close')}
        </Button>
      </div>
      <DocAiChat
        taskId={taskId}
        workspaceId={workspaceId}
        subject="recording"
        citationPlace={(reference) => {
          const time = timeOf(reference);
          return time ? editor('docai.at', { time: clockTime(time.seconds) }) : null;
        }}
        onOpenCitation={(reference) => {
          const time = timeOf(reference);
          if (!time) return;
          playback.seek(time.seconds);
          if (time.at) list.current?.reveal(time.at.paragraph);
        }}
      />
    </aside>
  );
}
