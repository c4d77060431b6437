/**
 * A stateful MSW stand-in for the profile's calls, following the contract: IdentityResult answers
 * with the server's own sentences (a wrong current password, a login that cannot go), the picture
 * refused by the server's rule when larger than 2 MB, the deletion rules of a sole tenant owner.
 * Unit tests (msw/node) and stories (msw in the browser) only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { TENANT_ID } from './mock-api';

export const USER_ID = '33333333-3333-4333-8333-333333333333';
export const OTHER_TENANT_ID = '44444444-4444-4444-8444-444444444444';
/** The code the mock's authenticator "shows" (it computes no TOTP). */
export const APP_CODE = '123456';
/** The current password the mock accepts. */
export const CURRENT_PASSWORD = 'Current-password-1';

export interface MockProfileOptions {
  delay?: number;
  /** Every read answers with this status. */
  failReads?: number;
  /** The account signs in only through an external login. */
  noPassword?: boolean;
  emailConfirmed?: boolean;
  /** The linked logins (default: one Microsoft login beside the password). */
  logins?: Schema<'ExternalLogin'>[];
  /** How User/VerifyRulesToDelete answers (default: the account may go). */
  deletion?: 'allowed' | 'withData' | 'blocked';
  /** The server lists only these operations in Server/Capabilities (default: every profile call). */
  operations?: string[];
  /** An older server, without Server/Capabilities: every tab is offered and says itself what it lacks. */
  noCapabilities?: boolean;
  /** Two-factor sign-in is on already. */
  twoFactorOn?: boolean;
  /** The server answers 501 to these calls. */
  notImplemented?: string[];
}

export const PROFILE_OPERATIONS = [
  'User_GetUserDetails',
  'User_SetPersonalInfo',
  'User_SendVerificationEmail',
  'User_ChangeEmail',
  'User_ChangePassword',
  'User_AddPassword',
  'User_GetExternalLogins',
  'User_RemoveLogin',
  'User_ChangePicture',
  'User_DownloadPersonalData',
  'User_VerifyRulesToDelete',
  'User_Delete',
  'User_DeleteWithAllData',
  'User_UpdateCurrentUserDefaultTenant',
  'Tenant_UserTenants',
  'User_TwoFactor',
  'User_TwoFactorBegin',
  'User_TwoFactorConfirm',
  'User_TwoFactorDisable',
];

/** A small valid SVG standing in for the QR code. */
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h2v2H0zM2 2h2v2H2z"/></svg>';

const identity = (errors: string[] = []) => HttpResponse.json({ succeeded: errors.length === 0, errors });

