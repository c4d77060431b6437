// The e-mail address of the account: confirm it, change it. The confirming calls are public — the
// code from the mailed link is what authenticates them. Rules in domain/users/email-addresses.ts.
import { notFound } from '../../domain/errors.js';
import {
  confirmEmail,
  confirmEmailChange,
  requestEmailChange,
  sendVerification,
} from '../../domain/users/email-addresses.js';
import { defineHandlers, publicCall, requires } from '../handler.js';
import { requestLanguage } from '../request-language.js';

const identityResult = (errors: string[]) => ({ succeeded: errors.length === 0, errors });
const LINK_INVALID = 'This link is not valid or has expired.';

export const userEmailHandlers = defineHandlers({
  User_SendVerificationEmail: requires(['User.Profile'], async ({ request, session, services }) =>
    identityResult(await sendVerification(services, session, requestLanguage(request))),
  ),
  User_ConfirmEmail: publicCall(async ({ body, services }) => {
    if (!(await confirmEmail(services.db, body.userId, body.code))) throw notFound(LINK_INVALID);
    return identityResult([]);
  }),
  User_ChangeEmail: requires(['User.Profile'], async ({ body, query, request, session, services }) =>
    identityResult(
      await requestEmailChange(services, session, body.email, requestLanguage(request, { asked: query.language })),
    ),
  ),
  User_ConfirmChangeEmail: publicCall(async ({ body, services }) => {
    if (!body.userId || !body.code) throw notFound(LINK_INVALID);
    const outcome = await confirmEmailChange(services.db, body.userId, body.code, body.email);
    if (outcome === 'invalid') throw notFound(LINK_INVALID);
    return identityResult(outcome === 'taken' ? ['This e-mail address is already in use.'] : []);
  }),
});
