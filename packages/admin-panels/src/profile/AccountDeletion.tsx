/**
 * Deleting one's own account. User/VerifyRulesToDelete says what is possible: the account alone
 * (User/Delete), the account with the tenants only it owns (User/DeleteWithAllData, those tenants
 * named), or nothing yet, with the server's reasons — a tenant is never left without an owner.
 * Either deletion is confirmed by typing a word, as it cannot be undone.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Dialog, Input, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { IdentityErrors } from './IdentityErrors';
import { useProfileTranslation } from './i18n';
import { ProfileStates } from './ProfileStates';
import { type ProfileEvents, useProfileReporter } from './useProfileReporter';

/** What `onAccountDeleted` receives: the account that no longer exists. */
export interface ProfileAccountDeletedEvent {
  userId: string;
}

export interface AccountDeletionProps extends ProfileEvents {
  /** The account being deleted. */
  userId: string;
  /** The account is gone: the host signs the person out. */
  onAccountDeleted?: (event: ProfileAccountDeletedEvent) => void;
}

/** Test ids: `profile.deletion`, `profile.deletion.open`, and the dialog's (see DeletionDialog). */
export function AccountDeletion({ userId, onAccountDeleted, ...events }: AccountDeletionProps) {
  const { t } = useProfileTranslation();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <section className="rd-admin__group" aria-labelledby={headingId} data-testid="profile.deletion">
      <h3 id={headingId} className="rd-admin__subtitle">
        {t('deletion.title')}
      </h3>
      <p className="rd-admin__muted">{t('deletion.description')}</p>
      <div className="rd-admin__actions rd-admin__actions--start">
        <Button variant="danger" onClick={() => setOpen(true)} data-testid="profile.deletion.open">
          {t('deletion.open')}
        </Button>
      </div>
      {open ? (
        <DeletionDialog
          userId={userId}
          onClose={() => setOpen(false)}
          onAccountDeleted={onAccountDeleted}
          {...events}
        />
      ) : null}
    </section>
  );
}

/** Test ids: `profile.deletion.dialog`, `.reasons`, `.owned`, `.confirm`, `.submit`, `.errors`. */
function DeletionDialog({
  userId,
  onClose,
  onAccountDeleted,
  ...events
}: AccountDeletionProps & { onClose: () => void }) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  // Asked afresh each time the dialog opens: ownership may have changed since.
  const rules = useQuery({
    ...api.queryOptions('get', '/api/v{version}/User/VerifyRulesToDelete'),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('deletion.dialogTitle')}
      description={t('deletion.description')}
      size="md"
    >
      <div data-testid="profile.deletion.dialog">
        <ProfileStates query={rules}>
          {(found) => (
            <DeletionChoice
              userId={userId}
              rules={found}
              onClose={onClose}
              onAccountDeleted={onAccountDeleted}
              {...events}
            />
          )}
        </ProfileStates>
      </div>
    </Dialog>
  );
}

function DeletionChoice({
  userId,
  rules,
  onClose,
  onAccountDeleted,
  ...events
}: AccountDeletionProps & { rules: Schema<'DeleteRulesResult'>; onClose: () => void }) {
  const { t } = useProfileTranslation();
  const api = useApiClient();
  const report = useProfileReporter(events);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const withData = !rules.canDelete && rules.canDeleteWithAllData;
  const remove = useMutation({
    mutationFn: async () =>
      withData
        ? (await api.DELETE('/api/v{version}/User/DeleteWithAllData', {})).data
        : (await api.DELETE('/api/v{version}/User/Delete', {})).data,
    onSuccess: (result) => {
      if (result && !result.succeeded) return setErrors(result.errors);
      onAccountDeleted?.({ userId });
    },
    onError: (error: Error) => setErrors([report.failed(error)]),
  });
  const cancel = (
    <Button onClick={onClose} data-testid="profile.deletion.cancel">
      {t('cancel')}
    </Button>
  );
  if (!rules.canDelete && !rules.canDeleteWithAllData) {
    return (
      <div className="rd-admin__stack">
        <p>{t('deletion.blocked')}</p>
        <ul data-testid="profile.deletion.reasons">
          {rules.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <div className="rd-admin__actions">{cancel}</div>
      </div>
    );
  }
  const word = t('deletion.confirmWord');
  const confirmed = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();
  return (
    <form
      className="rd-admin__stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed) remove.mutate();
      }}
    >
      {withData ? (
        <>
          <p>{t('deletion.ownedTenants')}</p>
          <ul data-testid="profile.deletion.owned">
            {rules.ownedTenants.map((tenant) => (
              <li key={tenant.tenantId}>{tenant.tenantName}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Input
        label={t('deletion.confirmLabel', { word })}
        value={typed}
        autoComplete="off"
        data-testid="profile.deletion.confirm"
        onChange={(event) => setTyped(event.target.value)}
      />
      <IdentityErrors errors={errors} testId="profile.deletion.errors" />
      <div className="rd-admin__actions">
        {cancel}
        <Button
          type="submit"
          variant="danger"
          disabled={!confirmed}
          loading={remove.isPending}
          data-testid="profile.deletion.submit"
        >
          {t(withData ? 'deletion.deleteWithData' : 'deletion.deleteAccount')}
        </Button>
      </div>
    </form>
  );
}
