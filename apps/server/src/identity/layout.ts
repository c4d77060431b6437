// The frame of every server-rendered identity page: plain HTML with the served stylesheet (no
// inline style or script: the Content-Security-Policy forbids both here) and the culture switch.
import { readFileSync } from 'node:fs';
import { CULTURE_NAMES, PAGE_CULTURES, PAGE_LANGUAGES, type PageLanguage } from './culture.js';
import { escapeHtml } from './html.js';
import { textsFor } from './texts.js';

export const STYLESHEET_PATH = '/Identity/assets/identity.css';
export const STYLESHEET = readFileSync(new URL('./assets/identity.css', import.meta.url), 'utf8');
/** The app's icon (apps/web/public, served from the same origin), so a tab shows one mark throughout sign-in. */
export const ICON_PATH = '/favicon.svg';

export interface PageOptions {
  language: PageLanguage;
  title: string;
  body: string;
  /** The same page in another culture; without it the page has no culture switch. */
  switchHref?: ((language: PageLanguage) => string) | undefined;
  /**
   * A page that only a POST reaches (a step of a form) switches culture by posting its state again
   * with the chosen `lang`, instead of links that would start the form over. Wins over `switchHref`.
   */
  switchForm?: { action: string; hidden: string } | undefined;
}

function cultureSwitch(language: PageLanguage, href: (language: PageLanguage) => string): string {
  const items = PAGE_LANGUAGES.map((other) => {
    const current = other === language ? ' aria-current="true"' : '';
    return `<li><a href="${escapeHtml(href(other))}" lang="${PAGE_CULTURES[other]}" hreflang="${PAGE_CULTURES[other]}"${current}>${escapeHtml(CULTURE_NAMES[other])}</a></li>`;
  }).join('');
  return `<nav class="cultures" aria-label="${escapeHtml(textsFor(language).languageLabel)}"><ul>${items}</ul></nav>`;
}

function cultureSwitchForm(language: PageLanguage, form: { action: string; hidden: string }): string {
  const items = PAGE_LANGUAGES.map((other) => {
    const current = other === language ? ' aria-current="true"' : '';
    return `<li><button type="submit" name="lang" value="${other}" lang="${PAGE_CULTURES[other]}"${current}>${escapeHtml(CULTURE_NAMES[other])}</button></li>`;
  }).join('');
  return `<nav class="cultures" aria-label="${escapeHtml(textsFor(language).languageLabel)}"><form method="post" action="${escapeHtml(form.action)}">${form.hidden}<ul>${items}</ul></form></nav>`;
}

export function page({ language, title, body, switchHref, switchForm }: PageOptions): string {
  return `<!doctype html>
<html lang="${PAGE_CULTURES[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Reviewdesk</title>
<link rel="icon" type="image/svg+xml" href="${ICON_PATH}">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body><main><div class="brand">Reviewdesk</div><h1>${escapeHtml(title)}</h1>
${body}
</main>${switchForm ? cultureSwitchForm(language, switchForm) : switchHref ? cultureSwitch(language, switchHref) : ''}</body>
</html>`;
}

export function message(kind: 'error' | 'notice', text: string | undefined): string {
  return text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : '';
}
