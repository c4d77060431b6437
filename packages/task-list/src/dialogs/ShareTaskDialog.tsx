/**
 * Share a task (product-spec §1, §3): copy its link, or send it by e-mail to people with a message
 * of at most 256 characters. Every address is checked as it is added and shows what sharing will
 * do to it (the invite-check states of §4): someone in the workspace is only written to, someone
 * of the tenant is added to the workspace with the role they have, someone new to the tenant is
 * invited with the role picked on their row — a viewer by default (they see the task read-only),
 * or any role the sharer may give (Tenant.UpdateUserRole.<role>), e.g. a reviewer to review it.
 * Without Workspace.AddUsers only the workspace's people can be chosen, and an address outside it
 * is shown as one that cannot be added.
 */
import { type ApiCallError, enumCodeOf, type Schema } from '@reviewdesk/api-client';
import { Button, Dialog, Input, rolesToGive, Select, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTaskListTranslation } from '../i18n/resources';

/** A share's message is at most this long (product-spec §5). */
export const SHARE_DESCRIPTION_MAX = 256;

interface TaskRef {
  id: string;
  workspaceId: string;
  displayName: string;
}

/** What sharing does to one address: an invite-check state, or `outside` when the caller cannot add people. */
export type RecipientState = 'ExistsInWorkspace' | 'NotFoundInWorkspace' | 'NotFoundInTenant' | 'NotFound' | 'outside';

interface Recipient {
  email: string;
  state: RecipientState | 'checking';
  /** The role a person new to the tenant is invited with; the default role when not picked. */
  roleId?: string;
}

/** The role a newcomer gets unless another is picked: Viewer, as the server does when none is sent. */
const DEFAULT_ROLE = 'Viewer';

const STATE_BY_CODE: Record<number, RecipientState> = {
  [enumCodeOf('InviteCheckStatus', 'NotFound')]: 'NotFound',
  [enumCodeOf('InviteCheckStatus', 'NotFoundInTenant')]: 'NotFoundInTenant',
  // A tenant member the workspace check does not place is one to add to the workspace.
  [enumCodeOf('InviteCheckStatus', 'ExistsInTenant')]: 'NotFoundInWorkspace',
  [enumCodeOf('InviteCheckStatus', 'NotFoundInWorkspace')]: 'NotFoundInWorkspace',
  [enumCodeOf('InviteCheckStatus', 'ExistsInWorkspace')]: 'ExistsInWorkspace',
};

const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** A person new to the tenant, who is invited with a role. */
const newcomer = (state: Recipient['state']) => state === 'NotFound' || state === 'NotFoundInTenant';

export interface ShareTaskDialogProps {
  task: TaskRef;
  onClose: () => void;
  onShared: (task: TaskRef) => void;
  onError: (error: ApiCallError | Error) => void;
}

