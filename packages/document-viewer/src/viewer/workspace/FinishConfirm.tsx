/** Asks the reviewer to confirm finishing, when the workspace wants it (showModalFinishReview). */
import { Button, Dialog } from '@reviewdesk/ui';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useUi, useViewer } from '../context.js';

export function FinishConfirm() {
  const { t } = useViewerTranslation();
  const { session, ui } = useViewer();
  const open = useUi((s) => s.confirmFinishOpen);
  const close = () => ui.getState().set({ confirmFinishOpen: false });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => ui.getState().set({ confirmFinishOpen: next })}
      title={t('finish.confirmTitle')}
      description={t('finish.confirmBody')}
      size="sm"
      footer={
        <>
          <Button onClick={close}>{t('finish.back')}</Button>
          <Button
            variant="primary"
            data-testid="finish.confirm"
            onClick={() => {
              close();
              void session.getState().finish();
            }}
          >
            {t('finish.confirm')}
          </Button>
        </>
      }
    />
  );
}
