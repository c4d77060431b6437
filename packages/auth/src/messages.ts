/**
 * The user-facing texts of sign-in (api-spec §8) and the error type that carries them.
 * Hosts translate by passing their own texts; the keys match `@reviewdesk/ui`'s namespace
 * (`Authentication.<key>`), the English defaults are the spec's wording.
 */

/** The texts the package shows. */
export interface AuthMessages {
  /** A sign-in popup was closed by the user (popups are never opened, kept for errors passed in). */
  userClosedWindow: string;
  /** Processing the sign-in callback failed. */
  signInFailed: string;
  /** The server has no (complete) client configuration; `{clientId}` is replaced. */
  missingConfiguration: string;
  /** The abilities of the signed-in user could not be loaded. */
  abilitiesFailed: string;
  /** Shown while signing in or processing the callback. */
  signingIn: string;
  /** Shown while signing out. */
  signingOut: string;
  /** Shown on the logged-out page. */
  loggedOut: string;
  /** The button on the login-failed and logged-out pages. */
  signInAgain: string;
}

/** English texts; `userClosedWindow`, `signInFailed` and `missingConfiguration` are the spec's. */
export const defaultAuthMessages: Readonly<AuthMessages> = Object.freeze({
  userClosedWindow: 'The user closed the window.',
  signInFailed: 'There was an error signing in.',
  missingConfiguration: "The client configuration for '{clientId}' is missing.",
  abilitiesFailed: 'Your permissions could not be loaded.',
  signingIn: 'Signing in…',
  signingOut: 'Signing out…',
  loggedOut: 'You have signed out.',
  signInAgain: 'Sign in again',
});

/** What went wrong, for code that reacts to a kind of failure rather than to a text. */
export type AuthErrorCode =
  | 'user-closed-window'
  | 'sign-in-failed'
  | 'sign-out-failed'
  | 'missing-configuration'
  | 'abilities-failed';

/** An authentication failure with a user-facing message; the underlying error is in `cause`. */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The configuration error text for `clientId`. */
export function missingConfigurationMessage(clientId: string, messages: AuthMessages = defaultAuthMessages): string {
  return messages.missingConfiguration.replace('{clientId}', clientId);
}

// oidc-client-ts reports a closed popup with this text (PopupWindow); we never open popups,
// but a host that does can still hand the error to toSignInError and get the spec's wording.
const POPUP_CLOSED = 'Popup closed by user';

/** Maps an oidc-client-ts failure during sign-in to an {@link AuthError} with the spec's text. */
export function toSignInError(error: unknown, messages: AuthMessages = defaultAuthMessages): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof Error && error.message === POPUP_CLOSED) {
    return new AuthError('user-closed-window', messages.userClosedWindow, { cause: error });
  }
  return new AuthError('sign-in-failed', messages.signInFailed, { cause: error });
}
