/**
 * The editor's polite live region (announcer.ts). It is in the page from the editor's first paint
 * — a live region added together with its text is not announced — and stays through every phase,
 * so "review finished" and the like are heard too. Each message is a new node: a screen reader
 * says it even when it repeats the one before.
 */
import { useStore } from 'zustand';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { useEditor } from './context.js';

export function LiveAnnouncer() {
  const { t } = useEditorTranslation();
  const last = useStore(useEditor().announcer, (s) => s.last);
  return (
    <div
      className="rd-visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="editor.announcement"
    >
      {last ? <span key={last.serial}>{t(last.key, last.values)}</span> : null}
    </div>
  );
}
