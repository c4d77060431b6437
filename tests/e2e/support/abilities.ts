/**
 * What a signed-in user should see, derived from the server's own answer and the app's route
 * table — never from a hand-written list per role:
 *  - abilities: `User/GetUserAuthDetails` called with the user's own access token;
 *  - menu: the app's menu entries (apps/web/src/routes/paths.ts) whose route permission is held
 *    and whose calls the server lists in `Server/Capabilities`;
 *  - forbidden routes: protected routes whose permission is not held.
 * Matching ignores case, as `@reviewdesk/auth` does.
 */
import type { Page, Request } from 'playwright-core';
import { protectedRoutes, visibleMenuEntries } from '../../../apps/web/src/routes/paths';

export const AUTH_DETAILS_PATH = '/api/v1.0/User/GetUserAuthDetails';

export interface AuthDetails {
  email: string;
  name: string;
  role: string;
  /** `Resource.Action`, as the server grants them (blacklisted ones already left out). */
  abilities: string[];
  /** The operationIds the server implements (`Server/Capabilities`). */
  operations: string[];
}

/**
 * Remembers the bearer token the app sends with its own GetUserAuthDetails call. Attach before
 * signing in; `token()` waits for the call.
 */
export function watchAccessToken(page: Page): { token: () => Promise<string> } {
  let seen: string | undefined;
  const isAuthDetails = (request: Request) => new URL(request.url()).pathname === AUTH_DETAILS_PATH;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (isAuthDetails(request) && header?.startsWith('Bearer ')) seen = header.slice('Bearer '.length);
  });
  return {
    async token() {
      if (seen) return seen;
      const request = await page.waitForRequest((r) => isAuthDetails(r) && Boolean(r.headers().authorization));
      return (request.headers().authorization ?? '').replace(/^Bearer /, '');
    },
  };
}

/** Asks the server, with the user's token, who they are and what they may do. */
export async function fetchAuthDetails(baseUrl: string, token: string): Promise<AuthDetails> {
  const response = await fetch(`${baseUrl}${AUTH_DETAILS_PATH}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GetUserAuthDetails answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as {
    email?: string;
    name?: string;
    role?: string;
    abilities: { subject: string; action: string }[];
  };
  const capabilities = await fetch(`${baseUrl}/api/v1/Server/Capabilities`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (!capabilities.ok) throw new Error(`Server/Capabilities answered ${capabilities.status}`);
  const { operations } = (await capabilities.json()) as { operations: string[] };
  return {
    operations,
    email: body.email ?? '',
    name: body.name ?? '',
    role: body.role ?? '',
    abilities: body.abilities.map((a) => `${a.subject}.${a.action}`),
  };
}

function holds(details: AuthDetails): (permission: string) => boolean {
  const held = new Set(details.abilities.map((a) => a.toLowerCase()));
  return (permission) => held.has(permission.toLowerCase());
}

/** Test ids of the side-menu entries these abilities open, in the menu's order (`menu.task-list`, …). */
export function expectedMenuTestIds(details: AuthDetails): string[] {
  const implemented = new Set(details.operations);
  return visibleMenuEntries(holds(details), (operationId) => implemented.has(operationId)).map(
    (entry) => `menu.${entry.id}`,
  );
}

/** Protected routes these abilities do not open: each must land on /not-authorized. */
export function forbiddenPaths(details: AuthDetails): string[] {
  const can = holds(details);
  return protectedRoutes.filter((route) => !can(route.permission)).map((route) => route.path);
}
