/** A yes/no dialog for destructive actions (delete a task, a selection, a batch). */
import { Button, Dialog } from '@reviewdesk/ui';
import type { ReactNode } from 'react';
import { useTaskListTranslation } from '../i18n/resources';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  tone = 'danger',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTaskListTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={title}
      description={body}
      size="sm"
      footer={
        <>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={busy}
            onClick={onConfirm}
            data-testid="confirm.ok"
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
