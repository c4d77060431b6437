// The sign-in, password, confirmation and sign-out pages speak the person's culture: the one the
// app asks for (ui_locales, then the culture cookie) first, the browser's Accept-Language second,
// in all five cultures, with a switch on the page.
import { describe, expect, it } from 'vitest';
import { CULTURE_COOKIE, PAGE_CULTURES, PAGE_LANGUAGES } from '../src/identity/culture.js';
import { textsFor } from '../src/identity/texts.js';
import { Browser } from './support/browser.js';
import { databaseKinds, demoEmail, useTestServer } from './support/harness.js';
import { signInFully, startSignIn } from './support/sign-in-flow.js';

const cultureCookie = (culture: string) => `${CULTURE_COOKIE}=${encodeURIComponent(`c=${culture}|uic=${culture}`)}`;
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const title = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
const decode = (html: string) => html.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

describe.each(databaseKinds())('identity pages in the person’s culture on %s', (kind) => {
  const t = useTestServer(kind, { listen: true, resetEachTest: true });
  const origin = () => t.config.origin;

  it('shows the sign-in page in the culture the app asks for (ui_locales), before Accept-Language', async () => {
    for (const language of PAGE_LANGUAGES) {
      const { html } = await startSignIn(new Browser(), origin(), {
        uiLocales: PAGE_CULTURES[language],
        acceptLanguage: language === 'en' ? 'de-DE' : 'en-US',
      });
      expect(htmlLang(html)).toBe(PAGE_CULTURES[language]);
      expect(decode(html)).toContain(textsFor(language).password);
      // The switch lists the five cultures.
      for (const other of PAGE_LANGUAGES) expect(html).toContain(`lang=${other}`);
    }
  });

  it('follows the culture cookie, then Accept-Language', async () => {
    const withCookie = await fetch(`${origin()}/Identity/Account/ForgotPassword`, {
      headers: { cookie: cultureCookie('fr-FR'), 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(htmlLang(await withCookie.text())).toBe('fr-FR');
    const byBrowser = await fetch(`${origin()}/Identity/Account/ForgotPassword`, {
      headers: { 'accept-language': 'nl-NL, es-ES;q=0.8, en;q=0.5' },
    });
    expect(htmlLang(await byBrowser.text())).toBe('es-ES');
    const nothing = await fetch(`${origin()}/Identity/Account/ForgotPassword`);
    expect(htmlLang(await nothing.text())).toBe('pt-PT');
  });

  it('remembers a culture picked with the switch', async () => {
    const browser = new Browser();
    const picked = await browser.fetch(`${origin()}/Identity/Account/ForgotPassword?lang=de`, {
      headers: { 'accept-language': 'en' },
    });
    expect(htmlLang(await picked.text())).toBe('de-DE');
    const next = await browser.fetch(`${origin()}/Identity/Account/ForgotPassword`, {
      headers: { 'accept-language': 'en' },
    });
    expect(decode(await next.text())).toContain(textsFor('de').forgotIntro);
  });

  it('says only that a confirmation link is invalid, in the culture', async () => {
    for (const path of ['/confirm/email', '/confirm/change-email', '/confirm/delete']) {
      const res = await fetch(`${origin()}${path}?userId=someone&code=not-a-code`, {
        headers: { cookie: cultureCookie('es-ES') },
      });
      expect(res.status).toBe(400);
      const html = decode(await res.text());
      expect(title(html)).toBe(textsFor('es').linkInvalidTitle);
      expect(html).toContain(textsFor('es').linkInvalid);
      for (const success of ['emailConfirmedTitle', 'emailChangedTitle'] as const) {
        expect(html).not.toContain(textsFor('es')[success]);
      }
    }
  });

  it('signs out in one step to the signed-out page in the app’s culture', async () => {
    const { tokens, browser } = await signInFully(origin(), demoEmail('Manager'));
    const out = await browser.fetch(
      `${origin()}/connect/endsession?${new URLSearchParams({ id_token_hint: tokens.id_token, ui_locales: 'fr-FR' })}`,
    );
    expect(out.status).toBe(303);
    const landed = await browser.fetch(new URL(out.headers.get('location') as string, origin()).toString());
    const html = decode(await landed.text());
    expect(htmlLang(html)).toBe('fr-FR');
    expect(title(html)).toBe(textsFor('fr').signedOutTitle);
  });

  it('asks in the culture when the app does not say who signs out', async () => {
    const { browser } = await signInFully(origin(), demoEmail('Reviewer'));
    const res = await browser.fetch(`${origin()}/connect/endsession?ui_locales=de-DE`);
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(title(html)).toBe(textsFor('de').signOutTitle);
    expect(html).toContain(textsFor('de').signOutButton);
    expect(html).not.toMatch(/<script|<style/i);
  });
});

describe('identity texts', () => {
  it('fills every text in every culture', () => {
    const keys = Object.keys(textsFor('en'));
    for (const language of PAGE_LANGUAGES) {
      const texts = textsFor(language);
      expect(Object.keys(texts).sort()).toEqual([...keys].sort());
      for (const key of keys) expect(texts[key as keyof typeof texts].trim()).not.toBe('');
    }
  });
});
