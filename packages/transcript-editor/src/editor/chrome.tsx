/**
 * The review chrome of the editor besides the toolbar (Toolbar.tsx): the save state (always
 * visible, announced politely), the banners (read-only, restored, conflict, finish refused) and
 * the finished screen (a region named by its title).
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

export function Finished({ onOpenTask }: { onOpenTask: (taskId: string) => void }) {
  const { t } = useEditorTranslation();
  const { announcer } = useEditor();
  const nextTask = useSession((s) => s.nextTask);
  const [none, setNone] = useState(false);
  const screen = useRef<HTMLElement | null>(null);
  const titleId = useId();
  // The editor's live region (in the page from its first paint, unlike this screen) says the
  // review is finished. The focus "Finish review" held went with it: once this screen is painted,
  // it goes to the title and, a frame later, to what comes next. Orca takes a focus that follows
  // one left on a removed element silently — it only finds its place again — so the title takes
  // that first focus and "Open the next task" is said. Focus the host put elsewhere stays there.
  useEffect(() => {
    announcer.getState().announce('finished.title');
    let cancel = afterNextPaint(() => {
      const doc = screen.current?.ownerDocument;
      const title = doc?.getElementById(titleId);
      if (!doc || !title || (doc.activeElement !== doc.body && doc.activeElement !== null)) return;
      title.focus();
      cancel = afterNextPaint(() => {
        if (doc.activeElement === title)
          screen.current?.querySelector<HTMLElement>('[data-testid="finished.next"]')?.focus();
      });
    });
    return () => cancel();
  }, [announcer, titleId]);
  return (
    <section className="rd-transcript-state" aria-labelledby={titleId} data-testid="transcript.finished" ref={screen}>
      <h2 className="rd-transcript-state__title" id={titleId} tabIndex={-1}>
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
