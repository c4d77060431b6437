// The account calls of the profile screens (own account: default tenant, tours, logins, picture,
// personal data, deletion) and the user look-ups of the tenant screens. Rules in domain/users.

import { deleteAccount, deleteAccountWithData, deletionRules } from '../../domain/users/account-deletion.js';
import {
  addPassword,
  externalLogins,
  removeExternalLogin,
  setDefaultTenant,
  toursSeen,
  updateToursSeen,
} from '../../domain/users/account-settings.js';
import { personalData } from '../../domain/users/personal-data.js';
import { changePicture, MAX_PICTURE_BYTES, pictureOf, picturesOf } from '../../domain/users/profile-pictures.js';
import { removeTenantUser, tenantUserByEmail } from '../../domain/users/tenant-users.js';
import { defineHandlers, requires, withBodyLimit } from '../handler.js';
import { sendBytes, untilSent } from '../send-file.js';

const identityResult = (errors: string[]) => ({ succeeded: errors.length === 0, errors });
const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

export const userAccountHandlers = defineHandlers({
  User_Get: requires(['Tenant.ListUsers', 'Workspace.ListUsers', 'User.InviteUser'], ({ query, session, services }) =>
    tenantUserByEmail(services.db, session, query.email),
  ),
  User_Remove: requires(['Tenant.UpdateUserStatus'], ({ body, session, services }) =>
    removeTenantUser(services.db, session, body.userId),
  ),
  User_UpdateCurrentUserDefaultTenant: requires(['User.Profile'], ({ body, session, services }) =>
    setDefaultTenant(services.db, session, body.tenantId),
  ),
  User_GetToursSeen: requires(['User.Profile'], async ({ session }) => toursSeen(session)),
  User_UpdateToursSeen: requires(['User.Profile'], async ({ body, session, services }) => {
    await updateToursSeen(services.db, session, body);
  }),
  User_GetExternalLogins: requires(['User.Profile'], ({ session, services }) => externalLogins(services.db, session)),
  User_RemoveLogin: requires(['User.Profile'], async ({ body, session, services }) =>
    identityResult(await removeExternalLogin(services.db, session, body.loginProvider, body.providerKey)),
  ),
  User_AddPassword: requires(['User.Profile'], async ({ body, session, services }) =>
    identityResult(await addPassword(services.db, session, body.newPassword)),
  ),
  // The picture travels as base64 (4 characters per 3 bytes) inside JSON: room for the largest
  // accepted picture, so a larger one is refused by the size rule with a message, not by the parser.
  User_ChangePicture: withBodyLimit(
    Math.ceil((MAX_PICTURE_BYTES * 4) / 3) + 64 * 1024,
    requires(['User.Profile'], ({ body, session, services }) => changePicture(services.db, session, body)),
  ),
  // Pictures show wherever people are listed, so any member may read those of their own tenant.
  User_GetProfilePicture: requires(['User.Profile'], ({ params, session, services }) =>
    pictureOf(services.db, session, params.userId),
  ),
  User_GetProfilePicturesByUserId: requires(['User.Profile'], ({ query, session, services }) =>
    picturesOf(services.db, session, asList(query.userIds)),
  ),
  User_DownloadPersonalData: requires(['User.Profile'], async ({ reply, session, services }) => {
    const file = await personalData(services.db, session);
    sendBytes(reply, file.bytes, {
      fileName: file.fileName,
      contentType: 'application/json',
      disposition: 'attachment',
    });
    return untilSent(reply);
  }),
  User_VerifyRulesToDelete: requires(['User.Profile'], ({ session, services }) =>
    deletionRules(services.db, session.user.id),
  ),
  User_Delete: requires(['User.Profile'], async ({ session, services }) =>
    identityResult(await deleteAccount(services.db, session)),
  ),
  User_DeleteWithAllData: requires(['User.Profile'], async ({ session, services }) =>
    identityResult(await deleteAccountWithData(services.db, session)),
  ),
});
