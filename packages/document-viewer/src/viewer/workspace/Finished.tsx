/** Shown once the review is finished: whether others still review, and the way to the next task. */
import { Button } from '@reviewdesk/ui';
import { useState } from 'react';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useSession } from '../context.js';

export function Finished({ onOpenTask }: { onOpenTask: (taskId: string) => void }) {
  const { t } = useViewerTranslation();
  const nextTask = useSession((s) => s.nextTask);
  const reviewCompleted = useSession((s) => s.finishResult?.reviewCompleted ?? true);
  const [none, setNone] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className="rd-viewer-finished" role="status" data-testid="viewer.finished">
      <h2>{t('finish.doneTitle')}</h2>
      <p>{reviewCompleted ? t('finish.doneBody') : t('finish.waitingOthers')}</p>
      {none ? <p>{t('finish.noNext')}</p> : null}
      <Button
        variant="primary"
        loading={busy}
        data-testid="finish.next"
        onClick={async () => {
          setBusy(true);
          const id = await nextTask();
          setBusy(false);
          if (id) onOpenTask(id);
          else setNone(true);
        }}
      >
        {t('finish.openNext')}
      </Button>
    </div>
  );
}
