// Browser security headers on every kind of answer (the app, the API, the identity pages, the
// provider, signed files), no caching of API answers, HSTS over HTTPS, and the framing setting.
import { describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';

function expectBaseHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'[^;]*;/);
  expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(String(headers['permissions-policy'])).toContain('camera=()');
  // Served over plain HTTP here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe.each(databaseKinds())('security headers on %s', (kind) => {
  const t = useTestServer(kind);

  it('puts them on the app, with framing by the same origin only', async () => {
    const res = await t.server.app.inject({ method: 'GET', url: '/task/list' });
    expectBaseHeaders(res.headers);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('puts them on API answers, which are never stored', async () => {
    const token = await t.tokenFor(demoEmail('Manager'));
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/v1/User/GetCurrentUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    const unauthorized = await t.server.app.inject({ method: 'POST', url: '/api/v1/User/GetCurrentUser' });
    expect(unauthorized.headers['cache-control']).toBe('no-store');
  });

  it('never lets the identity pages be framed, and they carry no inline script or style', async () => {
    for (const url of ['/Identity/Account/ForgotPassword', '/Identity/Account/Login?uid=x', '/confirm/email']) {
      const res = await t.server.app.inject({ method: 'GET', url });
      expectBaseHeaders(res.headers);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.body).not.toMatch(/<script|<style|style=/i);
    }
    const css = await t.server.app.inject({ method: 'GET', url: '/Identity/assets/identity.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('puts them on the provider’s answers and on signed file URLs', async () => {
    const discovery = await t.server.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expectBaseHeaders(discovery.headers);
    const signed = await t.server.app.inject({ method: 'GET', url: '/files/signed/not-a-valid-token' });
    expectBaseHeaders(signed.headers);
    expect(signed.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('adds HSTS over HTTPS and lets configured partner origins frame the app', async () => {
    const server = await buildServer(
      { ...t.config, origin: 'https://review.example', frameAncestors: ['https://partner.example'] },
      { database: t.server.database },
    );
    try {
      const app = await server.app.inject({ method: 'GET', url: '/task/list' });
      expect(app.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(app.headers['content-security-policy']).toContain("frame-ancestors 'self' https://partner.example");
      // X-Frame-Options cannot name partners: frame-ancestors alone decides then.
      expect(app.headers['x-frame-options']).toBeUndefined();
      const login = await server.app.inject({ method: 'GET', url: '/Identity/Account/ForgotPassword' });
      expect(login.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await server.app.close();
    }
  });
});

describe('FRAME_ANCESTORS', () => {
  it('takes origins and refuses anything else', () => {
    expect(loadConfig({ FRAME_ANCESTORS: 'https://a.example, https://b.example:8443' }).frameAncestors).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    expect(loadConfig({}).frameAncestors).toEqual([]);
    expect(() => loadConfig({ FRAME_ANCESTORS: '*' })).toThrow(/FRAME_ANCESTORS/);
    expect(() => loadConfig({ FRAME_ANCESTORS: 'https://a.example/path' })).toThrow(/FRAME_ANCESTORS/);
  });
});
