/**
 * The review chrome of the editor: the save state (always visible, announced politely), the
 * checkout countdown (ticking in its own component only), export, undo/redo, save now, finish and cancel,
 * the banners (read-only, restored, conflict, finish refused) and the finished screen.
 */
import { Button, useUiTranslation } from '@reviewdesk/ui';
import { CheckoutCountdown, ReadOnlyMessage, SaveStateBadge } from '@reviewdesk/ui/review-session';
import { useState } from 'react';
import { DocAiButton } from '../docai/DocAiButton.js';
import { ExportAction } from '../export/ExportAction.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { PredefinedTextsButton } from '../texts/PredefinedTextsPicker.js';
import { useEditor, useSession } from './context.js';
import { IconButton } from './IconButton.js';
import { ShareSegmentAction } from './ShareSegmentAction.js';
import { runShortcut } from './shortcut-commands.js';
import { keysOf } from './shortcuts.js';

const STYLES = ['bold', 'italic', 'underline'] as const;
/** Each style's glyph drawn in that style: the culture's letter, as its word processors show it. */
const STYLE_GLYPHS = {
  bold: (letter: string) => <b>{letter}</b>,
  italic: (letter: string) => <i>{letter}</i>,
  underline: (letter: string) => <u>{letter}</u>,
} as const;

export function SaveIndicator() {
  const state = useSession((s) => s.saveState);
  return <SaveStateBadge state={state} />;
}

export function Toolbar() {
  const { t } = useEditorTranslation();
  const review = useSession((s) => s.mode === 'review');
  const canUndo = useSession((s) => s.past.length > 0 && !s.conflict);
  const canRedo = useSession((s) => s.future.length > 0 && !s.conflict);
  const finishing = useSession((s) => s.finishing);
  const checkoutUntil = useSession((s) => s.checkout?.until);
  const editor = useEditor();
  const { session, panels } = editor;
  const actions = session.getState();
  return (
    <div className="rd-transcript-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
      <SaveIndicator />
      <CheckoutCountdown until={checkoutUntil} />
      <span className="rd-transcript-toolbar__spacer" />
      <Button
        size="sm"
        variant="ghost"
        onClick={() => panels.setState((p) => ({ search: true, searchFocus: p.searchFocus + 1 }))}
        aria-keyshortcuts={keysOf('search')}
        data-testid="toolbar.search"
      >
        {t('toolbar.search')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => panels.setState({ speakers: true })}
        data-testid="toolbar.speakers"
      >
        {t('toolbar.speakers')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => panels.setState({ help: true })}
        aria-keyshortcuts={keysOf('help')}
        data-testid="toolbar.shortcuts"
      >
        {t('toolbar.shortcuts')}
      </Button>
      <ShareSegmentAction />
      <ExportAction />
      <DocAiButton />
      {review ? (
        <>
          <span className="rd-transcript-toolbar__group">
            {STYLES.map((style) => (
              <IconButton
                key={style}
                label={t(`style.${style}`)}
                glyph={STYLE_GLYPHS[style](t(`styleGlyph.${style}`))}
                keys={keysOf(style)}
                // The word being formatted keeps the focus: the button is pressed without taking it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => runShortcut(editor, style)}
                data-testid={`toolbar.${style}`}
              />
            ))}
          </span>
          <PredefinedTextsButton />
          <Button
            size="sm"
            variant="ghost"
            disabled={!canUndo}
            onClick={() => actions.undo()}
            aria-keyshortcuts={keysOf('undo')}
            data-testid="toolbar.undo"
          >
            {t('toolbar.undo')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={!canRedo}
            onClick={() => actions.redo()}
            aria-keyshortcuts={keysOf('redo')}
            data-testid="toolbar.redo"
          >
            {t('toolbar.redo')}
          </Button>
          <Button
            size="sm"
            onClick={() => void actions.flush()}
            aria-keyshortcuts={keysOf('save')}
            data-testid="toolbar.save"
          >
            {t('toolbar.saveNow')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void actions.cancel()} data-testid="toolbar.cancel">
            {t('toolbar.cancel')}
          </Button>
          <Button
            size="sm"
            variant="primary"
            disabled={finishing}
            onClick={() => void actions.finish()}
            data-testid="toolbar.finish"
          >
            {finishing ? t('toolbar.finishing') : t('toolbar.finish')}
          </Button>
        </>
      ) : null}
    </div>
  );
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
  return (
    <div className="rd-transcript-state" role="status" data-testid="transcript.finished">
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
