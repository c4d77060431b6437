import { HEALTH_WARNING_DURATION_MS } from '@reviewdesk/api-client';
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useUiTranslation } from '../i18n/useTranslation';
import { useReviewdesk } from '../provider/context';
import type { NoticeState } from './store';

/**
 * The provider's notice queue: `show()` a toast, `dismiss()` it.
 * @example
 * const { show } = useNotices();
 * show({ tone: 'success', message: 'Saved', durationMs: 3000 });
 */
export function useNotices(): Pick<NoticeState, 'show' | 'dismiss' | 'items'> {
  const store = useReviewdesk().notices;
  const items = useStore(store, (s) => s.items);
  const { show, dismiss } = store.getState();
  return { items, show, dismiss };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { status?: unknown; response?: { status?: unknown } };
  const status = e.status ?? e.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Spec §2 start-up behaviour: runs `check` once; when it answers false, or fails with any
 * status other than 401/403, shows the `HealthCheck.Message` warning for 7 s. A 401/403 means
 * sign-in will handle it, so nothing is shown.
 * @param check resolves to the `GET /HealthCheck` boolean; a rejection may carry `status`.
 */
export function useHealthCheckWarning(check: () => Promise<boolean>): void {
  const { notices } = useReviewdesk();
  const { t } = useUiTranslation();
  const latest = useRef({ check, t });
  latest.current = { check, t };

  useEffect(() => {
    let cancelled = false;
    const warn = () => {
      if (cancelled) return;
      notices.getState().show({
        tone: 'warning',
        message: latest.current.t('HealthCheck.Message'),
        durationMs: HEALTH_WARNING_DURATION_MS, // 7 s, spec §9
      });
    };
    latest.current.check().then(
      (healthy) => {
        if (!healthy) warn();
      },
      (error: unknown) => {
        const status = statusOf(error);
        if (status !== 401 && status !== 403) warn();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [notices]);
}

/** Props of {@link HealthCheckWarning}. */
export interface HealthCheckWarningProps {
  /** Resolves to the `GET /HealthCheck` answer. */
  check: () => Promise<boolean>;
}

/** Component form of {@link useHealthCheckWarning}, for hosts that prefer JSX. Renders nothing. */
export function HealthCheckWarning({ check }: HealthCheckWarningProps): null {
  useHealthCheckWarning(check);
  return null;
}