/** Test ids: `share-task.link`, `share-task.copy`, `share-task.email`, `share-task.add`, `share-task.recipients`, `share-task.send`. */
export function ShareTaskDialog({ task, onClose, onShared, onError }: ShareTaskDialogProps) {
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const can = useCan();
  const mayAdd = can('Workspace.AddUsers');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [description, setDescription] = useState('');
  const [copied, setCopied] = useState(false);
  const roles = useQuery({ ...api.queryOptions('get', '/api/v{version}/User/AllRoles', {}), enabled: mayAdd });
  const offered = useMemo(() => rolesToGive(roles.data ?? [], can), [roles.data, can]);
  const defaultRoleId = offered.find((r) => r.name === DEFAULT_ROLE)?.id ?? offered[offered.length - 1]?.id;

  const link = useQuery(
    api.queryOptions('get', '/api/v{version}/SdTaskShare/GetShareTaskUrl', { params: { query: { taskId: task.id } } }),
  );
  const members = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/ValidUsersForTaskShare', {
      params: { query: { workspaceId: task.workspaceId, includeSelf: false } },
    }),
    enabled: !mayAdd,
  });
  const send = useMutation({
    ...api.mutationOptions('post', '/api/v{version}/SdTask/Share'),
    onSuccess: (result) => {
      if (result && !result.succeeded) {
        onError(new Error(result.errors.map((e) => e.message).join(' ') || t('actions.notDone')));
        return;
      }
      onShared(task);
    },
    onError,
  });

  const stateOf = async (address: string): Promise<RecipientState> => {
    if (!mayAdd) {
      const known = (members.data ?? []).find(
        (m) => m.isValidForTaskSharing && m.email?.toLowerCase() === address.toLowerCase(),
      );
      return known ? 'ExistsInWorkspace' : 'outside';
    }
    const { data } = await api.GET('/api/v{version}/SdWorkspace/CheckIfUserCanBeInvited', {
      params: { query: { email: address, workspaceId: task.workspaceId } },
    });
    return STATE_BY_CODE[data.inviteCheckStatus] ?? 'NotFound';
  };

  const add = (event?: FormEvent) => {
    event?.preventDefault();
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setEmailError(t('share.invalidEmail'));
      return;
    }
    if (recipients.some((r) => r.email.toLowerCase() === address.toLowerCase())) {
      setEmailError(t('share.duplicate'));
      return;
    }
    setEmailError(null);
    setEmail('');
    setRecipients((list) => [...list, { email: address, state: 'checking' }]);
    stateOf(address)
      .then((state) => setRecipients((list) => list.map((r) => (r.email === address ? { ...r, state } : r))))
      .catch((error: Error) => {
        setRecipients((list) => list.filter((r) => r.email !== address));
        onError(error);
      });
  };

  const copy = async () => {
    if (!link.data) return;
    await navigator.clipboard?.writeText(link.data.shareUrl);
    setCopied(true);
  };

  const blocked = recipients.some((r) => r.state === 'outside' || r.state === 'checking');
  const tooLong = description.length > SHARE_DESCRIPTION_MAX;
  const submit = () =>
    send.mutate({
      body: {
        taskId: task.id,
        workspaceId: task.workspaceId,
        description: description.trim() || null,
        users: recipients.map((r) => ({
          email: r.email,
          workspaceId: task.workspaceId,
          tenantRoleId: newcomer(r.state) ? (r.roleId ?? defaultRoleId ?? null) : null,
        })),
      } satisfies Schema<'ShareWithUsersRequest'>,
    });

  return (
    <Dialog
      open
      onOpenChange={onClose}
      title={t('share.title', { name: task.displayName })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            loading={send.isPending}
            disabled={recipients.length === 0 || blocked || tooLong}
            onClick={submit}
            data-testid="share-task.send"
          >
            {t('share.send')}
          </Button>
        </>
      }
    >
      <div className="rd-task-list__share-link">
        <Input
          label={t('share.link')}
          readOnly
          value={link.data?.shareUrl ?? ''}
          placeholder={link.isError ? t('share.linkUnavailable') : t('share.linkLoading')}
          data-testid="share-task.link"
        />
        <Button onClick={() => void copy()} disabled={!link.data} data-testid="share-task.copy">
          {copied ? t('share.copied') : t('share.copy')}
        </Button>
      </div>
      {/* The address is checked here, in the dialog's words, not by the browser's own bubble. */}
      <form className="rd-task-list__share-add" onSubmit={add} noValidate>
        <Input
          label={t('share.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          hint={mayAdd ? t('share.emailHint') : t('share.emailHintMembers')}
          list={mayAdd ? undefined : 'share-task-members'}
          data-testid="share-task.email"
        />
        {mayAdd ? null : (
          <datalist id="share-task-members">
            {(members.data ?? [])
              .filter((m) => m.isValidForTaskSharing && m.email)
              .map((m) => (
                <option key={m.userId} value={m.email ?? ''}>
                  {m.name}
                </option>
              ))}
          </datalist>
        )}
        <Button type="submit" data-testid="share-task.add">
          {t('share.add')}
        </Button>
      </form>
      {recipients.length > 0 ? (
        <ul className="rd-task-list__share-recipients" data-testid="share-task.recipients">
          {recipients.map((r) => (
            <li key={r.email} data-state={r.state}>
              <span className="rd-task-list__share-email">{r.email}</span>
              <span className="rd-task-list__share-state">{t(`share.state.${r.state}`)}</span>
              {newcomer(r.state) && offered.length > 0 ? (
                <Select
                  className="rd-task-list__share-role"
                  label={t('share.roleFor', { email: r.email })}
                  value={r.roleId ?? defaultRoleId ?? ''}
                  options={offered.map((role) => ({ value: role.id, label: role.name }))}
                  onChange={(event) => {
                    const roleId = event.target.value;
                    setRecipients((list) => list.map((x) => (x.email === r.email ? { ...x, roleId } : x)));
                  }}
                  data-testid="share-task.role"
                />
              ) : null}
              <Button
                variant="ghost"
                aria-label={t('share.remove', { email: r.email })}
                onClick={() => setRecipients((list) => list.filter((x) => x.email !== r.email))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        label={t('share.description')}
        value={description}
        maxLength={SHARE_DESCRIPTION_MAX}
        onChange={(event) => setDescription(event.target.value)}
        hint={t('share.descriptionCount', { count: description.length, max: SHARE_DESCRIPTION_MAX })}
        error={tooLong ? t('share.descriptionTooLong', { max: SHARE_DESCRIPTION_MAX }) : null}
      />
    </Dialog>
  );
}
