/**
 * The review chrome of the editor besides the toolbar (Toolbar.tsx): the save state (always
 * visible, announced politely), the banners (read-only, restored, conflict, finish refused) and
 * the finished screen.
 */
import { Button, useUiTranslation } from '@reviewdesk/ui';
import { ReadOnlyMessage, SaveStateBadge } from '@reviewdesk/ui/review-session';
import { useEffect, useRef, useState } from 'react';
import { ExportAction } from '../export/ExportAction.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
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
  const nextTask = useSession((s) => s.nextTask);
  const [none, setNone] = useState(false);
  const screen = useRef<HTMLDivElement | null>(null);
  // "Finish review" is gone with the review: when it held the focus (now on nothing), the focus
  // moves to what comes next, so the keyboard and a screen reader go on from here. Focus the
  // host put elsewhere meanwhile stays there.
  useEffect(() => {
    const doc = screen.current?.ownerDocument;
    if (doc && (doc.activeElement === doc.body || doc.activeElement === null))
      screen.current?.querySelector<HTMLElement>('[data-testid="finished.next"]')?.focus();
  }, []);
  return (
    <div className="rd-transcript-state" role="status" data-testid="transcript.finished" ref={screen}>
      <h2 className="rd-transcript-state__title">{t('finished.title')}</h2>
      {none ? <p>{t('finished.none')}</p> : null}
      <Button
        variant="primary"
        onClick={async () => {
          const id = await nextTask();
          if (id) onOpenTask(id);
          else setNone(true);
        }}
        data-testid="finished.next"
      >
        {t('finished.next')}
      </Button>
      <ExportAction />
    </div>
  );
}
