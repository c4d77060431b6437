/**
 * What the review toolbar offers, each action once: the button the row shows and the item(s) the
 * "More" menu shows instead when the row has no room, with the same name, shortcut and state.
 * Every shortcut works wherever its button is (the keys are handled on the editor's root).
 */
import { Button, type MenuItem } from '@reviewdesk/ui';
import { useDocAiTranslation } from '@reviewdesk/ui/docai';
import { type ReactNode, useMemo } from 'react';
import { useDocAiOffered } from '../docai/docai-offered.js';
import { useCanExport } from '../export/ExportAction.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { openPredefinedTexts } from '../texts/insert-target.js';
import { usePredefinedTexts } from '../texts/PredefinedTextsPicker.js';
import { useEditor, usePanels, useSession } from './context.js';
import { IconButton } from './IconButton.js';
import { useCanShareSegment } from './ShareSegmentAction.js';
import { runShortcut } from './shortcut-commands.js';
import { keysOf } from './shortcuts.js';

/** One action of the toolbar (the three text styles are one: they stay or go together). */
export interface ToolbarEntry {
  id: string;
  /** What the row shows. */
  button: ReactNode;
  /** What the menu shows when the row has no room for it. */
  items: MenuItem[];
}

/**
 * The order in which actions keep their place in the row, the most used first: finishing, undo
 * and the text styles are what a reviewer reaches for all along; DocAI, sharing and the list of
 * shortcuts (also "?") are occasional, so they are the first to move into the menu.
 */
export const KEPT_LONGEST_FIRST = [
  'finish',
  'undo',
  'redo',
  'styles',
  'search',
  'save',
  'speakers',
  'texts',
  'export',
  'cancel',
  'share',
  'docai',
  'shortcuts',
] as const;

const STYLES = ['bold', 'italic', 'underline'] as const;
/** Each style's glyph drawn in that style: the culture's letter, as its word processors show it. */
const STYLE_GLYPHS = {
  bold: (letter: string) => <b>{letter}</b>,
  italic: (letter: string) => <i>{letter}</i>,
  underline: (letter: string) => <u>{letter}</u>,
} as const;
/** Pressed without taking the focus: the word or caret it acts on keeps it. */
const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

interface Action extends MenuItem {
  variant?: 'ghost' | 'secondary' | 'primary';
  testId: string;
  keepsFocus?: boolean;
  expanded?: boolean;
  /**
   * At work (finishing): the button says so and ignores presses but keeps the focus, where a
   * disabled one drops it on the page and leaves a screen reader nowhere to go on from.
   */
  busy?: boolean;
}

/** A text button in the row and the same action in the menu. */
function entry({ variant = 'ghost', testId, keepsFocus, expanded, busy, ...item }: Action): ToolbarEntry {
  return {
    id: item.id,
    button: (
      <Button
        size="sm"
        variant={variant}
        disabled={busy ? undefined : item.disabled}
        loading={busy}
        onClick={item.onSelect}
        onMouseDown={keepsFocus ? keepFocus : undefined}
        aria-keyshortcuts={item.keys}
        aria-expanded={expanded}
        data-testid={testId}
      >
        {item.label}
      </Button>
    ),
    items: [item],
  };
}

/**
 * The toolbar's actions for this person and task, in the row's order. Each action is made again
 * only when what it shows changes: an edit turns undo on, and the other buttons (the same
 * elements) are not rendered again, nor their tooltips and labels looked up.
 */
