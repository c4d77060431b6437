/**
 * The review chrome of the editor besides the toolbar (Toolbar.tsx): the save state (always
 * visible, announced politely), the banners (read-only, restored, conflict, finish refused) and
 * the finished screen (a region named by its title, so focus entering it says it).
 */
import { Button, useUiTranslation } from '@reviewdesk/ui';
import { ReadOnlyMessage, SaveStateBadge } from '@reviewdesk/ui/review-session';
import { useEffect, useId, useRef, useState } from 'react';
import { ExportAction } from '../export/ExportAction.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { afterNextPaint } from '../session/after-paint.js';
import { useEditor, useSession } from './context.js';

export function SaveIndicator() {
  const state = useSession((s) => s.saveState);
  return <SaveStateBadge state={state} />;
}

export function Banners() {
  const { t } = useEditorTranslation();
  const { t: ui } = useUiTranslation();
  const reason = useSession((s) => s.readOnlyReason);
  const holder = useSession((s) => s.holder);
  const restored = useSession((s) => s.restored);
  const conflict = useSession((s) => s.conflict !== null);
  const finishError = useSession((s) => s.finishError);
  const actions = useEditor().session.getState();
  return (
    <div className="rd-transcript-banners">
      {reason ? (
        <p className="rd-transcript-banner" data-tone="info" role="status" data-testid="banner.read-only">
          <ReadOnlyMessage reason={reason} holder={holder} />
        </p>
      ) : null}
      {restored ? (
        <p className="rd-transcript-banner" data-tone="info" role="status" data-testid="banner.restored">
          {t('banner.restored')}{' '}
          <Button size="sm" variant="ghost" onClick={() => actions.dismissRestored()}>
            {ui('common.dismiss')}
          </Button>
        </p>
      ) : null}
      {conflict ? (
        <div className="rd-transcript-banner" data-tone="warning" role="alert" data-testid="banner.conflict">
          {t('banner.conflict')}{' '}
          <Button size="sm" onClick={() => void actions.resolveConflict('mine')} data-testid="conflict.mine">
            {t('banner.keepMine')}
          </Button>{' '}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void actions.resolveConflict('theirs')}
            data-testid="conflict.theirs"
          >
            {t('banner.keepTheirs')}
          </Button>
        </div>
      ) : null}
      {finishError ? (
        <p className="rd-transcript-banner" data-tone="danger" role="alert" data-testid="banner.finish-error">
          {finishError === 'unsaved' ? t('banner.finishUnsaved') : t('banner.finishServer')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Finishing removes the review with "Finish review", which holds the focus. A focus left on a
 * removed element is a dead end for a screen reader: Orca then took the next focus ("Open the next
 * task") silently. So the focus steps onto the editor itself, which stays, in the same task that
 * finishes — before the review is drawn away — and the finished screen takes it from there.
 */
export function useFocusKeptThroughFinish() {
  const { session, root } = useEditor();
  useEffect(
    () =>
      session.subscribe((now, before) => {
        if (now.phase !== 'finished' || before.phase === 'finished') return;
        const editor = root.current;
        const active = editor?.ownerDocument.activeElement;
        if (editor && active && active !== editor && editor.contains(active)) editor.focus();
      }),
    [session, root],
  );
}

export function Finished({ onOpenTask }: { onOpenTask: (taskId: string) => void }) {
  const { t } = useEditorTranslation();
  const { announcer, root } = useEditor();
  const nextTask = useSession((s) => s.nextTask);
  const [none, setNone] = useState(false);
  const screen = useRef<HTMLDivElement | null>(null);
  const titleId = useId();
  // The focus finishing left on the editor (useFocusKeptThroughFinish), or on nothing, moves to
  // what comes next, and entering the region named "Review finished" says both in one utterance
  // ("Review finished, Open the next task, button"). The move waits for the screen to be painted:
  // made in the frame that replaced the review, it reached the accessibility tree with the
  // removal. Focus the host put elsewhere meanwhile stays there, and the editor's live region
  // (present from its first paint, unlike this screen) says the review is finished instead.
  useEffect(
    () =>
      afterNextPaint(() => {
        const doc = screen.current?.ownerDocument;
        const next = screen.current?.querySelector<HTMLElement>('[data-testid="finished.next"]');
        const active = doc?.activeElement;
        if (next && doc && (active === doc.body || active === null || active === root.current)) next.focus();
        else announcer.getState().announce('finished.title');
      }),
    [announcer, root],
  );
  return (
    <section className="rd-transcript-state" aria-labelledby={titleId} data-testid="transcript.finished" ref={screen}>
      <h2 className="rd-transcript-state__title" id={titleId}>
        {t('finished.title')}
      </h2>
      {none ? <p data-testid="finished.none">{t('finished.none')}</p> : null}
      <Button
        variant="primary"
        onClick={async () => {
          const id = await nextTask();
          if (id) onOpenTask(id);
          else {
            setNone(true);
            // The focus stays on the button: the editor's live region says there is none.
            announcer.getState().announce('finished.none');
          }
        }}
        data-testid="finished.next"
      >
        {t('finished.next')}
      </Button>
      <ExportAction />
    </section>
  );
}
