/**
 * What every profile form does after a call: a success notice in the person's language and the
 * host's `onSaved`, or the server's error in the person's language and the host's `onError`.
 * The profile's own, so that its entry does not bundle the other screens' strings.
 */
import type { ApiCallError } from '@reviewdesk/api-client';
import { useReviewdesk, useServerMessages } from '@reviewdesk/ui';
import { useMemo } from 'react';
import type { AdminPanelsEventProps } from '../events';
import type { ProfileTab } from './tabs';

export type ProfileEvents = Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>;

export interface ProfileReporter {
  /** Shows `message` as a success and tells the host which tab saved. */
  saved: (tab: ProfileTab, message: string) => void;
  /** Tells the host and returns the error in the person's language, for the form to show. */
  failed: (error: ApiCallError | Error) => string;
}

export function useProfileReporter({ onSaved, onError }: ProfileEvents): ProfileReporter {
  const { notices } = useReviewdesk();
  const { errorMessage } = useServerMessages();
  return useMemo(
    () => ({
      saved: (tab, message) => {
        notices.getState().show({ tone: 'success', message, durationMs: 4_000 });
        onSaved?.({ screen: 'profile', tab });
      },
      failed: (error) => {
        onError?.(error);
        return errorMessage(error).message;
      },
    }),
    [notices, errorMessage, onSaved, onError],
  );
}
