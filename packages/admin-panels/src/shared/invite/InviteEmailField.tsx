/**
 * The address of an invitation, as the tenant's and the workspaces' users tabs ask for it: typed
 * freely, checked by the server once the person pauses (`useSettledInviteEmail`), and under the
 * field what is known so far — the check's verdict, "checking…", or that it is not an address yet.
 */
import { Input } from '@reviewdesk/ui';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { useDebouncedValue } from '../useDebouncedValue';
import { INVITE_CHECK_DEBOUNCE_MS, looksLikeEmail } from './inviteRules';

export interface SettledInviteEmail {
  /** The address as it was when the person paused, trimmed. */
  settled: string;
  /** The settled address is the one in the field and looks like an address: worth a server check. */
  checkable: boolean;
}

/** What to ask the server about, and whether to ask, for the address in the field. */
export function useSettledInviteEmail(email: string): SettledInviteEmail {
  const settled = useDebouncedValue(email.trim(), INVITE_CHECK_DEBOUNCE_MS);
  return { settled, checkable: looksLikeEmail(settled) && settled === email.trim() };
}

export interface InviteEmailFieldProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** From `useSettledInviteEmail`. */
  checkable: boolean;
  /** The server's check of the settled address is on its way. */
  checking: boolean;
  /** The check's status code (product-spec §4), once the server answered for this address. */
  state: number | undefined;
  /** That status in words, for the form's own meaning of it. */
  stateText: string | undefined;
  /** Test ids: `<testIdPrefix>.email` on the field, `<testIdPrefix>.check` (with `data-state`) on the verdict. */
  testIdPrefix: string;
}

export function InviteEmailField({
  email,
  onEmailChange,
  checkable,
  checking,
  state,
  stateText,
  testIdPrefix,
}: InviteEmailFieldProps) {
  const { t } = useAdminPanelsTranslation();
  return (
    <Input
      label={t('common.invite.email')}
      type="email"
      autoComplete="off"
      value={email}
      onChange={(e) => onEmailChange(e.target.value)}
      hint={
        state !== undefined ? (
          <span data-testid={`${testIdPrefix}.check`} data-state={state}>
            {stateText}
          </span>
        ) : checkable && checking ? (
          t('common.invite.checking')
        ) : email && !looksLikeEmail(email) ? (
          t('common.invite.emailInvalid')
        ) : null
      }
      data-testid={`${testIdPrefix}.email`}
    />
  );
}
