/** Time left on the reviewer's checkout; ticks once a second in its own component only. */
import { useEffect, useState } from 'react';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useSession } from '../context.js';

/** `m:ss`, or `h:mm:ss` from an hour. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

const WARN_MS = 2 * 60_000;

export function CheckoutCountdown() {
  const { t } = useViewerTranslation();
  const until = useSession((s) => s.checkout?.until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Date.parse(until) - now;
  const time = formatRemaining(left);
  const warn = left < WARN_MS;
  return (
    <span className="rd-viewer-countdown" data-warning={warn || undefined} data-testid="checkout.countdown">
      {/* Only the warning is announced; a live region ticking every second would drown a screen reader. */}
      <span aria-live={warn ? 'assertive' : 'off'}>
        {warn ? t('checkout.expiring', { time }) : t('checkout.remaining', { time })}
      </span>
    </span>
  );
}