export function createMockProfileApi(options: MockProfileOptions = {}) {
  const state = {
    user: {
      email: 'dana@example.com',
      name: 'Dana Revisora',
      userName: 'dana@example.com',
      role: 'Administrator',
      roleId: '00000000-0000-4000-8000-000000000020',
      impersonateRoleId: null,
      contact: null,
      emailConfirmed: options.emailConfirmed ?? true,
      hasPassword: !options.noPassword,
      userId: USER_ID,
      profilePicture: null,
    } as Schema<'CurrentUser'>,
    password: options.noPassword ? null : CURRENT_PASSWORD,
    logins: options.logins ?? [
      { loginProvider: 'Microsoft', providerKey: 'ms-1', providerDisplayName: 'Microsoft account' },
    ],
    defaultTenant: TENANT_ID,
    mails: [] as { to: string; kind: 'verify' | 'change' }[],
    deleted: null as 'account' | 'withData' | null,
    twoFactor: { enabled: options.twoFactorOn ?? false, begun: false, codesLeft: options.twoFactorOn ? 7 : 0 },
    calls: [] as string[],
  };
  const answer = async (request: Request, operation: string) => {
    state.calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v[^/]+/, '')}`);
    if (options.delay) await delay(options.delay);
    if (options.notImplemented?.includes(operation))
      return HttpResponse.json({ message: 'Not implemented.' }, { status: 501 });
    return null;
  };
  const failed = () =>
    options.failReads
      ? HttpResponse.json(
          { succeeded: false, errors: [{ code: 0, message: 'Unexpected.' }] },
          { status: options.failReads },
        )
      : null;
  const ownedTenant = { tenantId: OTHER_TENANT_ID, tenantName: 'Dana Consultoria' };
  const rules = (): Schema<'DeleteRulesResult'> => {
    switch (options.deletion ?? 'allowed') {
      case 'allowed':
        return { canDelete: true, canDeleteWithAllData: true, ownedTenants: [], reasons: [] };
      case 'withData':
        return {
          canDelete: false,
          canDeleteWithAllData: true,
          ownedTenants: [ownedTenant],
          reasons: ['You are the only owner of Dana Consultoria; a tenant cannot be left without an owner.'],
        };
      case 'blocked':
        return {
          canDelete: false,
          canDeleteWithAllData: false,
          ownedTenants: [ownedTenant],
          reasons: [
            'You are the only owner of Dana Consultoria; a tenant cannot be left without an owner.',
            'Dana Consultoria has other members; their work would be deleted with it.',
          ],
        };
    }
  };

  const handlers: HttpHandler[] = [
    http.get('*/api/:version/Server/Capabilities', () =>
      options.noCapabilities
        ? HttpResponse.json({ message: 'Not implemented.' }, { status: 501 })
        : HttpResponse.json({ operations: options.operations ?? PROFILE_OPERATIONS }),
    ),
    http.get('*/api/:version/User/GetUserDetails', async ({ request }) => {
      return (await answer(request, 'User_GetUserDetails')) ?? failed() ?? HttpResponse.json(state.user);
    }),
    http.patch('*/api/:version/User/SetPersonalInfo', async ({ request }) => {
      const early = await answer(request, 'User_SetPersonalInfo');
      if (early) return early;
      const body = (await request.json()) as Schema<'ProfileUpdate'>;
      if (!body.fullName?.trim()) return identity(['The full name cannot be empty.']);
      state.user = { ...state.user, name: body.fullName, contact: body.contact ?? null };
      return identity();
    }),
    http.post('*/api/:version/User/SendVerificationEmail', async ({ request }) => {
      const early = await answer(request, 'User_SendVerificationEmail');
      if (early) return early;
      state.mails.push({ to: state.user.email, kind: 'verify' });
      return identity();
    }),
    http.patch('*/api/:version/User/ChangeEmail', async ({ request }) => {
      const early = await answer(request, 'User_ChangeEmail');
      if (early) return early;
      const body = (await request.json()) as Schema<'ChangeEmailRequest'>;
      if (body.email.toLowerCase() === 'taken@example.com') return identity(['This e-mail address is already in use.']);
      state.mails.push({ to: body.email, kind: 'change' });
      return identity();
    }),
    http.post('*/api/:version/User/ChangePassword', async ({ request }) => {
      const early = await answer(request, 'User_ChangePassword');
      if (early) return early;
      const body = (await request.json()) as { oldPassword: string; newPassword: string };
      if (body.oldPassword !== state.password) return identity(['Incorrect password.']);
      if (body.newPassword.length < 8) return identity(['Passwords must be at least 8 characters.']);
      state.password = body.newPassword;
      return identity();
    }),
    http.post('*/api/:version/User/AddPassword', async ({ request }) => {
      const early = await answer(request, 'User_AddPassword');
      if (early) return early;
      const body = (await request.json()) as { newPassword: string };
      if (state.password) return identity(['The account already has a password.']);
      if (body.newPassword.length < 8) return identity(['Passwords must be at least 8 characters.']);
      state.password = body.newPassword;
      state.user = { ...state.user, hasPassword: true };
      return identity();
    }),
    http.get('*/api/:version/User/GetExternalLogins', async ({ request }) => {
      return (
        (await answer(request, 'User_GetExternalLogins')) ??
        failed() ??
        HttpResponse.json({
          currentLogins: state.logins,
          // The account keeps another way in: its password or a second login.
          canRemoveLogin: state.password !== null || state.logins.length > 1,
        })
      );
    }),
    http.post('*/api/:version/User/RemoveLogin', async ({ request }) => {
      const early = await answer(request, 'User_RemoveLogin');
      if (early) return early;
      const body = (await request.json()) as Schema<'RemoveLoginRequest'>;
      if (state.password === null && state.logins.length <= 1)
        return identity(['The only way to sign in cannot be removed.']);
      state.logins = state.logins.filter(
        (l) => !(l.loginProvider === body.loginProvider && l.providerKey === body.providerKey),
      );
      return identity();
    }),
    http.post('*/api/:version/User/ChangePicture', async ({ request }) => {
      const early = await answer(request, 'User_ChangePicture');
      if (early) return early;
      const body = (await request.json()) as Schema<'FilePayload'>;
      if ((body.content.length * 3) / 4 > 2 * 1024 * 1024 + 2)
        return HttpResponse.json({ message: 'The picture is larger than 2 MB.' }, { status: 400 });
      const profilePicture = `data:${body.contentType};base64,${body.content}`;
      state.user = { ...state.user, profilePicture };
      return HttpResponse.json({ userId: USER_ID, profilePicture });
    }),
    http.get('*/api/:version/Tenant/UserTenants', async ({ request }) => {
      const early = await answer(request, 'Tenant_UserTenants');
      if (early) return early;
      const link = (tenantId: string, tenantName: string): Schema<'UserTenantLink'> => ({
        tenantId,
        tenantName,
        userId: USER_ID,
        isDefault: state.defaultTenant === tenantId,
        roleId: state.user.roleId,
        impersonateRoleId: null,
        isTenantOwner: tenantId === OTHER_TENANT_ID,
      });
      return HttpResponse.json([link(TENANT_ID, 'Acme Documentos'), link(OTHER_TENANT_ID, 'Dana Consultoria')]);
    }),
    http.post('*/api/:version/User/UpdateCurrentUserDefaultTenant', async ({ request }) => {
      const early = await answer(request, 'User_UpdateCurrentUserDefaultTenant');
      if (early) return early;
      const body = (await request.json()) as { tenantId: string };
      if (![TENANT_ID, OTHER_TENANT_ID].includes(body.tenantId))
        return HttpResponse.json({ message: 'You are not an active member of this tenant.' }, { status: 404 });
      state.defaultTenant = body.tenantId;
      return HttpResponse.json({ succeeded: true, errors: [], result: true });
    }),
    http.post('*/api/:version/User/DownloadPersonalData', async ({ request }) => {
      const early = await answer(request, 'User_DownloadPersonalData');
      if (early) return early;
      return new HttpResponse(JSON.stringify({ email: state.user.email, name: state.user.name }), {
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition': 'attachment; filename="personal-data.json"',
        },
      });
    }),
    http.get('*/api/:version/User/VerifyRulesToDelete', async ({ request }) => {
      return (await answer(request, 'User_VerifyRulesToDelete')) ?? HttpResponse.json(rules());
    }),
    http.get('*/api/:version/User/TwoFactor', async ({ request }) => {
      return (
        (await answer(request, 'User_TwoFactor')) ??
        failed() ??
        HttpResponse.json({ enabled: state.twoFactor.enabled, recoveryCodesLeft: state.twoFactor.codesLeft })
      );
    }),
    http.post('*/api/:version/User/TwoFactor/Begin', async ({ request }) => {
      const early = await answer(request, 'User_TwoFactorBegin');
      if (early) return early;
      if (state.twoFactor.enabled)
        return HttpResponse.json({ message: 'Two-factor authentication is already on.' }, { status: 400 });
      state.twoFactor.begun = true;
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      return HttpResponse.json({
        secret,
        otpauthUri: `otpauth://totp/Reviewdesk:dana%40example.com?issuer=Reviewdesk&secret=${secret}`,
        qrCodeSvg: QR_SVG,
      });
    }),
    http.post('*/api/:version/User/TwoFactor/Confirm', async ({ request }) => {
      const early = await answer(request, 'User_TwoFactorConfirm');
      if (early) return early;
      const { code } = (await request.json()) as { code: string };
      if (!state.twoFactor.begun) return HttpResponse.json({ message: 'Begin first.' }, { status: 400 });
      if (code !== APP_CODE)
        return HttpResponse.json({
          succeeded: false,
          errors: ['The code is not right. Type the code your app shows now.'],
          recoveryCodes: [],
        });
      state.twoFactor = { enabled: true, begun: false, codesLeft: 10 };
      const recoveryCodes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);
      return HttpResponse.json({ succeeded: true, errors: [], recoveryCodes });
    }),
    http.post('*/api/:version/User/TwoFactor/Disable', async ({ request }) => {
      const early = await answer(request, 'User_TwoFactorDisable');
      if (early) return early;
      const body = (await request.json()) as { code?: string | null; password?: string | null };
      if (!state.twoFactor.enabled) return HttpResponse.json({ message: 'It is not on.' }, { status: 400 });
      if (body.code !== APP_CODE && body.password !== state.password)
        return identity(['The code or the password is not right.']);
      state.twoFactor = { enabled: false, begun: false, codesLeft: 0 };
      return identity();
    }),
    http.delete('*/api/:version/User/Delete', async ({ request }) => {
      const early = await answer(request, 'User_Delete');
      if (early) return early;
      const found = rules();
      if (!found.canDelete) return identity(found.reasons);
      state.deleted = 'account';
      return identity();
    }),
    http.delete('*/api/:version/User/DeleteWithAllData', async ({ request }) => {
      const early = await answer(request, 'User_DeleteWithAllData');
      if (early) return early;
      const found = rules();
      if (!found.canDeleteWithAllData) return identity(found.reasons);
      state.deleted = 'withData';
      return identity();
    }),
  ];
  return { state, handlers };
}

/** A story's `beforeEach` installing the profile mock with these options. */
export const mockedProfile = (options: MockProfileOptions = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockProfileApi(options).handlers);
  },
});
