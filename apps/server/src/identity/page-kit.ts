// What every identity page handler needs: the page's culture (and the switch to the others), HTML
// answers that are never cached, hidden form fields and the way back to the app.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { cultureCookie, languageOfTag, type PageLanguage, pickLanguage } from './culture.js';
import { escapeHtml } from './html.js';
import { message, page } from './layout.js';
import { type PageTexts, textsFor } from './texts.js';

export type Form = Record<string, string>;

export interface PageContext {
  language: PageLanguage;
  t: PageTexts;
  switchHref: (language: PageLanguage) => string;
}

/** The same address with `lang` set: the culture switch's links. */
export function withLanguage(url: string, language: PageLanguage): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', language);
  return `${path}?${params.toString()}`;
}

/**
 * The culture of this page: `?lang=` (the switch), `ui_locales` of the sign-in request, the culture
 * cookie, Accept-Language. A culture picked with the switch is remembered in the culture cookie.
 */
export function pageContext(
  request: FastifyRequest,
  reply: FastifyReply,
  config: ServerConfig,
  uiLocales?: unknown,
): PageContext {
  const query = request.query as Record<string, unknown>;
  const body = (request.body ?? {}) as Form;
  const picked = languageOfTag(query.lang ?? body.lang);
  // Only a click on the switch (a GET with ?lang=, or a form step's switch posting `cultureSwitch`)
  // is a choice worth remembering.
  const switched =
    request.method === 'GET'
      ? languageOfTag(query.lang)
      : body.cultureSwitch !== undefined
        ? languageOfTag(body.lang)
        : undefined;
  const language = pickLanguage({
    picked,
    uiLocales,
    cookieHeader: request.headers.cookie,
    acceptLanguage: request.headers['accept-language'],
  });
  if (switched) appendCookie(reply, cultureCookie(switched, config.origin.startsWith('https://')));
  return { language, t: textsFor(language), switchHref: (other) => withLanguage(request.url, other) };
}

/**
 * Adds a Set-Cookie on the raw response: the provider writes its own cookies there (interaction
 * results), and a Fastify reply header of the same name would replace them.
 */
export function appendCookie(reply: FastifyReply, cookie: string): void {
  const previous = reply.raw.getHeader('set-cookie');
  const list = Array.isArray(previous) ? previous : previous === undefined ? [] : [String(previous)];
  reply.raw.setHeader('set-cookie', [...list, cookie]);
}

export function sendPage(reply: FastifyReply, markup: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(markup);
}

export const hidden = (name: string, value: string | undefined) =>
  value ? `<input type="hidden" name="${name}" value="${escapeHtml(value)}">` : '';

export const appLink = (config: ServerConfig, t: PageTexts) =>
  `<p class="links"><a href="${escapeHtml(config.origin)}/">${escapeHtml(t.backToApp)}</a></p>`;

/** A page with only a message (and the way back to the app). */
export function messagePage(
  context: PageContext,
  title: string,
  kind: 'error' | 'notice',
  text: string,
  extra = '',
): string {
  return page({
    language: context.language,
    title,
    body: message(kind, text) + extra,
    switchHref: context.switchHref,
  });
}
