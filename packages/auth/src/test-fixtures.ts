// Shared fixtures of the unit tests (not part of the package's entry point).
import type { UserAuthDetails } from './user-auth-details';

/** A complete GetUserAuthDetails answer granting `abilities` (`'Task.Review'`, `'Tenant.UpdateUserRole.Reviewer'`). */
export function authDetails(abilities: readonly string[] = []): UserAuthDetails {
  return {
    email: 'dana@example.com',
    name: 'Dana Reviewer',
    userName: 'dana',
    role: 'Reviewer',
    roleId: '00000000-0000-4000-8000-000000000001',
    impersonateRoleId: null,
    contact: null,
    emailConfirmed: true,
    hasPassword: true,
    userId: '00000000-0000-4000-8000-000000000002',
    profilePicture: null,
    abilities: abilities.map((permission) => {
      const [subject = '', ...action] = permission.split('.');
      return { subject, action: action.join('.') };
    }),
  };
}
