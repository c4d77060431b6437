/**
 * On /task/viewer/custom: take the fields the model detected off the task (SdTask
 * ClearTaskDetectedFields, Task.CleanEntities), after a confirmation; what people labelled or added
 * stays. The viewer opens the task again afterwards, so it shows the cleared pages (never old
 * versions that would only meet a conflict on the next save).
 */
import { Button, useApiClient, useCan, useReviewdesk, useServerCapabilities, useServerMessages } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useWebTranslation } from '../../i18n/useWebTranslation';

export function ClearDetectedFields({ taskId, onCleared }: { taskId: string; onCleared: () => void }) {
  const { t } = useWebTranslation();
  const api = useApiClient();
  const can = useCan();
  const { supports } = useServerCapabilities();
  const { notices } = useReviewdesk();
  const { errorMessage } = useServerMessages();
  const [confirming, setConfirming] = useState(false);
  const clear = useMutation({
    mutationFn: async () =>
      (await api.POST('/api/v{version}/SdTask/ClearTaskDetectedFields/{taskId}', { params: { path: { taskId } } }))
        .data,
    onSuccess: (data) => {
      setConfirming(false);
      if (data && !data.succeeded) {
        notices.getState().show({ tone: 'error', message: data.errors?.[0]?.message ?? t('viewer.clearFailed') });
        return;
      }
      notices.getState().show({ tone: 'success', message: t('viewer.cleared'), durationMs: 4_000 });
      onCleared();
    },
    onError: (error: Error) => {
      setConfirming(false);
      notices.getState().show({ tone: 'error', message: errorMessage(error).message });
    },
  });
  if (!can('Task.CleanEntities') || !supports('SdTask_ClearTaskDetectedFields')) return null;
  return (
    <div className="rd-app-viewer__actions" data-testid="viewer.clear-detected">
      {confirming ? (
        <>
          <span role="alert">{t('viewer.clearConfirm')}</span>
          <Button variant="danger" loading={clear.isPending} onClick={() => clear.mutate()}>
            {t('viewer.clearDetected')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('viewer.cancel')}
          </Button>
        </>
      ) : (
        <Button onClick={() => setConfirming(true)}>{t('viewer.clearDetected')}</Button>
      )}
    </div>
  );
}
