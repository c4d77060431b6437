import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useUiTranslation } from '../i18n/useTranslation';
import { cx } from '../utils/cx';
import type { NoticeTone } from './store';

/** Props of {@link Notice}. */
export interface NoticeProps {
  /** @default 'info' */
  tone?: NoticeTone;
  /** Bold first line. */
  title?: ReactNode;
  /** The message. */
  children: ReactNode;
  /** Called by the close button and by the auto-dismiss timer; no close button without it. */
  onDismiss?: () => void;
  /**
   * Dismisses itself after this many milliseconds (the health warning uses 7000). The timer
   * pauses while the pointer or focus is inside, so nobody loses a message mid-read.
   */
  autoDismissMs?: number;
  className?: string;
}

/**
 * An inline message, or a toast when queued through `useNotices().show()`.
 * @example
 * <Notice tone="warning" autoDismissMs={7000} onDismiss={hide}>Service degraded</Notice>
 */
export function Notice({ tone = 'info', title, children, onDismiss, autoDismissMs, className }: NoticeProps) {
  const { t } = useUiTranslation();
  const [paused, setPaused] = useState(false);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    if (!autoDismissMs || paused) return;
    const timer = setTimeout(() => dismissRef.current?.(), autoDismissMs);
    return () => clearTimeout(timer);
  }, [autoDismissMs, paused]);

  const urgent = tone === 'warning' || tone === 'error';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus only pause the auto-dismiss timer
    <div
      className={cx('rd-notice', `rd-notice--${tone}`, className)}
      role={urgent ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="rd-notice__icon" aria-hidden="true" />
      <div className="rd-notice__body">
        {title ? <div className="rd-notice__title">{title}</div> : null}
        <div className="rd-notice__message">{children}</div>
      </div>
      {onDismiss ? (
        <button
          type="button"
          className="rd-notice__close rd-focusable"
          aria-label={t('common.dismiss')}
          onClick={onDismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
