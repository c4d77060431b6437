/**
 * The workspace's predefined texts (spec §3: id and text, in the workspace configuration that
 * Viewer/ViewerInit brings) offered for insertion where the reviewer is: the toolbar (shown only
 * to a reviewer of a workspace that has predefined texts) and Alt+T open it, a text is picked from a list (arrows and Enter, or a click), and it goes in
 * after the chosen word — or at the caret while a paragraph is being edited.
 */

import type { Schema } from '@reviewdesk/api-client';
import { Dialog } from '@reviewdesk/ui';
import { type KeyboardEvent, useRef } from 'react';
import { useEditor, usePanels, useSession } from '../editor/context.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { insertPredefinedText } from './insert-target.js';

type PredefinedText = Schema<'PredefinedText'>;
const NONE: readonly PredefinedText[] = [];

/** The workspace's predefined texts (the same array while the task is open). */
export const usePredefinedTexts = (): readonly PredefinedText[] =>
  useSession((s) => s.init?.workspaceConfig.predefinedTexts ?? NONE);

export function PredefinedTextsPicker() {
  const { t } = useEditorTranslation();
  const editor = useEditor();
  const target = usePanels((p) => p.texts);
  const texts = usePredefinedTexts();
  const list = useRef<HTMLUListElement | null>(null);
  const close = () => editor.panels.setState({ texts: null });

  // Arrow keys move between the texts (Tab still leaves the list), Home and End jump.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = items.indexOf(event.target as HTMLButtonElement);
    const next = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined || at < 0) return;
    event.preventDefault();
    items[next]?.focus();
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('tools.texts')}
      size="sm"
      description={target?.kind === 'caret' ? t('tools.textsAtCaret') : t('tools.textsAfterWord')}
    >
      <ul ref={list} className="rd-transcript-texts" onKeyDown={onKeyDown} data-testid="texts.list">
        {texts.map((text) => (
          <li key={text.id}>
            <button
              type="button"
              className="rd-transcript-texts__item rd-focusable"
              onClick={() => {
                if (target) insertPredefinedText(editor, target, text.text);
                close();
              }}
              data-testid={`texts.${text.id}`}
            >
              {text.text}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
