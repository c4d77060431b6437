/**
 * What every tab does after a save: a notice in the person's language and the host's event, or the
 * server's error in the person's language and the host's error event. One place, so every tab of
 * every screen reports the same way.
 */
import type { ApiCallError } from '@reviewdesk/api-client';
import { useReviewdesk, useServerMessages } from '@reviewdesk/ui';
import { useMemo } from 'react';
import type { AdminPanelsEventProps, AdminSavedEvent } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';

export interface SaveReporter {
  /** `message`: what was done, when "saved" would say less (an invitation sent). */
  saved: (event: AdminSavedEvent, message?: string) => void;
  failed: (error: ApiCallError | Error) => string;
}

export function useSaveReporter({
  onSaved,
  onError,
}: Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>): SaveReporter {
  const { notices } = useReviewdesk();
  const { t } = useAdminPanelsTranslation();
  const { errorMessage } = useServerMessages();
  return useMemo(
    () => ({
      saved: (event, message) => {
        notices.getState().show({ tone: 'success', message: message ?? t('common.saved'), durationMs: 4_000 });
        onSaved?.(event);
      },
      failed: (error) => {
        const message = errorMessage(error).message;
        notices.getState().show({ tone: 'error', message: t('common.saveFailed', { message }) });
        onError?.(error);
        return message;
      },
    }),
    [notices, t, errorMessage, onSaved, onError],
  );
}
