/**
 * Time left on the reviewer's checkout, the same in every editor. It ticks once a second in its
 * own component only, so the editor around it never re-renders for the clock.
 */
import { useEffect, useState } from 'react';
import { LiveRegion } from '../components/LiveRegion/LiveRegion.js';
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

/** From this much time left the countdown warns. */
export const CHECKOUT_WARN_MS = 2 * 60_000;

/**
 * When the time left is announced: once as it passes each of these marks (5 min, 2 min, 1 min,
 * 30 s), never on the ticks between — a live region changing every second drowns a screen reader.
 */
export const CHECKOUT_ANNOUNCE_MS = [5 * 60_000, 2 * 60_000, 60_000, 30_000] as const;

/** The last mark the time left has passed (the smallest one at or above it), or null above them all. */
export function checkoutMark(left: number): number | null {
  let mark: number | null = null;
  for (const at of CHECKOUT_ANNOUNCE_MS) if (left <= at) mark = at;
  return mark;
}

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
  // What the live region says: set when a mark is passed, kept until the next one; a renewed
  // checkout (a later `until`) starts from no mark again.
  const [announced, setAnnounced] = useState<{ mark: number | null; text: string }>({ mark: null, text: '' });
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  const left = until ? Date.parse(until) - now : Number.POSITIVE_INFINITY;
  const mark = checkoutMark(left);
  const time = formatRemaining(left);
  useEffect(() => {
    setAnnounced((before) => {
      if (before.mark === mark) return before;
      // Passing a mark is said; going back above one (renewed) silently clears the region.
      const passed = mark !== null && (before.mark === null || mark < before.mark);
      return { mark, text: passed ? t('checkout.expiring', { time }) : '' };
    });
  }, [mark, time, t]);
  if (!until) return null;
  const warn = left < CHECKOUT_WARN_MS;
  return (
    <span
      className={cx('rd-checkout-countdown', className)}
      data-warning={warn || undefined}
      data-testid="checkout.countdown"
    >
      <span>{warn ? t('checkout.expiring', { time }) : t('checkout.remaining', { time })}</span>
      <LiveRegion as="span" messageKey={announced.mark ?? undefined} data-testid="checkout.announcement">
        {announced.text}
      </LiveRegion>
    </span>
  );
}