export function useToolbarEntries(): ToolbarEntry[] {
  const { t } = useEditorTranslation();
  const { t: docai } = useDocAiTranslation();
  const editor = useEditor();
  const { session, panels } = editor;
  const review = useSession((s) => s.mode === 'review');
  const canUndo = useSession((s) => s.past.length > 0 && !s.conflict);
  const canRedo = useSession((s) => s.future.length > 0 && !s.conflict);
  const finishing = useSession((s) => s.finishing);
  const docaiOpen = usePanels((p) => p.docai);
  const share = useCanShareSegment();
  const exportable = useCanExport();
  const docaiOffered = useDocAiOffered();
  const texts = usePredefinedTexts().length > 0;

  const always = useMemo(() => {
    const run = (id: Parameters<typeof runShortcut>[1]) => () => void runShortcut(editor, id);
    const entries: (ToolbarEntry | false)[] = [
      entry({
        id: 'search',
        label: t('toolbar.search'),
        keys: keysOf('search'),
        onSelect: run('search'),
        testId: 'toolbar.search',
      }),
      entry({
        id: 'speakers',
        label: t('toolbar.speakers'),
        onSelect: () => panels.setState({ speakers: true }),
        testId: 'toolbar.speakers',
      }),
      {
        // The list of shortcuts is drawn as "?", its own key, as help buttons are.
        id: 'shortcuts',
        button: (
          <IconButton
            label={t('toolbar.shortcuts')}
            glyph="?"
            keys={keysOf('help')}
            onClick={run('help')}
            data-testid="toolbar.shortcuts"
          />
        ),
        items: [{ id: 'shortcuts', label: t('toolbar.shortcuts'), keys: keysOf('help'), onSelect: run('help') }],
      },
      share &&
        entry({
          id: 'share',
          label: t('shareSegment.open'),
          onSelect: () => panels.setState({ share: true }),
          testId: 'share-segment.open',
        }),
      exportable &&
        entry({
          id: 'export',
          label: t('export.open'),
          onSelect: () => panels.setState({ export: true }),
          testId: 'export.open',
        }),
      docaiOffered &&
        entry({
          id: 'docai',
          label: docai('title'),
          expanded: docaiOpen,
          onSelect: () => panels.setState({ docai: !docaiOpen }),
          testId: 'toolbar.docai',
        }),
    ];
    return entries;
  }, [t, docai, editor, panels, share, exportable, docaiOffered, docaiOpen]);

  const reviewing = useMemo(() => {
    if (!review) return null;
    const run = (id: Parameters<typeof runShortcut>[1]) => () => void runShortcut(editor, id);
    const styles = STYLES.map((style) => ({
      id: style,
      label: t(`style.${style}`),
      keys: keysOf(style),
      onSelect: run(style),
    }));
    return {
      styles: {
        id: 'styles',
        button: (
          <span className="rd-transcript-toolbar__group">
            {styles.map((style) => (
              <IconButton
                key={style.id}
                label={style.label}
                glyph={STYLE_GLYPHS[style.id](t(`styleGlyph.${style.id}`))}
                keys={style.keys}
                onMouseDown={keepFocus}
                onClick={style.onSelect}
                data-testid={`toolbar.${style.id}`}
              />
            ))}
          </span>
        ),
        items: styles,
      } satisfies ToolbarEntry,
      texts:
        texts &&
        entry({
          id: 'texts',
          label: t('tools.texts'),
          keys: keysOf('predefinedText'),
          keepsFocus: true,
          onSelect: () => void openPredefinedTexts(editor),
          testId: 'toolbar.texts',
        }),
      save: entry({
        id: 'save',
        label: t('toolbar.saveNow'),
        keys: keysOf('save'),
        variant: 'secondary',
        onSelect: () => void session.getState().flush(),
        testId: 'toolbar.save',
      }),
      cancel: entry({
        id: 'cancel',
        label: t('toolbar.cancel'),
        onSelect: () => void session.getState().cancel(),
        testId: 'toolbar.cancel',
      }),
    };
  }, [t, editor, session, review, texts]);

  // Looked up once: undo, redo and finish are made again as their state changes, at every first
  // edit and every undo, their names not.
  const labels = useMemo(
    () => ({
      undo: t('toolbar.undo'),
      redo: t('toolbar.redo'),
      finish: t('toolbar.finish'),
      finishing: t('toolbar.finishing'),
    }),
    [t],
  );
  const undo = useMemo(
    () =>
      entry({
        id: 'undo',
        label: labels.undo,
        keys: keysOf('undo'),
        disabled: !canUndo,
        onSelect: () => session.getState().undo(),
        testId: 'toolbar.undo',
      }),
    [labels, session, canUndo],
  );
  const redo = useMemo(
    () =>
      entry({
        id: 'redo',
        label: labels.redo,
        keys: keysOf('redo'),
        disabled: !canRedo,
        onSelect: () => session.getState().redo(),
        testId: 'toolbar.redo',
      }),
    [labels, session, canRedo],
  );
  const finish = useMemo(
    () =>
      entry({
        id: 'finish',
        label: finishing ? labels.finishing : labels.finish,
        disabled: finishing,
        busy: finishing,
        variant: 'primary',
        onSelect: () => void session.getState().finish(),
        testId: 'toolbar.finish',
      }),
    [labels, session, finishing],
  );

  return useMemo(() => {
    const entries = reviewing
      ? [...always, reviewing.styles, reviewing.texts, undo, redo, reviewing.save, reviewing.cancel, finish]
      : always;
    return entries.filter((e): e is ToolbarEntry => e !== false);
  }, [always, reviewing, undo, redo, finish]);
}
