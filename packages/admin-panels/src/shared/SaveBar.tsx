/**
 * The end of every settings form of workspace and tenant edit: the server's error, the unsaved-changes mark,
 * "discard changes" and "save" — or, for a person without the saving permission, nothing to press.
 */
import { Button } from '@reviewdesk/ui';
import { useAdminPanelsTranslation } from '../i18n/resources';

export interface SaveBarProps {
  /** The person may save (otherwise the bar is left out; the form says it is read-only). */
  editable: boolean;
  dirty: boolean;
  pending: boolean;
  /** The server's refusal in the person's language, kept until the next save. */
  error: string | null;
  onReset: () => void;
  /** Prefix of the test ids: `<prefix>.save`, `<prefix>.error`. */
  testId: string;
}

export function SaveBar({ editable, dirty, pending, error, onReset, testId }: SaveBarProps) {
  const { t } = useAdminPanelsTranslation();
  return (
    <>
      {error ? (
        <p className="rd-field__error" role="alert" data-testid={`${testId}.error`}>
          {error}
        </p>
      ) : null}
      {editable ? (
        <div className="rd-admin__actions">
          {dirty ? <span className="rd-admin__dirty">{t('common.unsaved')}</span> : null}
          <Button type="button" disabled={!dirty || pending} onClick={onReset}>
            {t('common.reset')}
          </Button>
          <Button type="submit" variant="primary" loading={pending} disabled={!dirty} data-testid={`${testId}.save`}>
            {pending ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The note at the top of a form the person may see but not change. */
export function ReadOnlyNote({ editable }: { editable: boolean }) {
  const { t } = useAdminPanelsTranslation();
  return editable ? null : (
    <p className="rd-admin__note" role="note">
      {t('common.readOnly')}
    </p>
  );
}
