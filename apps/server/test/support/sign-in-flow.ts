// The browser side of the real sign-in, for tests: authorize → login page → consent → callback
// code → token exchange (PKCE), driven over HTTP with the cookie-jar Browser.
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../src/domain/demo-data.js';
import { Browser, formUid, pkcePair } from './browser.js';

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token: string;
}

export const redirectUriOf = (origin: string) => `${origin}/authentication/login-callback`;

export async function startSignIn(
  browser: Browser,
  origin: string,
  options: { uiLocales?: string; acceptLanguage?: string } = {},
) {
  const { verifier, challenge } = pkcePair();
  const authorize = new URL(`${origin}/connect/authorize`);
  authorize.search = new URLSearchParams({
    client_id: 'reviewdesk-web',
    response_type: 'code',
    redirect_uri: redirectUriOf(origin),
    scope: 'openid profile email offline_access api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    ...(options.uiLocales ? { ui_locales: options.uiLocales } : {}),
  }).toString();
  const { response, url } = await browser.follow(authorize.toString(), origin, {
    headers: options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {},
  });
  expect(url).toContain('/Identity/Account/Login?uid=');
  expect(response.status).toBe(200);
  const html = await response.text();
  return { verifier, uid: formUid(html), loginUrl: url, html, response };
}

export function submitLogin(
  browser: Browser,
  origin: string,
  uid: string,
  email: string,
  password: string,
  lang = 'en',
) {
  return browser.postForm(`${origin}/Identity/Account/Login?uid=${uid}`, { uid, email, password, lang });
}

/** A whole sign-in in `browser` (a new one by default); returns the token response. */
export function signInFully(origin: string, email: string, browser = new Browser(), password = DEMO_PASSWORD) {
  return signInAcross(origin, origin, email, browser, password);
}

/**
 * A sign-in whose authorize and token exchange go to `origin` (the public one) and whose login form
 * goes to `loginOrigin` — another replica behind the same load balancer.
 */
export async function signInAcross(
  origin: string,
  loginOrigin: string,
  email: string,
  browser = new Browser(),
  password = DEMO_PASSWORD,
) {
  const { verifier, uid } = await startSignIn(browser, origin, { uiLocales: 'en' });
  const posted = await submitLogin(browser, loginOrigin, uid, email, password);
  return finishSignIn(browser, origin, posted, verifier);
}

/** After the login form was accepted: follows it back to the app and exchanges the code for tokens. */
export async function finishSignIn(browser: Browser, origin: string, posted: Response, verifier: string) {
  expect(posted.status).toBe(303);
  const { url } = await browser.follow(new URL(posted.headers.get('location') as string, origin).toString(), origin);
  const callback = new URL(url);
  expect(callback.pathname).toBe('/authentication/login-callback');
  const code = callback.searchParams.get('code') as string;
  const tokenResponse = await fetch(`${origin}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'reviewdesk-web',
      code,
      redirect_uri: redirectUriOf(origin),
      code_verifier: verifier,
    }),
  });
  expect(tokenResponse.status).toBe(200);
  return { tokens: (await tokenResponse.json()) as Tokens, callback, tokenResponse, browser };
}

/** An API call with a bearer token; the status says whether the token is still honoured. */
export async function apiStatus(origin: string, accessToken: string): Promise<number> {
  const res = await fetch(`${origin}/api/v1/User/GetCurrentUser`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return res.status;
}
