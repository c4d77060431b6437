/**
 * The editor's polite live region (announcer.ts). It is in the page from the editor's first paint
 * — a live region added together with its text is not announced — and stays through every phase,
 * so "review finished" and the like are heard too. A repeated message is said again (ui's
 * `LiveRegion`).
 */
import { LiveRegion } from '@reviewdesk/ui';
import { useStore } from 'zustand';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { useEditor } from './context.js';

export function LiveAnnouncer() {
  const { t } = useEditorTranslation();
  const last = useStore(useEditor().announcer, (s) => s.last);
  return (
    <LiveRegion messageKey={last?.serial} data-testid="editor.announcement">
      {last ? t(last.value.key, last.value.values) : null}
    </LiveRegion>
  );
}
