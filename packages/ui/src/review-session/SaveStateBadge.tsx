/**
 * What every review editor says about its session, in one place: the save state (always visible;
 * to a screen reader, only where a save ended) and why the review is read-only. Both editors save, check out and lose
 * their checkout under the same rules, so they say so in the same words.
 */
import { useEffect, useRef } from 'react';
import { LiveRegion, useLiveMessage } from '../components/LiveRegion/LiveRegion.js';
import { useUiTranslation } from '../i18n/useTranslation.js';
import { cx } from '../utils/cx.js';
import type { SaveState } from './autosave.js';
import type { ReadOnlyReason } from './session-core.js';

export interface SaveStateBadgeProps {
  state: SaveState;
  className?: string;
}

/** The states a save ends in: the ones a screen reader is told of. */
const ENDS_OF_A_SAVE: ReadonlySet<SaveState> = new Set(['saved', 'failed', 'conflict']);

/**
 * @example
 * const state = useSession((s) => s.saveState);
 * <SaveStateBadge state={state} />
 */
export function SaveStateBadge({ state, className }: SaveStateBadgeProps) {
  const { t } = useUiTranslation();
  // Every edit goes unsaved → saving → saved: said each time, that is three messages per word
  // typed. The live region says only where a save ended (saved, failed, a conflict), each time anew
  // ("All changes saved" twice in a row is said twice); the badge shows every state.
  const [said, say] = useLiveMessage<SaveState>();
  const before = useRef(state);
  useEffect(() => {
    if (state !== before.current && ENDS_OF_A_SAVE.has(state)) say(state);
    before.current = state;
  }, [state, say]);
  return (
    <>
      <span className={cx('rd-save-state', className)} data-state={state} data-testid="save.state">
        <span className="rd-save-state__dot" aria-hidden="true" />
        {t(`reviewSession.save.${state}`)}
      </span>
      <LiveRegion as="span" messageKey={said?.serial} data-testid="save.announcement">
        {said ? t(`reviewSession.save.${said.value}`) : null}
      </LiveRegion>
    </>
  );
}

export interface ReadOnlyMessageProps {
  reason: ReadOnlyReason;
  /** Who holds the checkout, when the server said. */
  holder?: string | null;
}

/** Why the review is read-only, as text (the editor places it in its own banner). */
export function ReadOnlyMessage({ reason, holder }: ReadOnlyMessageProps) {
  const { t } = useUiTranslation();
  return reason === 'checked-out-by-other' && !holder
    ? t('reviewSession.readOnly.checked-out-by-other-unknown')
    : t(`reviewSession.readOnly.${reason}`, { holder: holder ?? '' });
}
