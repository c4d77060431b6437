/**
 * The routes the package knows: the authentication routes of product-spec §2 (rendered by
 * `<AuthenticationPage>`), the public routes that skip sign-in, and return-URL hygiene.
 * Router-agnostic: everything here is plain strings so any router (or none) can use it.
 */

/** The actions of the `/authentication/*` routes, in the spec's order. */
export const authenticationActions = [
  'login',
  'login-callback',
  'login-failed',
  'profile',
  'register',
  'logout',
  'logged-out',
  'logout-callback',
] as const;

/** One authentication action; its route is `/authentication/<action>`. */
export type AuthenticationAction = (typeof authenticationActions)[number];

/** The prefix of every authentication route. */
export const AUTHENTICATION_PREFIX = '/authentication';

/** The route of each authentication action, without base path. */
export const authenticationPaths: Readonly<Record<AuthenticationAction, string>> = Object.freeze(
  Object.fromEntries(authenticationActions.map((action) => [action, `${AUTHENTICATION_PREFIX}/${action}`])) as Record<
    AuthenticationAction,
    string
  >,
);

/** Where the guard sends a signed-in user who lacks a permission. */
export const NOT_AUTHORIZED_PATH = '/not-authorized';

/** Routes reachable without signing in (product-spec §2), besides `/authentication/*`. */
export const publicRoutes = [
  '/confirm/email',
  '/confirm/change-email',
  '/confirm/delete',
  '/Identity/Account/ForgotPassword',
] as const;

/** Options shared by the route helpers. */
export interface RouteOptions {
  /**
   * Path the app is mounted under (e.g. `/reviewdesk`), without trailing slash.
   * @default ''
   */
  basePath?: string;
}

function normaliseBase(basePath = ''): string {
  return basePath.replace(/\/+$/, '');
}

/** The path of an authentication action under `basePath`, e.g. `/authentication/login`. */
export function getAuthenticationPath(action: AuthenticationAction, options: RouteOptions = {}): string {
  return `${normaliseBase(options.basePath)}${authenticationPaths[action]}`;
}

/** Strips query and hash, the base path and trailing slashes; lower-cases (ASP.NET-style routes are case-insensitive). */
function routeOf(pathname: string, basePath: string): string | undefined {
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  const base = normaliseBase(basePath).toLowerCase();
  if (base) {
    if (path.toLowerCase() !== base && !path.toLowerCase().startsWith(`${base}/`)) return undefined;
    path = path.slice(base.length);
  }
  return (path.replace(/\/+$/, '') || '/').toLowerCase();
}

function matches(route: string, prefix: string): boolean {
  const p = prefix.toLowerCase();
  return route === p || route.startsWith(`${p}/`);
}

/**
 * Whether `pathname` is reachable without signing in: the spec's public routes and the
 * authentication routes themselves (which must not trigger sign-in, or the callback would loop).
 *
 * @example isPublicRoute('/confirm/email?token=…') // true
 */
export function isPublicRoute(pathname: string, options: RouteOptions = {}): boolean {
  const route = routeOf(pathname, options.basePath ?? '');
  if (route === undefined) return false;
  return matches(route, AUTHENTICATION_PREFIX) || publicRoutes.some((prefix) => matches(route, prefix));
}

/**
 * A return URL that is safe to navigate to after sign-in: a same-origin path, else `fallback`.
 * Refuses absolute URLs to other origins and protocol-relative `//host` URLs (open redirects).
 */
export function sanitizeReturnUrl(value: unknown, origin: string | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  if (!origin) return fallback;
  try {
    const url = new URL(value);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** The login route with the page to come back to, e.g. `/authentication/login?returnUrl=%2Ftask%2Flist`. */
export function getLoginUrl(returnUrl: string, options: RouteOptions = {}): string {
  return `${getAuthenticationPath('login', options)}?${new URLSearchParams({ returnUrl })}`;
}
