import { changePassword } from '../../domain/accounts.js';
import { allRoles, authDetails, currentUser, setPersonalInfo } from '../../domain/users/profile.js';
import { defineHandlers, requires, signedIn } from '../handler.js';

const identityResult = (errors: string[]) => ({ succeeded: errors.length === 0, errors });

export const userHandlers = defineHandlers({
  User_GetUserAuthDetails: signedIn(async ({ session }) => authDetails(session)),
  User_GetCurrentUser: signedIn(async ({ session }) => currentUser(session)),
  User_GetUserDetails: requires(['User.Profile'], async ({ session }) => currentUser(session)),
  // Role pickers live in the tenant and workspace user screens and in role administration.
  User_AllRoles: requires(['Tenant.ListUsers', 'Workspace.ListUsers', 'Role.RoleList'], async () => allRoles()),
  User_SetPersonalInfo: requires(['User.Profile'], async ({ body, session, services }) => {
    const { fullName, contact } = body;
    return identityResult(await setPersonalInfo(services.db, session.user.id, fullName, contact));
  }),
  User_ChangePassword: requires(['User.Profile'], async ({ body, session, services }) => {
    const { oldPassword, newPassword } = body;
    return identityResult(
      await changePassword(services.db, session.user.id, oldPassword, newPassword, session.grantId),
    );
  }),
});
