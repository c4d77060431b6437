/**
 * What every review editor says about its session, in one place: the save state (always visible,
 * announced politely) and why the review is read-only. Both editors save, check out and lose
 * their checkout under the same rules, so they say so in the same words.
 */
import { useUiTranslation } from '../i18n/useTranslation.js';
import { cx } from '../utils/cx.js';
import type { SaveState } from './autosave.js';
import type { ReadOnlyReason } from './session-core.js';

export interface SaveStateBadgeProps {
  state: SaveState;
  className?: string;
}

/**
 * @example
 * const state = useSession((s) => s.saveState);
 * <SaveStateBadge state={state} />
 */
export function SaveStateBadge({ state, className }: SaveStateBadgeProps) {
  const { t } = useUiTranslation();
  return (
    <output className={cx('rd-save-state', className)} data-state={state} aria-live="polite" data-testid="save.state">
      <span className="rd-save-state__dot" aria-hidden="true" />
      {t(`reviewSession.save.${state}`)}
    </output>
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
