/**
 * Connects auto-pause (auto-pause.ts) to the editor while the reviewer's setting is on: what they
 * type into a paragraph's words counts; the search box and the dialogs do not.
 */
import { useEffect } from 'react';
import type { EditorContextValue } from '../editor/context.js';
import { createAutoPause } from './auto-pause.js';

export function useAutoPause({ root, playback }: Pick<EditorContextValue, 'root' | 'playback'>, enabled: boolean) {
  useEffect(() => {
    const target = root.current;
    if (!enabled || !target) return;
    const autoPause = createAutoPause(playback);
    const onInput = (event: Event) => {
      if (event.target instanceof HTMLTextAreaElement && event.target.closest('[data-paragraph]')) autoPause.typed();
    };
    target.addEventListener('input', onInput);
    return () => {
      target.removeEventListener('input', onInput);
      autoPause.dispose();
    };
  }, [root, playback, enabled]);
}
