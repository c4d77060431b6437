import { describe, expect, it } from 'vitest';
import {
  authenticationActions,
  authenticationPaths,
  getAuthenticationPath,
  getLoginUrl,
  isPublicRoute,
  sanitizeReturnUrl,
} from './routes';

describe('authentication routes', () => {
  it('has the eight actions of product-spec §2 under /authentication', () => {
    expect(authenticationActions).toEqual([
      'login',
      'login-callback',
      'login-failed',
      'profile',
      'register',
      'logout',
      'logged-out',
      'logout-callback',
    ]);
    expect(authenticationPaths['login-callback']).toBe('/authentication/login-callback');
    expect(getAuthenticationPath('logout', { basePath: '/rd/' })).toBe('/rd/authentication/logout');
  });

  it('builds the login URL with an encoded return URL', () => {
    expect(getLoginUrl('/task/list?tab=to-review')).toBe(
      '/authentication/login?returnUrl=%2Ftask%2Flist%3Ftab%3Dto-review',
    );
  });
});

describe('isPublicRoute', () => {
  it.each([
    '/confirm/email',
    '/confirm/email?token=abc',
    '/confirm/change-email',
    '/confirm/delete/',
    '/Identity/Account/ForgotPassword',
    '/identity/account/forgotpassword',
    '/authentication/login-callback',
    '/authentication/logged-out#x',
  ])('%s is public', (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(['/', '/home', '/task/list', '/confirm', '/confirm/emails', '/authenticationx', '/Identity/Account/Login'])(
    '%s needs sign-in',
    (path) => {
      expect(isPublicRoute(path)).toBe(false);
    },
  );

  it('honours a base path', () => {
    expect(isPublicRoute('/rd/confirm/email', { basePath: '/rd' })).toBe(true);
    expect(isPublicRoute('/confirm/email', { basePath: '/rd' })).toBe(false);
    expect(isPublicRoute('/rd/home', { basePath: '/rd' })).toBe(false);
  });
});

describe('sanitizeReturnUrl', () => {
  const origin = 'https://app.example.com';
  it('keeps same-origin paths and URLs', () => {
    expect(sanitizeReturnUrl('/task/list?x=1#y', origin)).toBe('/task/list?x=1#y');
    expect(sanitizeReturnUrl('https://app.example.com/home?a=b', origin)).toBe('/home?a=b');
  });
  it('refuses other origins, protocol-relative URLs and junk', () => {
    expect(sanitizeReturnUrl('https://evil.example.com/', origin)).toBe('/');
    expect(sanitizeReturnUrl('//evil.example.com', origin)).toBe('/');
    expect(sanitizeReturnUrl('/\\evil.example.com', origin)).toBe('/');
    expect(sanitizeReturnUrl('javascript:alert(1)', origin)).toBe('/');
    expect(sanitizeReturnUrl(42, origin, '/home')).toBe('/home');
  });
});
