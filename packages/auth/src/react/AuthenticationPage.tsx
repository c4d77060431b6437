/**
 * <AuthenticationPage action=…>: everything the `/authentication/*` routes do, router-agnostic.
 * Mount one per route (see `authenticationActions` / `authenticationPaths`); it runs the action
 * once and moves on through the host's `navigate`.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DEFAULT_CLIENT_ID } from '../client-settings';
import { AuthError, type AuthErrorCode, type AuthMessages, missingConfigurationMessage } from '../messages';
import { type AuthenticationAction, getAuthenticationPath } from '../routes';
import type { AuthSession } from '../session';
import { type Navigate, useAuthContext } from './context';

/** Props of {@link AuthenticationPage}. */
export interface AuthenticationPageProps {
  /** Which authentication route this is. */
  action: AuthenticationAction;
  /** Overrides the provider's navigate for this page. */
  navigate?: Navigate;
  /** The full URL of the page (the provider's answer is in its query). @default window.location.href */
  url?: string;
  /** The app's profile page for the `profile` action. @default '<basePath>/user' */
  profileUrl?: string;
  /**
   * The server's registration page for the `register` action (opened with a full page load).
   * @default '/Identity/Account/Register'
   */
  registerUrl?: string;
  /** Full-page navigation to server pages. @default (url) => window.location.assign(url) */
  redirect?: (url: string) => void;
  /** Translated texts. */
  messages?: Partial<AuthMessages>;
}

type View = { kind: 'progress'; text: string } | { kind: 'error'; text: string } | { kind: 'done'; text?: string };

const errorCodes: readonly AuthErrorCode[] = [
  'user-closed-window',
  'sign-in-failed',
  'sign-out-failed',
  'missing-configuration',
  'abilities-failed',
];

/** The text shown on login-failed for an error code from the query; unknown codes get the generic text. */
function failureText(code: string | null, messages: AuthMessages): string {
  switch (code) {
    case 'user-closed-window':
      return messages.userClosedWindow;
    case 'missing-configuration':
      return missingConfigurationMessage(DEFAULT_CLIENT_ID, messages);
    case 'abilities-failed':
      return messages.abilitiesFailed;
    default:
      return messages.signInFailed;
  }
}

function initialView(action: AuthenticationAction, query: URLSearchParams, messages: AuthMessages): View {
  switch (action) {
    case 'login-failed':
      return { kind: 'error', text: failureText(query.get('error'), messages) };
    case 'logged-out':
      return { kind: 'done', text: messages.loggedOut };
    case 'logout':
    case 'logout-callback':
      return { kind: 'progress', text: messages.signingOut };
    default:
      return { kind: 'progress', text: messages.signingIn };
  }
}

interface Context {
  session: AuthSession;
  url: string;
  query: URLSearchParams;
  navigate: Navigate;
  redirect: (url: string) => void;
  profileUrl: string;
  registerUrl: string;
  setView: (view: View) => void;
}

function failed(ctx: Context, error: unknown): void {
  const code = error instanceof AuthError && errorCodes.includes(error.code) ? error.code : 'sign-in-failed';
  // Only a code travels in the URL, never a message: the login-failed page shows its own texts.
  ctx.navigate(`${getAuthenticationPath('login-failed', { basePath: ctx.session.basePath })}?error=${code}`);
}

/** Runs one action. Resolves when the page has nothing more to do. */
async function run(action: AuthenticationAction, ctx: Context): Promise<void> {
  const { session, query } = ctx;
  const returnUrl = query.get('returnUrl') ?? undefined;
  switch (action) {
    case 'login': {
      try {
        const outcome = await session.signIn({ returnUrl });
        // 'redirecting': the browser is leaving for the provider; nothing more to do here.
        if (outcome === 'signed-in') ctx.navigate(returnUrl ?? `${session.basePath}/`);
      } catch (error) {
        failed(ctx, error);
      }
      return;
    }
    case 'login-callback': {
      try {
        const completed = await session.completeSignIn(ctx.url);
        // null: this page runs in the silent sign-in iframe and has handed the answer to its parent.
        if (completed) ctx.navigate(completed.returnUrl);
        else ctx.setView({ kind: 'done' });
      } catch (error) {
        failed(ctx, error);
      }
      return;
    }
    case 'logout': {
      try {
        await session.signOut({ returnUrl });
      } catch (error) {
        ctx.setView({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    case 'logout-callback': {
      try {
        const { returnUrl: next } = await session.completeSignOut(ctx.url);
        ctx.navigate(next ?? getAuthenticationPath('logged-out', { basePath: session.basePath }));
      } catch (error) {
        ctx.setView({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    case 'profile':
      ctx.navigate(ctx.profileUrl);
      return;
    case 'register': {
      const back = returnUrl ?? `${session.basePath}/`;
      ctx.redirect(`${ctx.registerUrl}?${new URLSearchParams({ returnUrl: back })}`);
      return;
    }
    default:
      // login-failed and logged-out only show a message.
      return;
  }
}

const assign = (url: string) => globalThis.location.assign(url);

/**
 * The page of one authentication route.
 *
 * @example
 * // react-router
 * {authenticationActions.map((action) => (
 *   <Route key={action} path={authenticationPaths[action]} element={<AuthenticationPage action={action} />} />
 * ))}
 */
export function AuthenticationPage(props: AuthenticationPageProps): ReactNode {
  const context = useAuthContext('<AuthenticationPage>');
  const { session } = context;
  const messages: AuthMessages = { ...session.messages, ...props.messages };
  const url = props.url ?? globalThis.location?.href ?? '';
  const query = new URL(url, 'http://localhost').searchParams;
  const [view, setView] = useState<View>(() => initialView(props.action, query, messages));

  // One run per action and URL: React's development double effects must not sign in twice.
  const started = useRef<string | null>(null);
  const latest = useRef({ props, context });
  useEffect(() => {
    latest.current = { props, context };
  });

  useEffect(() => {
    const key = `${props.action} ${url}`;
    if (started.current === key) return;
    started.current = key;
    const { props: p, context: c } = latest.current;
    void run(p.action, {
      session: c.session,
      url,
      query: new URL(url, 'http://localhost').searchParams,
      navigate: p.navigate ?? c.navigate,
      redirect: p.redirect ?? assign,
      profileUrl: p.profileUrl ?? `${c.session.basePath}/user`,
      registerUrl: p.registerUrl ?? '/Identity/Account/Register',
      setView,
    });
  }, [props.action, url]);

  const signInAgain = () =>
    (props.navigate ?? context.navigate)(getAuthenticationPath('login', { basePath: session.basePath }));

  return (
    <div className="rd-auth-page" data-testid="auth.page" data-action={props.action}>
      {view.kind === 'progress' && (
        <p className="rd-auth-page__status" role="status">
          {view.text}
        </p>
      )}
      {view.kind === 'error' && (
        <p className="rd-auth-page__error" role="alert">
          {view.text}
        </p>
      )}
      {view.kind === 'done' && view.text && (
        <p className="rd-auth-page__status" role="status">
          {view.text}
        </p>
      )}
      {(props.action === 'login-failed' || props.action === 'logged-out') && (
        <button type="button" className="rd-auth-page__action" onClick={signInAgain}>
          {messages.signInAgain}
        </button>
      )}
    </div>
  );
}
