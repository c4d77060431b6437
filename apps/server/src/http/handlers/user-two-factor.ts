// Two-factor sign-in of the current account (contract additions, openapi/CONVENTIONS.md): its
// state, a new key, turning it on with a first code, turning it off. Rules in domain/users/two-factor.ts;
// the sign-in page asks for the code (identity/login-pages.ts).
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor, twoFactorStatus } from '../../domain/users/two-factor.js';
import { defineHandlers, requires } from '../handler.js';

export const userTwoFactorHandlers = defineHandlers({
  User_TwoFactor: requires(['User.Profile'], ({ session, services }) => twoFactorStatus(services.db, session.user.id)),
  User_TwoFactorBegin: requires(['User.Profile'], ({ session, services }) => beginTwoFactor(services.db, session)),
  User_TwoFactorConfirm: requires(['User.Profile'], async ({ body, session, services }) => {
    const { errors, recoveryCodes } = await confirmTwoFactor(services.db, session, body.code);
    return { succeeded: errors.length === 0, errors, recoveryCodes };
  }),
  User_TwoFactorDisable: requires(['User.Profile'], async ({ body, session, services }) => {
    const errors = await disableTwoFactor(services.db, session, body);
    return { succeeded: errors.length === 0, errors };
  }),
});
