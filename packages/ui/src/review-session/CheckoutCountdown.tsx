/**
 * Time left on the reviewer's checkout, the same in every editor. It ticks once a second in its
 * own component only, so the editor around it never re-renders for the clock.
 */
import { useEffect, useState } from 'react';
import { useUiTranslation } from '../i18n/useTranslation.js';
import { cx } from '../utils/cx.js';

/** `m:ss`, or `h:mm:ss` from an hour. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** From this much time left the countdown warns (and is announced). */
export const CHECKOUT_WARN_MS = 2 * 60_000;

export interface CheckoutCountdownProps {
  /** When the checkout ends (ISO date-time); nothing is shown without one. */
  until: string | null | undefined;
  className?: string;
}

/**
 * @example
 * const until = useSession((s) => s.checkout?.until);
 * <CheckoutCountdown until={until} />
 */
export function CheckoutCountdown({ until, className }: CheckoutCountdownProps) {
  const { t } = useUiTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Date.parse(until) - now;
  const time = formatRemaining(left);
  const warn = left < CHECKOUT_WARN_MS;
  return (
    <span
      className={cx('rd-checkout-countdown', className)}
      data-warning={warn || undefined}
      data-testid="checkout.countdown"
    >
      {/* Only the warning is announced; a live region ticking every second would drown a screen reader. */}
      <span aria-live={warn ? 'assertive' : 'off'}>
        {warn ? t('checkout.expiring', { time }) : t('checkout.remaining', { time })}
      </span>
    </span>
  );
}
